import { describe, expect, test } from 'vitest';
import { RestClientV5, WebsocketClient } from 'bybit-api';
import { ALICE, BOB, balance, sharedTestServer } from './helpers.ts';

const s = sharedTestServer();

const silent = { trace: () => {}, info: () => {}, error: () => {} };

describe('conformance with the real bybit-api client', () => {
  test('RestClientV5: create, amend, cancel, cancel-all, queries', async () => {
    const rest = new RestClientV5({ key: ALICE.key, secret: ALICE.secret, baseUrl: s.url });
    const created = await rest.submitOrder({ category: 'spot', symbol: 'BTCUSDT', side: 'Buy', orderType: 'Limit', qty: '0.01', price: '28000', orderLinkId: 'abc-1' });
    expect(created.retCode).toBe(0);
    expect(created.result.orderLinkId).toBe('abc-1');
    const dup = await rest.submitOrder({ category: 'spot', symbol: 'BTCUSDT', side: 'Buy', orderType: 'Limit', qty: '0.01', price: '28000', orderLinkId: 'abc-1' });
    expect(dup.retCode).toBe(170141);
    const amended = await rest.amendOrder({ category: 'spot', symbol: 'BTCUSDT', orderId: created.result.orderId, price: '29000' });
    expect(amended.retCode).toBe(0);
    const active = await rest.getActiveOrders({ category: 'spot', symbol: 'BTCUSDT' });
    expect(active.result.list).toHaveLength(1);
    expect(active.result.list[0]).toMatchObject({ orderId: created.result.orderId, price: '29000.00', orderStatus: 'New' });
    expect(balance(s.db, ALICE.id, 'USDT').locked).toBe('290');
    const cancelled = await rest.cancelOrder({ category: 'spot', symbol: 'BTCUSDT', orderLinkId: 'abc-1' });
    expect(cancelled.retCode).toBe(0);
    await rest.submitOrder({ category: 'spot', symbol: 'ETHUSDT', side: 'Sell', orderType: 'Limit', qty: '1', price: '5000' });
    await rest.submitOrder({ category: 'spot', symbol: 'ETHUSDT', side: 'Sell', orderType: 'Limit', qty: '1', price: '5100' });
    const all = await rest.cancelAllOrders({ category: 'spot', symbol: 'ETHUSDT' });
    expect(all.retCode).toBe(0);
    expect(all.result.list).toHaveLength(2);
    expect(balance(s.db, ALICE.id, 'ETH')).toEqual({ available: '20', locked: '0' });
    const history = await rest.getHistoricOrders({ category: 'spot', limit: 10 });
    expect(history.result.list.map((o) => o.orderStatus)).toEqual(['Cancelled', 'Cancelled', 'Cancelled']);
    const wallet = await rest.getWalletBalance({ accountType: 'UNIFIED', coin: 'BTC,USDT' });
    expect(wallet.result.list[0]!.coin.map((c) => c.coin).sort()).toEqual(['BTC', 'USDT']);
    const execs = await rest.getExecutionList({ category: 'spot' });
    expect(execs.retCode).toBe(0);
    expect(execs.result.list).toEqual([]);
  });

  test('RestClientV5 with a wrong secret gets 10004', async () => {
    const rest = new RestClientV5({ key: ALICE.key, secret: 'wrong', baseUrl: s.url });
    expect((await rest.getActiveOrders({ category: 'spot' })).retCode).toBe(10004);
  });

  test('WebsocketClient: auth, then order/execution/wallet pushes with Bybit keys and types', async () => {
    const ws = new WebsocketClient({ key: BOB.key, secret: BOB.secret, wsUrl: `${s.url.replace('http', 'ws')}/v5/private` }, silent as never);
    const updates: Array<{ topic: string; data: Array<Record<string, unknown>> }> = [];
    const got = (topic: string) => updates.filter((u) => u.topic === topic);
    ws.on('update', (u: { topic: string; data: Array<Record<string, unknown>> }) => updates.push(u));
    const authed = new Promise<void>((resolve) => (ws as unknown as NodeJS.EventEmitter).on('authenticated', () => resolve()));
    const subAck = new Promise<void>((resolve) =>
      ws.on('response', (r: { op?: string; success?: boolean }) => {
        if (r.op === 'subscribe' && r.success) resolve();
      }),
    );
    ws.subscribeV5(['order', 'execution', 'wallet'], 'spot');
    await authed;
    await subAck;
    const rest = new RestClientV5({ key: BOB.key, secret: BOB.secret, baseUrl: s.url });
    s.engines('BTCUSDT')!.submit({ type: 'Limit', side: 'Buy', priceTicks: 9_700_000, qtyLots: 100_000, timeInForce: 'GTC' });
    const r = await rest.submitOrder({ category: 'spot', symbol: 'BTCUSDT', side: 'Sell', orderType: 'Market', qty: '0.05' });
    expect(r.retCode).toBe(0);
    await waitFor(() => got('execution').length > 0 && got('wallet').length > 0 && got('order').some((u) => u.data[0]!.orderStatus === 'Filled'));
    ws.closeAll(true);
    const exec = got('execution')[0]!.data[0]!;
    expect(exec).toMatchObject({ category: 'spot', symbol: 'BTCUSDT', execQty: '0.05', execPrice: '97000', side: 'Sell', isMaker: false, execType: 'Trade', feeCurrency: 'USDT' });
    expect(typeof exec.seq).toBe('number');
    const filled = got('order').find((u) => u.data[0]!.orderStatus === 'Filled')!.data[0]!;
    expect(filled).toMatchObject({ orderId: r.result.orderId, orderType: 'Market', timeInForce: 'IOC', cumExecQty: '0.050000', positionIdx: 0, reduceOnly: false });
    const wallet = got('wallet').at(-1)!.data[0]! as { coin: Array<{ coin: string; walletBalance: string; locked: string }>; accountType: string };
    expect(wallet.accountType).toBe('UNIFIED');
    expect(wallet.coin.find((c) => c.coin === 'USDT')).toMatchObject({ walletBalance: '104845.15', locked: '0' });
    // keys and value types as in the real spot captures
    const sample = { orderId: 'string', orderLinkId: 'string', cumExecQty: 'string', createdTime: 'string', triggerDirection: 'number', closeOnTrigger: 'boolean' };
    for (const [k, t] of Object.entries(sample)) expect(typeof filled[k], k).toBe(t);
  });
});

async function waitFor(cond: () => boolean, ms = 5000): Promise<void> {
  const until = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
}
