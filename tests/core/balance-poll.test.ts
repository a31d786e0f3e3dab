// Spec 4.13 and 9: when the unified balance is polled, and P&L per day (spec 2.13).
import { describe, expect, it } from 'vitest';
import { balancePollPlan, readPollConfig, type BalancePollInput } from '../../src/core/balance-poll.ts';
import { localDay, pnlByDay } from '../../src/core/pnl-days.ts';
import { positionFromFills, type SellOutcome } from '../../src/core/chart/position.ts';

const base: BalancePollInput = { userState: 1, visible: true, isUnified: true, accountAgeMs: 60_000, config: { interval: 10_000, forced: false } };

describe('balancePollPlan', () => {
  it('reads once and leaves the rest to the push unless forced', () => {
    expect(balancePollPlan(base)).toEqual({ readNow: true, everyMs: null });
    expect(balancePollPlan({ ...base, config: { interval: 10_000, forced: true } })).toEqual({ readNow: true, everyMs: 10_000 });
  });

  it.each<[string, Partial<BalancePollInput>]>([
    ['logged out', { userState: -1 }],
    ['hidden', { visible: false }],
    ['classic', { isUnified: false }],
    ['no configuration', { config: null }],
    ['interval 3,000 ms', { config: { interval: 3000, forced: true } }],
    ['interval below 3,000 ms', { config: { interval: 500, forced: false } }],
  ])('off when %s', (_name, change) => {
    expect(balancePollPlan({ ...base, ...change })).toBeNull();
  });

  it('just after the account changed: no immediate read (its session loads it), forced polling still ticks', () => {
    expect(balancePollPlan({ ...base, accountAgeMs: 200 })).toEqual({ readNow: false, everyMs: null });
    expect(balancePollPlan({ ...base, accountAgeMs: 200, config: { interval: 3001, forced: true } })).toEqual({ readNow: false, everyMs: 3001 });
  });
});

describe('readPollConfig', () => {
  it('reads what user info carries; anything else is no configuration', () => {
    expect(readPollConfig({ interval: 5000, forced: true })).toEqual({ interval: 5000, forced: true });
    expect(readPollConfig({ interval: 5000 })).toEqual({ interval: 5000, forced: false });
    for (const bad of [null, undefined, 'x', {}, { interval: '5000' }, { interval: -1 }, { interval: Number.NaN }]) expect(readPollConfig(bad)).toBeNull();
  });
});

describe('realised P&L', () => {
  it('a sell realises its net proceeds less the average cost of what it took out; beyond the holding only the held part counts', () => {
    const sells: SellOutcome[] = [];
    const f = (side: 'Buy' | 'Sell', qty: string, value: string, fee = '0', feeCoin = 'USDT') => ({ side, qty, value, fee, feeCoin });
    positionFromFills([f('Buy', '1', '100'), f('Buy', '1', '300'), f('Sell', '1', '250', '1'), f('Sell', '2', '600')], 'ETH', 'USDT', (s) => sells.push(s));
    const ONE = 10n ** 18n;
    expect(sells).toEqual([
      { index: 2, qty: ONE, cost: 200n * ONE, proceeds: 249n * ONE },
      // 2 sold, 1 held: half of the proceeds against the held coin's cost.
      { index: 3, qty: ONE, cost: 200n * ONE, proceeds: 300n * ONE },
    ]);
  });

  it('sums per local day and coin, exactly, newest day first', () => {
    const day = (t: number) => ['2026-11-22', '2026-11-23', '2026-11-24'][t]!;
    expect(
      pnlByDay(
        [
          { time: 0, coin: 'USDT', pnl: '0.1' },
          { time: 0, coin: 'USDT', pnl: '0.2' },
          { time: 2, coin: 'USDC', pnl: '-5' },
          { time: 2, coin: 'USDT', pnl: '1' },
          { time: 1, coin: 'USDT', pnl: 'NaN' },
        ],
        day,
      ),
    ).toEqual([
      { day: '2026-11-24', coin: 'USDC', pnl: '-5', count: 1 },
      { day: '2026-11-24', coin: 'USDT', pnl: '1', count: 1 },
      { day: '2026-11-22', coin: 'USDT', pnl: '0.3', count: 2 },
    ]);
    expect(localDay(new Date(2026, 0, 5, 23, 59).getTime())).toBe('2026-01-05');
  });
});
