// Spec 3 "Unified asset" and 4.13 (issue 16): the unified account's coins for a symbol and side
// with what spot margin adds, the account's balance polling in user info and its fault control,
// and the realised P&L (Bybit's closed-pnl, served here for spot) behind the P&L tab's days.
import { describe, expect, test } from 'vitest';
import { RestClientV5 } from 'bybit-api';
import { parseAmount } from '../../src/core/decimal.ts';
import { ALICE, BOB, login, sharedTestServer, signed } from './helpers.ts';
import { faults } from '../support/faults.ts';

const ASSET = '/unified/spot/v5/asset/unified';
const s = sharedTestServer(true, { faults: true });

const client = (who = ALICE) => new RestClientV5({ key: who.key, secret: who.secret, baseUrl: s.url });
const f = faults(() => s.url);
type Coin = { tokenId: string; walletBalance: string; spotAvailableBalance: string; spotMarginAvailableBalance: string; borrowSize: string; occAssetUSDTValue: string };
const coinOf = (list: Coin[], coin: string) => list.find((c) => c.tokenId === coin);

describe('get unified asset', () => {
  test('spot and spot-margin amounts per coin; margin adds only to the coin the side spends', async () => {
    const plain = await signed(s.url, ALICE, 'GET', ASSET, { symbolName: 'BTCUSDT', side: 'Buy', isMargin: '0' });
    expect(plain.body.retCode).toBe(0);
    expect(plain.body.result).toMatchObject({ symbolName: 'BTCUSDT', side: 'Buy', isMargin: 0, actualLeverageRatio: '1.00' });
    const usdt = coinOf(plain.body.result.coinList, 'USDT')!;
    const w = (await client().getWalletBalance({ accountType: 'UNIFIED', coin: 'USDT' })).result.list[0]!.coin[0]!;
    expect(usdt).toMatchObject({ walletBalance: w.walletBalance, spotAvailableBalance: w.free, spotMarginAvailableBalance: w.free, borrowSize: '0' });
    expect(Number(usdt.occAssetUSDTValue)).toBeCloseTo(Number(w.walletBalance), 6);
    // Spot margin on: a margin buy may spend the free USDT plus what the account may borrow.
    expect((await client().toggleSpotMarginTrade('1')).retCode).toBe(0);
    const margin = await signed(s.url, ALICE, 'GET', ASSET, { symbolName: 'BTCUSDT', side: 'Buy', isMargin: '1', limitPrice: '90000' });
    const m = margin.body.result.coinList;
    expect(parseAmount(coinOf(m, 'USDT')!.spotMarginAvailableBalance)!).toBeGreaterThan(parseAmount(coinOf(m, 'USDT')!.spotAvailableBalance)!);
    expect(coinOf(m, 'BTC')!.spotMarginAvailableBalance).toBe(coinOf(m, 'BTC')!.spotAvailableBalance);
    const sell = await signed(s.url, ALICE, 'GET', ASSET, { symbolName: 'BTCUSDT', side: 'Sell', isMargin: '1' });
    const b = coinOf(sell.body.result.coinList, 'BTC')!;
    expect(parseAmount(b.spotMarginAvailableBalance)!).toBeGreaterThan(parseAmount(b.spotAvailableBalance)!);
  });

  test.each([
    ['a classic account', BOB, { symbolName: 'BTCUSDT' }, 10005],
    ['an unknown symbol', ALICE, { symbolName: 'NOPEUSDT' }, 170121],
    ['a bad side', ALICE, { symbolName: 'BTCUSDT', side: 'Both' }, 10001],
    ['a bad isMargin', ALICE, { symbolName: 'BTCUSDT', isMargin: '2' }, 10001],
    ['a bad limit price', ALICE, { symbolName: 'BTCUSDT', limitPrice: '-1' }, 10001],
  ])('%s is refused (%#)', async (_name, who, q, code) => {
    expect((await signed(s.url, who, 'GET', ASSET, q)).body.retCode).toBe(code);
  });
});

describe("the account's balance polling (spec 4.13)", () => {
  const info = async (id: number) => {
    const cookie = await login(s.url, id);
    return ((await (await fetch(`${s.url}/api/user/info`, { headers: { cookie } })).json()) as { result: Record<string, unknown> }).result;
  };

  test('user info carries it for unified accounts only; the fault control sets it', async () => {
    expect((await info(ALICE.id)).unified_balance_poll).toEqual({ interval: 10000, forced: false });
    expect((await info(BOB.id)).unified_balance_poll).toBeNull();
    expect(await f.accountFlags({ name: 'alice', balancePollMs: 5000, balancePollForced: true })).toEqual({ ok: true });
    expect((await info(ALICE.id)).unified_balance_poll).toEqual({ interval: 5000, forced: true });
    expect((await f.post('account-flags', { name: 'alice', balancePollMs: -1 })).status).toBe(400);
  });
});

describe('closed P&L for spot (GET /v5/position/closed-pnl)', () => {
  test('a sell realises what it fetched less the average cost of the coins it took out', async () => {
    const create = (who: typeof ALICE, body: Record<string, unknown>) => client(who).submitOrder({ category: 'spot', symbol: 'ETHUSDT', orderType: 'Limit', ...body } as never);
    // Alice buys 1 ETH at 3000 and 3 at 3400 from bob, then sells 1 to him at 3500.
    await create(BOB, { side: 'Sell', qty: '1', price: '3000' });
    await create(ALICE, { side: 'Buy', qty: '1', price: '3000' });
    await create(BOB, { side: 'Sell', qty: '3', price: '3400' });
    await create(ALICE, { side: 'Buy', qty: '3', price: '3400' });
    expect((await client().getClosedPnL({ category: 'spot' } as never)).result.list).toEqual([]);
    await create(BOB, { side: 'Buy', qty: '1', price: '3500' });
    await create(ALICE, { side: 'Sell', qty: '1', price: '3500' });
    const r = await client().getClosedPnL({ category: 'spot', symbol: 'ETHUSDT' } as never);
    expect(r.retCode).toBe(0);
    expect(r.result.list).toHaveLength(1);
    const row = r.result.list[0]!;
    // Received 3.996 ETH for 13200 USDT; 1 ETH out at that average; 3500 in, less the fee in USDT.
    expect(row).toMatchObject({ symbol: 'ETHUSDT', side: 'Sell', qty: '1', avgEntryPrice: '3303.30' });
    const exitValue = Number(row.cumExitValue);
    expect(exitValue).toBeLessThanOrEqual(3500);
    expect(exitValue).toBeGreaterThanOrEqual(3500 * 0.998);
    expect(Number(row.cumEntryValue)).toBeCloseTo(13200 / 3.996, 9);
    expect(Number(row.closedPnl)).toBeCloseTo(exitValue - 13200 / 3.996, 9);
    // Bob sold coins with no known cost: nothing realised; a past window lists nothing.
    expect((await client(BOB).getClosedPnL({ category: 'spot' } as never)).result.list).toEqual([]);
    expect((await client().getClosedPnL({ category: 'spot', endTime: Date.now() - 8 * 86_400_000 } as never)).result.list).toEqual([]);
  });

  // Fourth walkthrough: a leveraged sell beyond the free base, bought back, was neither a position nor realised P&L.
  test('a sell beyond the free base is a short (side Sell) while its loan is owed; the buy that closes it realises entry less cost', async () => {
    const create = (who: typeof ALICE, body: Record<string, unknown>) => signed(s.url, who, 'POST', '/v5/order/create', { category: 'spot', symbol: 'BTCUSDT', orderType: 'Limit', ...body });
    const positions = async () => (await signed(s.url, ALICE, 'POST', '/unified/integrated/v5/queryPositions', { symbol: 'BTCUSDT' })).body.result.list as Array<Record<string, string>>;
    const closedPnl = async () => (await client().getClosedPnL({ category: 'spot', symbol: 'BTCUSDT' } as never)).result.list as unknown as Array<Record<string, string>>;
    expect((await client().toggleSpotMarginTrade('1')).retCode).toBe(0);
    // Alice holds 2 BTC (seeded, no known cost) and sells 2.5 to bob at 30000: 0.5 borrowed.
    expect((await create(BOB, { side: 'Buy', qty: '2.5', price: '30000' })).body.retCode).toBe(0);
    const sold = await create(ALICE, { side: 'Sell', qty: '2.5', price: '30000', isLeverage: 1 });
    expect(sold.body.retCode, sold.body.retMsg).toBe(0);
    // Sold 75000 USDT worth, less the 0.1 % fee: the short's 0.5 is a fifth of it.
    const entry = (75000 * 0.999) / 5;
    expect(await positions()).toEqual([expect.objectContaining({ side: 'Sell', size: '0.5', avgPrice: '29970.00', positionValue: String(entry) })]);
    expect(await closedPnl()).toEqual([]);
    // Partly bought back at 28000 (0.3, less the fee in BTC): that much of the short is closed, at a profit.
    expect((await create(BOB, { side: 'Sell', qty: '0.3', price: '28000' })).body.retCode).toBe(0);
    expect((await create(ALICE, { side: 'Buy', qty: '0.3', price: '28000' })).body.retCode).toBe(0);
    const got = 0.3 * 0.999;
    let rows = await closedPnl();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ side: 'Buy', avgEntryPrice: '29970.00', avgExitPrice: '28028.03' });
    expect(Number(rows[0]!.closedSize)).toBeCloseTo(got, 12);
    expect(Number(rows[0]!.cumExitValue)).toBeCloseTo(8400, 9);
    expect(Number(rows[0]!.closedPnl)).toBeCloseTo(got * 29970 - 8400, 9);
    expect(await positions()).toEqual([expect.objectContaining({ side: 'Sell', size: '0.2003' })]);
    // The rest bought back and more: the short is gone (its loan repaid), the extra is a holding.
    expect((await create(BOB, { side: 'Sell', qty: '0.5', price: '28000' })).body.retCode).toBe(0);
    expect((await create(ALICE, { side: 'Buy', qty: '0.5', price: '28000' })).body.retCode).toBe(0);
    rows = await closedPnl();
    expect(rows.map((r) => r.side)).toEqual(['Buy', 'Buy']);
    const total = rows.reduce((a, r) => a + Number(r.closedSize), 0);
    expect(total).toBeCloseTo(0.5, 12);
    const pnl = rows.reduce((a, r) => a + Number(r.closedPnl), 0);
    expect(pnl).toBeCloseTo(0.5 * 29970 - 0.8 * 28000 * (0.5 / (0.8 * 0.999)), 6);
    const after = await positions();
    expect(after).toEqual([expect.objectContaining({ side: 'Buy', avgPrice: '28028.03' })]);
    expect(Number(after[0]!.size)).toBeCloseTo(0.8 * 0.999 - 0.5, 12);
  });

  test('category must be spot; the window is at most 7 days', async () => {
    expect((await signed(s.url, ALICE, 'GET', '/v5/position/closed-pnl', { category: 'linear' })).body.retCode).toBe(10001);
    expect((await signed(s.url, ALICE, 'GET', '/v5/position/closed-pnl', { category: 'spot', startTime: '0', endTime: String(8 * 86_400_000) })).body.retCode).toBe(10001);
  });
});

describe('spec 5.5 on the exchange', () => {
  test('a leveraged order of an account made classic cannot be amended; it can still be cancelled', async () => {
    expect((await client().toggleSpotMarginTrade('1')).retCode).toBe(0);
    const placed = await client().submitOrder({ category: 'spot', symbol: 'BTCUSDT', side: 'Buy', orderType: 'Limit', qty: '0.001', price: '1000', isLeverage: 1 });
    expect(placed.retCode).toBe(0);
    expect(await f.accountFlags({ name: 'alice', unified: false })).toEqual({ ok: true });
    const amend = await client().amendOrder({ category: 'spot', symbol: 'BTCUSDT', orderId: placed.result.orderId, price: '1100' });
    expect(amend).toMatchObject({ retCode: 10005, retMsg: 'Leveraged orders cannot be modified on this account.' });
    expect((await client().cancelOrder({ category: 'spot', symbol: 'BTCUSDT', orderId: placed.result.orderId })).retCode).toBe(0);
  });
});
