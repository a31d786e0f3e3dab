// An account barred from trading (/faults/account-flags tradingBanned): its orders are refused with
// 10027 on every path, its running grid bot closes with CLOSED_USER_BAN and its strategies end with
// terminateType 10 (spec 4.9 close reasons; issue 17).
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { RestClientV5 } from 'bybit-api';
import { ALICE, BOB, removeDir, signed, startTestServer, type TestServer } from './helpers.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ faults: true, accounts: { strategyTickMs: 0 } });
});
afterAll(async () => {
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

    const ban = await fetch(`${s.url}/faults/account-flags`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'alice', tradingBanned: true }) });
    expect(ban.status).toBe(200);
    await settle();
    const detail = (await signed(s.url, ALICE, 'POST', '/v5/grid/query-grid-detail', { grid_id: gridId })).body.result.detail;
    expect(detail).toMatchObject({ status: 'COMPLETED', close_reason: 'CLOSED_USER_BAN' });
    expect((await alice().getStrategyList({ strategyId: strat.result.strategyId })).result.list[0]).toMatchObject({ status: 4, terminateType: 10 });
    expect((await alice().getActiveOrders({ category: 'spot' })).result.list).toHaveLength(0);
    const refused = await alice().submitOrder({ category: 'spot', symbol: 'SOLUSDT', side: 'Buy', orderType: 'Limit', qty: '1', price: '50' });
    expect(refused).toMatchObject({ retCode: 10027 });
    expect((await alice().createStrategyOrder({ category: 'UTA_SPOT', symbol: 'SOLUSDT', side: 'Buy', strategyType: 'chaseOrder', size: '1' })).retCode).toBe(10027);

    await fetch(`${s.url}/faults/account-flags`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'alice', tradingBanned: false }) });
    expect((await alice().submitOrder({ category: 'spot', symbol: 'SOLUSDT', side: 'Buy', orderType: 'Limit', qty: '1', price: '50' })).retCode).toBe(0);
  });
});
