// Issue 36 item 4: paper trading on a replayed market. The replay's levels are resting orders of
// the matching engine owned by no account, so an account's order meets them on the usual money
// path: a market buy takes the replayed asks, and a resting bid fills when the replayed crash
// brings the asks down to it, at its price, with the usual fee and nothing else moved; a stop
// order triggers on the replayed prints (they reach the engine's listeners as trades of no order).
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { createExchangeInstaller, exchangeHandle } from '../../server/exchange/install.ts';
import { parseRecording } from '../../server/exchange/replay/format.ts';
import { REPLAY_CONTROL_PATH } from '../../src/protocol/replay.ts';
import { ALICE, balance, sharedTestServer, signed, toUnits } from './helpers.ts';

const FILE = 'server/replays/volatile-hour.rec.gz';
const rec = parseRecording(readFileSync(FILE), FILE);
const s = sharedTestServer(false, {
  extra: [createExchangeInstaller({ replay: rec })],
  engines: (symbol) => exchangeHandle()?.markets.bySymbol.get(symbol)?.engine,
  config: { replaySpeed: 100 },
});
const control = async (body: Record<string, unknown>) => (await (await fetch(`${s.url}${REPLAY_CONTROL_PATH}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).json()) as { retCode: number; result: { time: number; ended: boolean } };
const create = (body: Record<string, unknown>) => signed(s.url, ALICE, 'POST', '/v5/order/create', { category: 'spot', symbol: 'BTCUSDT', ...body });
const order = async (orderId: string) => (await signed(s.url, ALICE, 'GET', '/v5/order/realtime', { category: 'spot', orderId })).body.result.list[0] ?? (await signed(s.url, ALICE, 'GET', '/v5/order/history', { category: 'spot', orderId })).body.result.list[0];

describe('paper trading on a replay', () => {
  test('a market buy takes the replayed asks; a stop triggers in the spike; a bid under the market fills in the crash', async () => {
    expect((await control({ action: 'pause' })).retCode).toBe(0);
    const usdt0 = toUnits(balance(s.db, ALICE.id, 'USDT').available);
    const btc0 = toUnits(balance(s.db, ALICE.id, 'BTC').available);
    const book = exchangeHandle()!.markets.bySymbol.get('BTCUSDT')!.engine.depth(5);
    const bestAsk = book.asks[0]!.priceTicks;

    const buy = await create({ side: 'Buy', orderType: 'Market', qty: '0.001', marketUnit: 'baseCoin' });
    expect(buy.body.retCode).toBe(0);
    await expect.poll(async () => (await order(buy.body.result.orderId))?.orderStatus).toBe('Filled');
    const b = await order(buy.body.result.orderId);
    expect(Number(b.avgPrice) * 100).toBeGreaterThanOrEqual(bestAsk);
    expect(Number(b.avgPrice) * 100).toBeLessThan(bestAsk * 1.001);

    // A bid 5 % under the market: the recording's crash (−15 %) brings the asks down through it.
    const price = Math.round((bestAsk / 100) * 0.95);
    const bid = await create({ side: 'Buy', orderType: 'Limit', qty: '0.01', price: String(price) });
    expect(bid.body.retCode).toBe(0);
    expect((await order(bid.body.result.orderId)).orderStatus).toBe('New');
    // A stop buy 3 % over the market: the recording's spike (+6 %) triggers it, on replayed prints alone.
    const trigger = Math.round((bestAsk / 100) * 1.03);
    const stop = await create({ side: 'Buy', orderType: 'Limit', qty: '0.001', price: String(Math.round(trigger * 1.01)), triggerPrice: String(trigger), orderFilter: 'StopOrder' });
    expect(stop.body.retCode).toBe(0);
    expect((await order(stop.body.result.orderId)).orderStatus).toBe('Untriggered');
    expect((await control({ action: 'play' })).retCode).toBe(0);
    await expect.poll(async () => (await order(stop.body.result.orderId)).orderStatus, { timeout: 30_000, interval: 250 }).toBe('Filled');
    const st = await order(stop.body.result.orderId);
    // Near the trigger (the recorded book is sampled every 200 ms, the prints are each) and within its limit.
    expect(Number(st.avgPrice)).toBeGreaterThanOrEqual(trigger * 0.995);
    expect(Number(st.avgPrice)).toBeLessThanOrEqual(Math.round(trigger * 1.01));
    await expect.poll(async () => (await order(bid.body.result.orderId)).orderStatus, { timeout: 45_000, interval: 250 }).toBe('Filled');
    await control({ action: 'pause' });
    const o = await order(bid.body.result.orderId);
    // Filled at its own price (the replayed ask came to it), after the spike (ten minutes in).
    expect(Number(o.avgPrice)).toBe(price);
    expect((await control({ action: 'pause' })).result.time).toBeGreaterThan(rec.header.startTime + 10 * 60_000);
    // The money: USDT paid is exactly what the two fills cost; BTC is what they bought less their fees (in BTC).
    const fees = toUnits(b.cumExecFee) + toUnits(o.cumExecFee) + toUnits(st.cumExecFee);
    expect(b.feeCurrency).toBe('BTC');
    expect(toUnits(balance(s.db, ALICE.id, 'USDT').available)).toBe(usdt0 - toUnits(b.cumExecValue) - toUnits(o.cumExecValue) - toUnits(st.cumExecValue));
    expect(balance(s.db, ALICE.id, 'USDT').locked).toBe('0');
    expect(toUnits(balance(s.db, ALICE.id, 'BTC').available)).toBe(btc0 + toUnits('0.012') - fees);
  }, 90_000);
});
