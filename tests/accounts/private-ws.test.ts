import { describe, expect, test } from 'vitest';
import WebSocket from 'ws';
import { signWsAuth } from '../../server/auth/hmac.ts';
import { ALICE, login, signed, sharedTestServer } from './helpers.ts';

const s = sharedTestServer();

/** A raw client that queues every message, so a test can await the next one. */
async function connect(headers: Record<string, string> = {}): Promise<{ ws: WebSocket; next: () => Promise<any>; send: (m: unknown) => void }> {
  const ws = new WebSocket(`${s.url.replace('http', 'ws')}/v5/private`, { headers });
  const queue: any[] = [];
  const waiters: Array<(m: any) => void> = [];
  ws.on('message', (d) => {
    const m = JSON.parse(d.toString());
    const w = waiters.shift();
    if (w) w(m);
    else queue.push(m);
  });
  await new Promise((r, j) => {
    ws.once('open', r);
    ws.once('error', j);
  });
  return {
    ws,
    send: (m) => ws.send(JSON.stringify(m)),
    next: () =>
      queue.length > 0
        ? Promise.resolve(queue.shift())
        : new Promise((resolve, reject) => {
            const t = setTimeout(() => reject(new Error('no message')), 3000);
            waiters.push((m) => {
              clearTimeout(t);
              resolve(m);
            });
          }),
  };
}

describe('private WebSocket auth', () => {
  test('expires as a number (bybit-api) or a string (ccxt) both work', async () => {
    for (const asString of [false, true]) {
      const c = await connect();
      const expires = Date.now() + 5000;
      c.send({ op: 'auth', args: [ALICE.key, asString ? String(expires) : expires, signWsAuth(ALICE.secret, expires)], req_id: 'a1' });
      expect(await c.next()).toMatchObject({ op: 'auth', success: true, ret_msg: '', req_id: 'a1' });
      c.ws.close();
    }
  });

  test('wrong key, wrong signature and past expires are refused; topics need auth', async () => {
    const c = await connect();
    c.send({ op: 'subscribe', args: ['order'] });
    expect(await c.next()).toMatchObject({ op: 'subscribe', success: false });
    const expires = Date.now() + 5000;
    c.send({ op: 'auth', args: ['NOPE', expires, signWsAuth(ALICE.secret, expires)] });
    expect(await c.next()).toMatchObject({ op: 'auth', success: false, retCode: 10003 });
    c.send({ op: 'auth', args: [ALICE.key, expires, signWsAuth('wrong', expires)] });
    expect(await c.next()).toMatchObject({ op: 'auth', success: false, retCode: 10004 });
    const past = Date.now() - 1;
    c.send({ op: 'auth', args: [ALICE.key, past, signWsAuth(ALICE.secret, past)] });
    expect(await c.next()).toMatchObject({ op: 'auth', success: false, retCode: 10002 });
    c.send({ op: 'ping', req_id: 'p' });
    expect(await c.next()).toMatchObject({ op: 'pong', req_id: 'p' });
    c.ws.close();
  });

  test('the page authenticates by its session cookie, but only from its own origin', async () => {
    const cookie = await login(s.url, ALICE.id);
    const evil = await connect({ cookie, origin: 'https://evil.example' });
    evil.send({ op: 'subscribe', args: ['order'] });
    expect(await evil.next()).toMatchObject({ success: false });
    evil.ws.close();
    const page = await connect({ cookie, origin: s.origin });
    page.send({ op: 'subscribe', args: ['order.spot', 'wallet'], req_id: 's' });
    expect(await page.next()).toMatchObject({ op: 'subscribe', success: true, req_id: 's' });
    await signed(s.url, ALICE, 'POST', '/v5/order/create', { category: 'spot', symbol: 'SOLUSDT', side: 'Buy', orderType: 'Limit', qty: '1', price: '100', orderLinkId: 'ws-1' });
    const msgs = [await page.next(), await page.next()];
    const order = msgs.find((m) => m.topic === 'order.spot');
    const wallet = msgs.find((m) => m.topic === 'wallet');
    expect(order.data[0]).toMatchObject({ orderLinkId: 'ws-1', orderStatus: 'New', category: 'spot' });
    expect(typeof order.creationTime).toBe('number');
    expect(wallet.data[0].coin.find((c: { coin: string }) => c.coin === 'USDT').locked).toBe('100');
    page.ws.close();
  });
});
