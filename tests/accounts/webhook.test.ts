// Issue 17 item 1, webhook strategies: a unified account's secret URL takes TradingView-style JSON
// alerts that place orders: signed, each alert id accepted once, 10 a minute.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { RestClientV5 } from 'bybit-api';
import { signAlert, WEBHOOK_PATH } from '../../server/private/strategy/webhook.ts';
import { ALICE, BOB, login, removeDir, startTestServer, type TestServer } from './helpers.ts';

let now = Date.UTC(2026, 10, 24, 12);
let s: TestServer;
let hook: { path: string; secret: string };
beforeAll(async () => {
  s = await startTestServer({ gridClock: () => now });
  const cookie = await login(s.url, ALICE.id);
  const r = await fetch(`${s.url}${WEBHOOK_PATH}`, { method: 'POST', headers: { cookie, origin: s.origin, 'content-type': 'application/json' }, body: '{}' });
  hook = ((await r.json()) as { result: { path: string; secret: string } }).result;
  const bob = new RestClientV5({ key: BOB.key, secret: BOB.secret, baseUrl: s.url });
  expect((await bob.submitOrder({ category: 'spot', symbol: 'SOLUSDT', side: 'Sell', orderType: 'Limit', qty: '5', price: '100' })).retCode).toBe(0);
});
afterAll(async () => {
  await s.stop();
  removeDir(s.dataDir);
});

async function send(alert: Record<string, unknown>, opts: { ts?: number; secret?: string } = {}): Promise<{ status: number; body: Record<string, unknown> }> {
  const body = JSON.stringify(alert);
  const ts = String(opts.ts ?? now);
  const r = await fetch(`${s.url}${hook.path}`, {
    method: 'POST', headers: { 'content-type': 'application/json', 'x-tv-timestamp': ts, 'x-tv-signature': signAlert(opts.secret ?? hook.secret, ts, body) }, body,
  });
  return { status: r.status, body: (await r.json()) as Record<string, unknown> };
}

describe('webhook alerts', () => {
  test('a signed alert places its order (createType CreateByTVSignal); the same id again is refused', async () => {
    expect(hook.path).toMatch(/^\/webhook\/tv\/[A-Za-z0-9_-]{20,}$/);
    const a = { id: 'alert-1', symbol: 'SOLUSDT', side: 'Buy', orderType: 'Market', qty: '0.5', marketUnit: 'baseCoin' };
    const r = await send(a);
    expect(r).toMatchObject({ status: 200, body: { ok: true } });
    const alice = new RestClientV5({ key: ALICE.key, secret: ALICE.secret, baseUrl: s.url });
    const o = (await alice.getHistoricOrders({ category: 'spot', orderId: String(r.body.orderId) })).result.list[0]!;
    expect(o).toMatchObject({ orderStatus: 'Filled', orderLinkId: 'tv-alert-1' });
    expect((o as unknown as { createType: string }).createType).toBe('CreateByTVSignal');
    expect((await send(a)).status).toBe(409);
  });

  test('a bad signature, a stale timestamp or a bad order is refused; refusals are recorded for the page', async () => {
    expect((await send({ id: 'a2', symbol: 'SOLUSDT', side: 'Buy', qty: '0.1' }, { secret: 'wrong' })).status).toBe(401);
    expect((await send({ id: 'a3', symbol: 'SOLUSDT', side: 'Buy', qty: '0.1' }, { ts: now - 31_000 })).status).toBe(401);
    const bad = await send({ id: 'a4', symbol: 'SOLUSDT', side: 'Up', qty: '0.1' });
    expect(bad).toMatchObject({ status: 400, body: { ok: false, code: 10001 } });
    expect((await fetch(`${s.url}/webhook/tv/nosuchtoken`, { method: 'POST', body: '{}' })).status).toBe(404);
    const cookie = await login(s.url, ALICE.id);
    const view = (await (await fetch(`${s.url}${WEBHOOK_PATH}`, { headers: { cookie } })).json()) as { result: { signals: Array<{ id: string; status: string }> } };
    expect(view.result.signals.map((x) => [x.id, x.status])).toEqual(expect.arrayContaining([['alert-1', 'placed'], ['a4', 'refused']]));
  });

  test('at most 10 alerts a minute; a classic account has no webhook', async () => {
    now += 120_000;
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) codes.push((await send({ id: `burst-${i}`, symbol: 'SOLUSDT', side: 'Sell', orderType: 'Limit', qty: '0.1', price: '900' })).status);
    expect(codes.slice(0, 10).every((c) => c === 200)).toBe(true);
    expect(codes[10]).toBe(429);
    const bob = await login(s.url, BOB.id);
    expect((await fetch(`${s.url}${WEBHOOK_PATH}`, { method: 'POST', headers: { cookie: bob, origin: s.origin, 'content-type': 'application/json' }, body: '{}' })).status).toBe(403);
  });
});

// Issue 30 item 2: the 10-a-minute budget was spent before the signature was checked, so anyone
// who knew the URL could make the owner's signed alerts fail with 429.
describe('callers without the secret', () => {
  let t: TestServer;
  let own: { path: string; secret: string };
  beforeAll(async () => {
    t = await startTestServer({ gridClock: () => now, config: { limits: { 'webhook-unsigned': { max: 5, windowMs: 60_000 } } } });
    const cookie = await login(t.url, ALICE.id);
    const r = await fetch(`${t.url}${WEBHOOK_PATH}`, { method: 'POST', headers: { cookie, origin: t.origin, 'content-type': 'application/json' }, body: '{}' });
    own = ((await r.json()) as { result: { path: string; secret: string } }).result;
  });
  afterAll(async () => {
    await t.stop();
    removeDir(t.dataDir);
  });

  const post = (path: string, body: string, headers: Record<string, string>) =>
    fetch(`${t.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body }).then(async (r) => ({ status: r.status, body: (await r.json()) as { ok: boolean; msg: string }, retryAfter: r.headers.get('retry-after') }));

  test('unsigned, badly signed and stale alerts spend their address’s budget, never the account’s: the owner’s signed alerts still go through', async () => {
    const alert = (i: number) => JSON.stringify({ id: `own-${i}`, symbol: 'SOLUSDT', side: 'Sell', orderType: 'Limit', qty: '0.1', price: '900' });
    const ts = String(now);
    const refused: number[] = [];
    for (let i = 0; i < 15; i++) {
      const body = alert(100 + i);
      const kind = i % 3;
      const headers: Record<string, string> = kind === 0 ? {} : kind === 1 ? { 'x-tv-timestamp': ts, 'x-tv-signature': signAlert('not-the-secret', ts, body) } : { 'x-tv-timestamp': String(now - 60_000), 'x-tv-signature': signAlert(own.secret, String(now - 60_000), body) };
      refused.push((await post(own.path, body, headers)).status);
    }
    // The first 5 are told why (401); past the address's budget, 429 with when to retry.
    expect(refused.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(refused.slice(5).every((c) => c === 429)).toBe(true);
    const over = await post('/webhook/tv/nosuchtoken', '{}', {});
    expect(over.status).toBe(429);
    expect(over.body.msg).toMatch(/at most 5 in 60 s/);
    expect(Number(over.retryAfter)).toBeGreaterThan(0);
    // All ten of the owner's signed alerts of this minute are placed, from the same address.
    for (let i = 0; i < 10; i++) {
      const body = alert(i);
      const r = await post(own.path, body, { 'x-tv-timestamp': ts, 'x-tv-signature': signAlert(own.secret, ts, body) });
      expect(r.status, `alert ${i}: ${r.body.msg}`).toBe(200);
    }
    // Nothing refused above was recorded as the account's.
    const cookie = await login(t.url, ALICE.id);
    const view = (await (await fetch(`${t.url}${WEBHOOK_PATH}`, { headers: { cookie } })).json()) as { result: { signals: Array<{ id: string }> } };
    expect(view.result.signals).toHaveLength(10);
  });
});
