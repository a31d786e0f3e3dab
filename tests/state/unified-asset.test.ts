// Spec 4.13: the unified balance poll follows the user, the page's visibility and the exchange's
// configuration, reads once unless forced, and feeds the balances.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ANONYMOUS, type UserInfo } from '../../src/core/user-info.ts';
import type { UnifiedAsset, UnifiedAssetQuery } from '../../src/api/unified-asset.ts';
import { balances } from '../../src/state/account/balances.ts';
import { startBalancePoll } from '../../src/state/account/unified-asset.ts';
import { pageVisible } from '../../src/state/poll.ts';
import { user } from '../../src/state/account/user.ts';

const Q: UnifiedAssetQuery = { symbolName: 'BTCUSDT', side: 'Buy', isMargin: false };
const alice = (poll: UserInfo['balancePoll'], id = 1): UserInfo => ({ ...ANONYMOUS, userState: 1, id, isUTA: true, balancePoll: poll });
let reads: UnifiedAssetQuery[];
const read = async (q: UnifiedAssetQuery): Promise<UnifiedAsset> => {
  reads.push(q);
  return { balances: [{ tokenId: 'USDT', free: String(reads.length), locked: '0', total: '9', borrowed: '0' }] };
};

beforeEach(() => {
  vi.useFakeTimers();
  reads = [];
});
afterEach(() => {
  user.value = ANONYMOUS;
  vi.useRealTimers();
});

describe('startBalancePoll', () => {
  it('an account seen for a while: one read, then nothing (the push takes over)', async () => {
    user.value = alice({ interval: 10_000, forced: false });
    await vi.advanceTimersByTimeAsync(20_000);
    const stop = startBalancePoll(Q, read);
    await vi.advanceTimersByTimeAsync(0);
    expect(reads).toEqual([Q]);
    expect(balances.value.get('USDT')?.free).toBe('1');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(reads).toHaveLength(1);
    stop();
  });

  it('forced: reads at the interval until stopped; hidden, it stops; shown again, it resumes', async () => {
    user.value = alice({ interval: 5000, forced: true });
    await vi.advanceTimersByTimeAsync(6000);
    const stop = startBalancePoll(Q, read);
    await vi.advanceTimersByTimeAsync(15_000);
    expect(reads).toHaveLength(4);
    pageVisible.value = false;
    await vi.advanceTimersByTimeAsync(30_000);
    expect(reads).toHaveLength(4);
    pageVisible.value = true;
    await vi.advanceTimersByTimeAsync(5000);
    expect(reads).toHaveLength(6);
    stop();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(reads).toHaveLength(6);
  });

  it('off at 3,000 ms, for classic accounts and for visitors', async () => {
    user.value = alice({ interval: 3000, forced: true });
    await vi.advanceTimersByTimeAsync(10_000);
    const stop = startBalancePoll(Q, read);
    await vi.advanceTimersByTimeAsync(30_000);
    user.value = { ...alice({ interval: 10_000, forced: true }), isUTA: false };
    await vi.advanceTimersByTimeAsync(30_000);
    user.value = ANONYMOUS;
    await vi.advanceTimersByTimeAsync(30_000);
    expect(reads).toEqual([]);
    stop();
  });

  it('an account that has just changed skips the immediate read', async () => {
    user.value = alice({ interval: 10_000, forced: false }, 1);
    await vi.advanceTimersByTimeAsync(20_000);
    user.value = alice({ interval: 10_000, forced: false }, 2);
    const stop = startBalancePoll(Q, read);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(reads).toEqual([]);
    stop();
  });
});
