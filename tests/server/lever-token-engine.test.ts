import { describe, expect, test } from 'vitest';
import { LeveragedToken, type TokenParams } from '../../server/exchange/lt/token.ts';
import { LeveragedTokens, LT_REBALANCE_MS } from '../../server/exchange/lt/tokens.ts';
import { Markets } from '../../server/exchange/sim/markets.ts';

const LONG: TokenParams = { coin: 'X3L', underlying: 'X', direction: 1, target: 3, band: [2, 4], manageFeeRate: 0.00005, rebalanceMs: 30_000 };
const SHORT: TokenParams = { ...LONG, coin: 'X3S', direction: -1 };
const T0 = Date.UTC(2026, 10, 24, 12, 0, 0);

describe('leveraged-token NAV engine (controllable clock and price path)', () => {
  test('between rebalances NAV follows 3x the underlying return over one step, and the leverage drifts', () => {
    const t = new LeveragedToken(LONG, 1.25, 100, T0);
    expect(t.nav()).toBeCloseTo(1.25, 12);
    expect(t.leverage()).toBeCloseTo(3, 12);
    t.update(101, T0 + 1000);
    expect(t.nav() / 1.25 - 1).toBeCloseTo(0.03, 12);
    // Up moves lower a long token's leverage: 3·1.01 / (3·1.01 − 2).
    expect(t.leverage()).toBeCloseTo(3.03 / 1.03, 12);
    const s = new LeveragedToken(SHORT, 0.8, 100, T0);
    s.update(101, T0 + 1000);
    expect(s.nav() / 0.8 - 1).toBeCloseTo(-0.03, 12);
    expect(s.leverage()).toBeCloseTo(3.03 / 0.97, 12);
  });

  test('a path of small steps: NAV = basket x price + loan, no rebalance inside the band', () => {
    const t = new LeveragedToken(LONG, 2, 50, T0);
    const path = [50, 50.5, 49.8, 51.2, 52, 50.9, 49.5, 48.7];
    for (const [i, p] of path.entries()) t.update(p, T0 + i * 1000);
    expect(t.rebalances).toHaveLength(0);
    const last = path.at(-1)!;
    // Without a rebalance the position is the one bought at the start: NAV is linear in the price.
    expect(t.nav()).toBeCloseTo(2 + 3 * 2 * (last / 50 - 1), 12);
    expect(t.nav()).toBeCloseTo(t.basketPosition * last + t.basketLoan, 12);
  });

  test('the rebalance triggers where leverage leaves [2, 4], restores 3x, keeps NAV and holds status 5', () => {
    const t = new LeveragedToken(LONG, 1, 100, T0);
    // A long token's leverage reaches 4 at 3x/(3x-2) = 4, x = 8/9 of the start price.
    t.update(100 * (8 / 9) + 0.01, T0 + 1000);
    expect(t.rebalances).toHaveLength(0);
    expect(t.leverage()).toBeLessThan(4);
    const navBefore = t.nav(88.8);
    t.update(88.8, T0 + 2000);
    expect(t.rebalances).toHaveLength(1);
    expect(t.rebalances[0]!.leverageBefore).toBeGreaterThan(4);
    expect(t.leverage()).toBeCloseTo(3, 12);
    expect(t.nav()).toBeCloseTo(navBefore, 12);
    expect(t.isRebalancing(T0 + 2000 + 29_999)).toBe(true);
    expect(t.isRebalancing(T0 + 2000 + 30_000)).toBe(false);
    // After it, 3x again from the new level.
    t.update(88.8 * 1.01, T0 + 40_000);
    expect(t.nav() / navBefore - 1).toBeCloseTo(0.03, 12);
    // Leverage 2 on the way up: x = 4/3.
    const u = new LeveragedToken(LONG, 1, 100, T0);
    u.update(133.4, T0 + 1000);
    expect(u.rebalances).toHaveLength(1);
    expect(u.leverage()).toBeCloseTo(3, 12);
  });

  test('the management fee: 0.005 % of NAV at each 00:00 UTC, taken from NAV', () => {
    const t = new LeveragedToken(LONG, 1.25, 100, T0);
    t.update(100, Date.UTC(2026, 10, 24, 23, 59, 59));
    expect(t.nav()).toBeCloseTo(1.25, 12);
    t.update(100, Date.UTC(2026, 10, 25, 0, 0, 0));
    expect(t.nav()).toBeCloseTo(1.25 * (1 - 0.00005), 12);
    expect(t.leverage()).toBeCloseTo(3, 12);
    // Three midnights later, three more fees.
    t.update(100, Date.UTC(2026, 10, 28, 6));
    expect(t.nav()).toBeCloseTo(1.25 * (1 - 0.00005) ** 4, 12);
  });

  test('the registry: status 5 while rebalancing, info and reference fields', () => {
    let price = 97_000;
    const lt = new LeveragedTokens({ priceOf: (s) => (s === 'BTCUSDT' ? price : 3400), now: T0 });
    expect(lt.status('BTC3L', T0)).toBe(1);
    price = 97_000 * 0.85;
    lt.tick(T0 + 1000);
    expect(lt.status('BTC3L', T0 + 1000)).toBe(5);
    // The short token's leverage fell under 2 on the same move; ETH did not move.
    expect(lt.status('BTC3S', T0 + 1000)).toBe(5);
    expect(lt.status('ETH3L', T0 + 1000)).toBe(1);
    expect(lt.status('BTC3L', T0 + 1000 + LT_REBALANCE_MS)).toBe(1);
    const ref = lt.reference('BTC3L', T0 + 1000);
    expect(Number(ref.leverage)).toBeCloseTo(3, 3);
    expect(Number(ref.nav)).toBeCloseTo(1.25 * (1 - 0.45), 6);
    const info = lt.info('BTC3L', T0);
    expect(info).toMatchObject({ ltCoin: 'BTC3L', minPurchase: '100', maxPurchase: '10000', purchaseFeeRate: '0.0005', redeemFeeRate: '0.0005', manageFeeRate: '0.00005' });
  });

  test("the simulated market: BTC3L's price and 24 h history follow three times BTC's", () => {
    const start = Date.UTC(2026, 10, 24, 12);
    const markets = new Markets({ rate: 1, stress: false, startTime: start, autoStart: false });
    const btc = markets.bySymbol.get('BTCUSDT')!;
    const l = markets.bySymbol.get('BTC3LUSDT')!;
    const s = markets.bySymbol.get('BTC3SUSDT')!;
    // History: the day-ago closes relate as (S/S_now)^±3.
    const dayAgo = (m: typeof btc) => m.candles.list('60').find((c) => c.start >= start - 86_400_000)!.open;
    const rBtc = (dayAgo(btc) * 0.01) / 97_000;
    expect((dayAgo(l) * 0.0001) / 1.25).toBeCloseTo(rBtc ** 3, 2);
    expect((dayAgo(s) * 0.0001) / 0.8).toBeCloseTo(rBtc ** -3, 2);
    // Live: a minute of steps; NAV tracks 3x BTC's return, the token's fair price tracks NAV.
    const b0 = btc.fair;
    for (let t = start + 10; t <= start + 60_000; t += 10) markets.tick(t);
    const ret = btc.fair / b0 - 1;
    const navRet = markets.leveragedTokens.nav('BTC3L') / 1.25 - 1;
    expect(Math.abs(navRet - 3 * ret)).toBeLessThan(Math.abs(ret) * 0.05 + 1e-6);
    expect(Math.abs(l.fair / l.nav! - 1)).toBeLessThan(0.01);
    markets.stop();
  });
});
