// Closures that end trading: an account barred from trading (/faults/account-flags tradingBanned)
// and a delisted symbol (/faults/delist). Orders are refused on every path, the grid bots close
// (CLOSED_USER_BAN, CLOSED_SYMBOL_DELISTED) and strategies end (terminateType 10, 13; spec 4.9).
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { RestClientV5 } from 'bybit-api';
import { createExchangeInstaller } from '../../server/exchange/install.ts';
import { ALICE, BOB, removeDir, signed, startTestServer, type TestServer } from './helpers.ts';
import { faults } from '../support/faults.ts';

let s: TestServer;
beforeEach(async () => {
  s = await startTestServer({ faults: true, extra: [createExchangeInstaller()], accounts: { strategyTickMs: 0 } });
});
afterEach(async () => {
  await s.stop();
  removeDir(s.dataDir);
});

const liquidity = (side: 'Buy' | 'Sell', price: number, qty: number) =>
  s.engines('BTCUSDT')!.submit({ type: 'Limit', side, priceTicks: Math.round(price * 100), qtyLots: Math.round(qty * 1e6), timeInForce: 'GTC' });
const settle = () => new Promise((r) => setTimeout(r, 0));
const alice = () => new RestClientV5({ key: ALICE.key, secret: ALICE.secret, baseUrl: s.url });

describe('a trading ban', () => {
  test('closes the grid bot and ends the strategy; every later order is refused with 10027; lifting it restores trading', async () => {
    // A price for BTC and an ask for the grid's opening buy.
    liquidity('Sell', 100000, 0.001);
    liquidity('Buy', 100000, 0.001);
    liquidity('Sell', 100100, 1);
    await settle();
    const g = await signed(s.url, ALICE, 'POST', '/v5/grid/create-grid', { symbol: 'BTCUSDT', min_price: '90000', max_price: '110000', cell_number: 4, invest_mode: 0, quote_investment: '10000' });
    expect(g.body.retCode, g.body.retMsg).toBe(0);
    const gridId = g.body.result.grid_id as string;
    await settle();
    expect((await signed(s.url, BOB, 'POST', '/v5/order/create', { category: 'spot', symbol: 'SOLUSDT', side: 'Buy', orderType: 'Limit', qty: '1', price: '95' })).body.retCode).toBe(0);
    const strat = await alice().createStrategyOrder({ category: 'UTA_SPOT', symbol: 'SOLUSDT', side: 'Buy', strategyType: 'chaseOrder', size: '1' });
    expect(strat.retCode).toBe(0);

    expect(await faults(s.url).accountFlags({ name: 'alice', tradingBanned: true })).toEqual({ ok: true });
    await settle();
    const detail = (await signed(s.url, ALICE, 'POST', '/v5/grid/query-grid-detail', { grid_id: gridId })).body.result.detail;
    expect(detail).toMatchObject({ status: 'COMPLETED', close_reason: 'CLOSED_USER_BAN' });
    expect((await alice().getStrategyList({ strategyId: strat.result.strategyId })).result.list[0]).toMatchObject({ status: 4, terminateType: 10 });
    expect((await alice().getActiveOrders({ category: 'spot' })).result.list).toHaveLength(0);
    const refused = await alice().submitOrder({ category: 'spot', symbol: 'SOLUSDT', side: 'Buy', orderType: 'Limit', qty: '1', price: '50' });
    expect(refused).toMatchObject({ retCode: 10027 });
    expect((await alice().createStrategyOrder({ category: 'UTA_SPOT', symbol: 'SOLUSDT', side: 'Buy', strategyType: 'chaseOrder', size: '1' })).retCode).toBe(10027);

    await faults(s.url).accountFlags({ name: 'alice', tradingBanned: false });
    expect((await alice().submitOrder({ category: 'spot', symbol: 'SOLUSDT', side: 'Buy', orderType: 'Limit', qty: '1', price: '50' })).retCode).toBe(0);
  });
});

describe('delisting', () => {
  test('closes the grid bot and the strategy on the symbol, lists it Closed and refuses its orders', async () => {
    liquidity('Sell', 100000, 0.001);
    liquidity('Buy', 100000, 0.001);
    liquidity('Sell', 100100, 1);
    liquidity('Buy', 99000, 0.01);
    await settle();
    const g = await signed(s.url, ALICE, 'POST', '/v5/grid/create-grid', { symbol: 'BTCUSDT', min_price: '90000', max_price: '110000', cell_number: 4, invest_mode: 0, quote_investment: '10000' });
    expect(g.body.retCode, g.body.retMsg).toBe(0);
    await settle();
    const strat = await alice().createStrategyOrder({ category: 'UTA_SPOT', symbol: 'BTCUSDT', side: 'Buy', strategyType: 'chaseOrder', size: '0.001' });
    expect(strat.retCode).toBe(0);

    expect((await faults(s.url).delist({ symbol: 'BTCUSDT' })).ok).toBe(true);
    await settle();
    const detail = (await signed(s.url, ALICE, 'POST', '/v5/grid/query-grid-detail', { grid_id: g.body.result.grid_id })).body.result.detail;
    expect(detail).toMatchObject({ status: 'COMPLETED', close_reason: 'CLOSED_SYMBOL_DELISTED' });
    expect((await alice().getStrategyList({ strategyId: strat.result.strategyId })).result.list[0]).toMatchObject({ status: 4, terminateType: 13 });
    expect((await alice().getActiveOrders({ category: 'spot', symbol: 'BTCUSDT' })).result.list).toHaveLength(0);
    const info = await alice().getInstrumentsInfo({ category: 'spot', symbol: 'BTCUSDT' });
    expect(info.result.list[0]).toMatchObject({ status: 'Closed' });
    expect((await alice().submitOrder({ category: 'spot', symbol: 'BTCUSDT', side: 'Buy', orderType: 'Limit', qty: '0.001', price: '50000' })).retCode).toBe(170210);
    expect((await alice().createStrategyOrder({ category: 'UTA_SPOT', symbol: 'BTCUSDT', side: 'Buy', strategyType: 'chaseOrder', size: '0.001' })).retCode).toBe(170210);
    // Other pairs trade on.
    expect((await alice().submitOrder({ category: 'spot', symbol: 'ETHUSDT', side: 'Buy', orderType: 'Limit', qty: '0.01', price: '1000' })).retCode).toBe(0);
  });
});
