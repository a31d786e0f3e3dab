import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import WebSocket from 'ws';
import { signWsAuth } from '../../server/auth/hmac.ts';
import { ALICE, login, removeDir, signed, sharedTestServer, startTestServer, type TestServer } from './helpers.ts';

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

describe('private WebSocket limits', () => {
  // A server of its own with a short auth timeout and a small topic cap, so the tests are quick.
  const AUTH_TIMEOUT_MS = 400;
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ privateWs: { authTimeoutMs: AUTH_TIMEOUT_MS, maxTopics: 2 } });
  });
  afterAll(async () => {
    await t.stop();
    removeDir(t.dataDir);
  });

  /** A raw socket that records every reply and how (and when) it closed. */
  async function open(headers: Record<string, string> = {}) {
    const ws = new WebSocket(`${t.url.replace('http', 'ws')}/v5/private`, { headers });
    const replies: any[] = [];
    ws.on('message', (d) => replies.push(JSON.parse(String(d))));
    const closed = new Promise<{ code: number; reason: string; at: number }>((resolve) => ws.on('close', (code, reason) => resolve({ code, reason: String(reason), at: Date.now() })));
    await new Promise((r, j) => {
      ws.once('open', r);
      ws.once('error', j);
    });
    const opened = Date.now();
    const auth = () => {
      const expires = Date.now() + 5000;
      ws.send(JSON.stringify({ op: 'auth', args: [ALICE.key, expires, signWsAuth(ALICE.secret, expires)], req_id: 'auth' }));
    };
    return { ws, replies, closed, opened, auth };
  }

  async function until(pred: () => boolean, ms = 3000): Promise<void> {
    const end = Date.now() + ms;
    while (!pred()) {
      if (Date.now() > end) throw new Error('timed out');
      await new Promise((r) => setTimeout(r, 10));
    }
  }

  test('a connection that does not authenticate in time is closed with 1008', async () => {
    const c = await open();
    c.ws.send(JSON.stringify({ op: 'ping', req_id: 'p' }));
    const { code, reason, at } = await c.closed;
    expect(code).toBe(1008);
    expect(reason).toMatch(/not authenticated/);
    expect(at - c.opened).toBeGreaterThanOrEqual(AUTH_TIMEOUT_MS - 50);
    // It was served until then.
    expect(c.replies[0]).toMatchObject({ op: 'pong', req_id: 'p' });
  });

  test('one that authenticates (by auth or by its session cookie) stays open past the timeout', async () => {
    const byKey = await open();
    byKey.auth();
    const cookie = await login(t.url, ALICE.id);
    const bySession = await open({ cookie, origin: t.origin });
    let closed = false;
    void byKey.closed.then(() => (closed = true));
    void bySession.closed.then(() => (closed = true));
    await new Promise((r) => setTimeout(r, AUTH_TIMEOUT_MS * 2));
    expect(closed).toBe(false);
    expect(byKey.replies[0]).toMatchObject({ op: 'auth', success: true });
    byKey.ws.send(JSON.stringify({ op: 'ping', req_id: 'still' }));
    await until(() => byKey.replies.some((m) => m.req_id === 'still'));
    byKey.ws.close();
    bySession.ws.close();
  });

  test('a connection holds at most the capped number of topics, 10 per request', async () => {
    const c = await open();
    c.auth();
    c.ws.send(JSON.stringify({ op: 'subscribe', args: ['order', 'execution', 'wallet'], req_id: 'three' }));
    c.ws.send(JSON.stringify({ op: 'subscribe', args: ['order', 'wallet'], req_id: 'two' }));
    c.ws.send(JSON.stringify({ op: 'subscribe', args: ['execution'], req_id: 'third' }));
    c.ws.send(JSON.stringify({ op: 'unsubscribe', args: ['order'], req_id: 'drop' }));
    c.ws.send(JSON.stringify({ op: 'subscribe', args: ['execution'], req_id: 'again' }));
    c.ws.send(JSON.stringify({ op: 'subscribe', args: Array.from({ length: 11 }, () => 'order'), req_id: 'eleven' }));
    await until(() => c.replies.length >= 7);
    const by = (id: string) => c.replies.find((m) => m.req_id === id);
    expect(by('three')).toMatchObject({ op: 'subscribe', success: false, ret_msg: 'error:too many topics, at most 2 per connection' });
    expect(by('two')).toMatchObject({ success: true });
    expect(by('third')).toMatchObject({ success: false, ret_msg: expect.stringContaining('too many topics') });
    expect(by('drop')).toMatchObject({ op: 'unsubscribe', success: true });
    expect(by('again')).toMatchObject({ success: true });
    expect(by('eleven')).toMatchObject({ success: false, ret_msg: 'error:args size >10' });
    c.ws.close();
  });

  test('the message budget: a burst of 60, then refusals, then close 1008 for a client that keeps flooding', async () => {
    const c = await open();
    c.auth();
    for (let i = 0; i < 200; i++) c.ws.send(JSON.stringify({ op: 'ping', req_id: i }));
    const { code } = await c.closed;
    expect(code).toBe(1008);
    const pongs = c.replies.filter((m) => m.op === 'pong').length;
    const refusals = c.replies.filter((m) => m.ret_msg === 'Too many requests' && m.success === false).length;
    // 60 in the burst (auth took one), and whatever refilled at 20/s while the frames arrived.
    expect(pongs).toBeGreaterThanOrEqual(59);
    expect(refusals).toBe(100);
  });

  test('an oversized frame closes the connection (1009)', async () => {
    const c = await open();
    c.ws.send(JSON.stringify({ op: 'ping', pad: 'x'.repeat(70 * 1024) }));
    expect((await c.closed).code).toBe(1009);
  });
});
