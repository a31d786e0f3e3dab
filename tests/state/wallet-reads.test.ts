// Spec 7.7: the positions, closed P&L and liabilities are read when shown and again 500 ms after a
// wallet push (a burst makes one read), never while nobody shows them; a failure says the server's
// message and keeps the last list.
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { setBalances } from '../../src/state/account/balances.ts';
import { walletRead } from '../../src/state/account/wallet-reads.ts';
import { toasts, clearToasts } from '../../src/state/toasts.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  clearToasts();
  vi.useRealTimers();
});

test('read on show, once after a burst of wallet pushes, not after the view went', async () => {
  let n = 0;
  let failing = false;
  const list = walletRead(async () => {
    n++;
    if (failing) throw new Error('liabilities unavailable');
    return [String(n)];
  });
  const push = () => setBalances([{ tokenId: 'USDT', free: String(Math.random()), locked: '0', total: '1', borrowed: '0' }]);
  const stop = list.watch();
  await vi.advanceTimersByTimeAsync(0);
  expect(list.poll.data.value).toEqual(['1']);
  push();
  await vi.advanceTimersByTimeAsync(200);
  push();
  await vi.advanceTimersByTimeAsync(499);
  expect(n).toBe(1);
  await vi.advanceTimersByTimeAsync(1);
  expect(n).toBe(2);
  expect(list.poll.data.value).toEqual(['2']);
  failing = true;
  push();
  await vi.advanceTimersByTimeAsync(500);
  expect(list.poll.data.value).toEqual(['2']);
  expect(toasts.value.map((t) => t.text)).toEqual(['liabilities unavailable']);
  stop();
  push();
  await vi.advanceTimersByTimeAsync(5000);
  expect(n).toBe(3);
});
