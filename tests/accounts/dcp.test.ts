// Disconnection protection (Bybit's DCP, issue 35 item 4) against the local exchange: the window
// set and read through the real bybit-api client, and the cancel that follows once every private
// connection holding dcp.spot has been gone that long.
import { describe, expect, test } from 'vitest';
import { RestClientV5 } from 'bybit-api';
import WebSocket from 'ws';
import { signWsAuth } from '../../server/auth/hmac.ts';
import { ALICE, BOB, sharedTestServer, signed } from './helpers.ts';

const s = sharedTestServer(true);
const client = (who = ALICE) => new RestClientV5({ key: who.key, secret: who.secret, baseUrl: s.url });

/** A private connection of `who`, authenticated and subscribed to `topics`. */
async function privateConn(who: { key: string; secret: string }, topics: string[]): Promise<WebSocket> {
  const ws = new WebSocket(`${s.url.replace('http', 'ws')}/v5/private`);
  const acks: Array<{ op: string; success: boolean }> = [];
  ws.on('message', (d) => acks.push(JSON.parse(d.toString())));
  await new Promise((r, j) => {
    ws.once('open', r);
    ws.once('error', j);
  });
  const expires = Date.now() + 5000;
  ws.send(JSON.stringify({ op: 'auth', args: [who.key, expires, signWsAuth(who.secret, expires)] }));
  ws.send(JSON.stringify({ op: 'subscribe', args: topics }));
  await until(() => acks.some((a) => a.op === 'subscribe'));
  expect(acks.filter((a) => a.op === 'auth' || a.op === 'subscribe').every((a) => a.success)).toBe(true);
  return ws;
}

async function until(ok: () => boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function restingBuy(who = ALICE): Promise<string> {
  const r = await signed(s.url, who, 'POST', '/v5/order/create', { category: 'spot', symbol: 'SOLUSDT', side: 'Buy', orderType: 'Limit', qty: '0.1', price: '50' });
  expect(r.body.retMsg).toBe('OK');
  return r.body.result.orderId as string;
}

async function orderOf(orderId: string, who = ALICE): Promise<{ orderStatus: string; cancelType: string }> {
  const r = await signed(s.url, who, 'GET', '/v5/order/history', { category: 'spot', orderId });
  return r.body.result.list[0];
}

const closed = (ws: WebSocket) => new Promise((r) => {
  ws.once('close', r);
  ws.close();
});

describe('the window', () => {
  test('set and read back per product through bybit-api; outside [3, 300] or an unknown product is refused', async () => {
    expect((await client().getDCPInfo()).result.dcpInfos).toEqual([]);
    const set = await client().setDisconnectCancelAllWindowV2({ product: 'SPOT', timeWindow: 40 });
    expect(set.retCode).toBe(0);
    expect((await client().getDCPInfo()).result.dcpInfos).toEqual([{ product: 'SPOT', dcpStatus: 'ON', timeWindow: '40' }]);
    expect((await client().setDisconnectCancelAllWindowV2({ product: 'SPOT', timeWindow: 3 })).retCode).toBe(0);
    expect((await client().getDCPInfo()).result.dcpInfos).toEqual([{ product: 'SPOT', dcpStatus: 'ON', timeWindow: '3' }]);
    for (const timeWindow of [2, 301, 10.5]) {
      const bad = await client().setDisconnectCancelAllWindowV2({ product: 'SPOT', timeWindow });
      expect(bad.retCode, String(timeWindow)).toBe(10001);
      expect(bad.retMsg).toContain('timeWindow');
    }
    const product = await signed(s.url, ALICE, 'POST', '/v5/order/disconnected-cancel-all', { product: 'FUTURES', timeWindow: 10 });
    expect(product.body.retCode).toBe(10001);
    // Bob's account is his own.
    expect((await client(BOB).getDCPInfo()).result.dcpInfos).toEqual([]);
    expect((await client().getDCPInfo()).result.dcpInfos).toHaveLength(1);
  });
});

describe('the cancel', () => {
  test("once the last connection holding dcp.spot has been gone the window, the account's own orders are cancelled CancelByDCP; Bob's stay", async () => {
    await client().setDisconnectCancelAllWindowV2({ product: 'SPOT', timeWindow: 3 });
    const mine = await restingBuy();
    const bobs = await restingBuy(BOB);
    const a = await privateConn(ALICE, ['order', 'dcp.spot']);
    const b = await privateConn(ALICE, ['dcp.spot']);
    await closed(a);
    // One holder is still there: nothing runs.
    await new Promise((r) => setTimeout(r, 3300));
    expect((await orderOf(mine)).orderStatus).toBe('New');
    const gone = Date.now();
    await closed(b);
    let order = await orderOf(mine);
    expect(order.orderStatus).toBe('New');
    const end = Date.now() + 6000;
    while (order.orderStatus === 'New' && Date.now() < end) {
      await new Promise((r) => setTimeout(r, 100));
      order = await orderOf(mine);
    }
    expect(order).toMatchObject({ orderStatus: 'Cancelled', cancelType: 'CancelByDCP' });
    // Not before the window ran out.
    expect(Date.now() - gone).toBeGreaterThanOrEqual(2900);
    expect((await orderOf(bobs, BOB)).orderStatus).toBe('New');
  });

  test('coming back within the window keeps the orders; unsubscribing starts the window, and a connection without dcp.spot keeps nothing alive', async () => {
    await client().setDisconnectCancelAllWindowV2({ product: 'SPOT', timeWindow: 3 });
    const mine = await restingBuy();
    const first = await privateConn(ALICE, ['dcp.spot']);
    await closed(first);
    await new Promise((r) => setTimeout(r, 1500));
    const back = await privateConn(ALICE, ['dcp.spot', 'order']);
    await new Promise((r) => setTimeout(r, 2500));
    expect((await orderOf(mine)).orderStatus).toBe('New');
    // Unsubscribing is the same as leaving.
    back.send(JSON.stringify({ op: 'unsubscribe', args: ['dcp.spot'] }));
    const plain = await privateConn(ALICE, ['order']);
    await closed(plain);
    const end = Date.now() + 6000;
    let order = await orderOf(mine);
    while (order.orderStatus === 'New' && Date.now() < end) {
      await new Promise((r) => setTimeout(r, 100));
      order = await orderOf(mine);
    }
    expect(order).toMatchObject({ orderStatus: 'Cancelled', cancelType: 'CancelByDCP' });
    back.close();
  });
});
