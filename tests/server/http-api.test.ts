/**
 * The API side of the HTTP server against a real exchange (market data, accounts, fault controls):
 * JSON-schema validation answers retCode 10001 naming the field, in each route's own envelope;
 * unknown routes and wrong methods keep their answers; Bybit's rate limits per UID (X-Bapi-Limit
 * headers, HTTP 200 retCode 10006) and per IP for public market data (HTTP 403).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { startServer, type RunningServer } from '../../server/app.ts';
import { parseConfig } from '../../server/config.ts';
import { composeServer } from '../../server/compose.ts';
import { installExchange } from '../../server/exchange/install.ts';
import { ALICE, BOB, LEADER, login, sign } from '../accounts/helpers.ts';
import { faults } from '../support/faults.ts';

let server: RunningServer;
let base = '';
const f = faults(() => base);
let dir = '';

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'http-api-'));
  const config = parseConfig(['--port', '0', '--data', dir, '--web', join(dir, 'web'), '--faults', '--quiet', '--rate', '0'], {});
  server = await startServer(config, [installExchange, composeServer()]);
  base = server.url.replace(/\/$/, '');
});
afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});
beforeEach(async () => {
  await f.reset();
});

/** A signed v5 request whose body is sent exactly as given (the signature covers these bytes). */
async function signedRaw(who: { key: string; secret: string }, method: 'GET' | 'POST', path: string, payload: string): Promise<Response> {
  const ts = String(Date.now());
  const headers = { 'x-bapi-api-key': who.key, 'x-bapi-timestamp': ts, 'x-bapi-recv-window': '5000', 'x-bapi-sign': sign(who.secret, ts, who.key, '5000', payload), 'content-type': 'application/json' };
  return fetch(method === 'GET' ? `${base}${path}?${payload}` : `${base}${path}`, { method, headers, body: method === 'POST' ? payload : undefined });
}

const order = (over: Record<string, unknown> = {}) => JSON.stringify({ category: 'spot', symbol: 'BTCUSDT', side: 'Buy', orderType: 'Limit', qty: '0.001', price: '1000', ...over });

describe('schema validation: retCode 10001 naming the field, never a Fastify body', () => {
  test.each([
    ['kline limit not a number', '/v5/market/kline?category=spot&symbol=BTCUSDT&interval=1&limit=ten', /limit must be a whole number/],
    ['orderbook limit negative', '/v5/market/orderbook?category=spot&symbol=BTCUSDT&limit=-5', /limit must be a whole number/],
    ['kline start not a number', '/v5/market/kline?category=spot&symbol=BTCUSDT&interval=1&start=yesterday', /start must be a whole number/],
    ['symbol far too long', `/v5/market/tickers?category=spot&symbol=${'X'.repeat(80)}`, /symbol must be at most 64 characters/],
  ])('GET market data: %s', async (_name, path, message) => {
    const res = await fetch(`${base}${path}`);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(Object.keys(body)).toEqual(['retCode', 'retMsg', 'result', 'retExtInfo', 'time']);
    expect(body.retCode).toBe(10001);
    expect(body.retMsg).toMatch(message);
  });

  test.each([
    ['qty an object', order({ qty: { n: 1 } }), /qty must be a string or a number/],
    ['side missing', JSON.stringify({ category: 'spot', symbol: 'BTCUSDT', orderType: 'Limit', qty: '1', price: '1' }), /side is required/],
    ['orderLinkId a number', order({ orderLinkId: 42 }), /orderLinkId must be a string/],
    ['symbol an array', order({ symbol: ['BTCUSDT'] }), /symbol must be a string/],
  ])('signed POST /v5/order/create: %s', async (_name, payload, message) => {
    const res = await signedRaw(ALICE, 'POST', '/v5/order/create', payload);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ retCode: 10001, retExtInfo: {} });
    expect(body.retMsg).toMatch(/^Request parameter error: /);
    expect(body.retMsg).toMatch(message);
  });

  test('signed GET with a bad limit names it; the signature is still checked first', async () => {
    const bad = await (await signedRaw(ALICE, 'GET', '/v5/order/realtime', 'category=spot&limit=many')).json();
    expect(bad).toMatchObject({ retCode: 10001, retMsg: 'Request parameter error: limit must be a whole number' });
    const unsigned = await (await fetch(`${base}/v5/order/realtime?category=spot&limit=many`, { headers: { 'x-bapi-api-key': 'NOPE' } })).json();
    expect(unsigned.retCode).toBe(10003);
  });

  test('page API: the page envelope with HTTP 400 (and the login check first)', async () => {
    const cookie = await login(base, ALICE.id);
    const res = await fetch(`${base}/api/user/favourites`, { method: 'POST', headers: { cookie, origin: base, 'content-type': 'application/json' }, body: JSON.stringify({ list: 'BTCUSDT' }) });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ code: 10001, success: false, message: 'list must be an array', ret_code: 10001, ret_msg: 'list must be an array', result: {} });
    const anon = await fetch(`${base}/api/user/favourites`, { method: 'POST', headers: { origin: base, 'content-type': 'application/json' }, body: JSON.stringify({ list: 'BTCUSDT' }) });
    expect(anon.status).toBe(401);
  });

  test('the symbol notice keeps its HTTP 200 business-error answer', async () => {
    const res = await fetch(`${base}/api/spot/symbol-notice`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ success: false, code: 10001, message: 'symbol_id is required' });
  });

  test('fault controls answer {ok:false, error} naming the field', async () => {
    const res = await f.post('price', { symbol: 'BTCUSDT', price: { x: 1 } });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ ok: false, error: 'price must be a string or a number' });
  });

  test('unknown routes and wrong methods keep their answers', async () => {
    const post404 = await fetch(`${base}/v5/nothing`, { method: 'POST' });
    expect(post404.status).toBe(404);
    expect(await post404.json()).toMatchObject({ retCode: 10017, retMsg: 'Route not found.' });
    const get404 = await fetch(`${base}/v5/market/nothing`);
    expect(get404.status).toBe(404);
    expect(await get404.json()).toMatchObject({ retCode: 10017, retMsg: 'Route not found.' });
    const page404 = await fetch(`${base}/nothing`, { method: 'POST' });
    expect(await page404.json()).toMatchObject({ retCode: 10005, retMsg: 'not found' });
    const get405 = await fetch(`${base}/v5/order/create`);
    expect(get405.status).toBe(405);
    expect(await get405.json()).toMatchObject({ retCode: 10004, retMsg: 'method GET not allowed' });
    const post405 = await fetch(`${base}/v5/market/time`, { method: 'POST' });
    expect(post405.status).toBe(405);
    expect((await post405.json()).retCode).toBe(10004);
  });
});

describe("Bybit's rate limits", () => {
  test('an authenticated answer carries X-Bapi-Limit, -Status and -Reset-Timestamp (20/s per UID on order/create)', async () => {
    const t0 = Date.now();
    const a = await signedRaw(ALICE, 'POST', '/v5/order/create', order());
    const b = await signedRaw(ALICE, 'POST', '/v5/order/create', order());
    expect((await a.json()).retCode).toBe(0);
    expect(a.headers.get('x-bapi-limit')).toBe('20');
    expect(Number(a.headers.get('x-bapi-limit-status'))).toBe(Number(b.headers.get('x-bapi-limit-status')) + 1);
    // Not exceeded: the reset timestamp is the current time.
    const reset = Number(a.headers.get('x-bapi-limit-reset-timestamp'));
    expect(reset).toBeGreaterThanOrEqual(t0);
    expect(reset).toBeLessThanOrEqual(Date.now());
    // Other endpoints have their own budgets: amend is 10/s.
    const amend = await signedRaw(ALICE, 'POST', '/v5/order/amend', JSON.stringify({ category: 'spot', symbol: 'BTCUSDT', orderLinkId: 'none', price: '1' }));
    expect(amend.headers.get('x-bapi-limit')).toBe('10');
    expect(amend.headers.get('x-bapi-limit-status')).toBe('9');
    // Public market data carries no per-UID headers.
    expect((await fetch(`${base}/v5/market/time`)).headers.get('x-bapi-limit')).toBeNull();
  });

  test('past the limit: HTTP 200, retCode 10006 "Too many visits!", per user, counted for key and session alike', async () => {
    await f.rateLimit({ path: '/v5/order/realtime', max: 3, windowMs: 60_000 });
    // A user no other test of this file counts against.
    const cookie = await login(base, LEADER.id);
    const codes: number[] = [];
    for (let i = 0; i < 2; i++) codes.push((await (await signedRaw(LEADER, 'GET', '/v5/order/realtime', 'category=spot')).json()).retCode);
    // The page's session is the same user: its request takes the last one.
    const viaSession = await fetch(`${base}/v5/order/realtime?category=spot`, { headers: { cookie } });
    codes.push((await viaSession.json()).retCode);
    expect(viaSession.headers.get('x-bapi-limit-status')).toBe('0');
    const t0 = Date.now();
    const over = await signedRaw(LEADER, 'GET', '/v5/order/realtime', 'category=spot');
    expect(codes).toEqual([0, 0, 0]);
    expect(over.status).toBe(200);
    const body = await over.json();
    expect(Object.keys(body)).toEqual(['retCode', 'retMsg', 'result', 'retExtInfo', 'time']);
    expect(body).toMatchObject({ retCode: 10006, retMsg: 'Too many visits!', result: {} });
    expect(over.headers.get('x-bapi-limit')).toBe('3');
    expect(over.headers.get('x-bapi-limit-status')).toBe('0');
    // Exceeded: when the window ends (within the minute set above).
    const reset = Number(over.headers.get('x-bapi-limit-reset-timestamp'));
    expect(reset).toBeGreaterThan(t0 + 50_000);
    expect(reset).toBeLessThanOrEqual(t0 + 60_000);
    // Bob has his own budget.
    const bob = await signedRaw(BOB, 'GET', '/v5/order/realtime', 'category=spot');
    expect((await bob.json()).retCode).toBe(0);
    expect(bob.headers.get('x-bapi-limit-status')).toBe('2');
  });

  test('an order refused by the limit changes nothing', async () => {
    await f.rateLimit({ path: '/v5/order/create', max: 1, windowMs: 60_000 });
    expect((await (await signedRaw(BOB, 'POST', '/v5/order/create', order({ symbol: 'XRPUSDT', qty: '10', price: '0.5', orderLinkId: 'rl-1' }))).json()).retCode).toBe(0);
    const refused = await (await signedRaw(BOB, 'POST', '/v5/order/create', order({ symbol: 'XRPUSDT', qty: '10', price: '0.5', orderLinkId: 'rl-2' }))).json();
    expect(refused.retCode).toBe(10006);
    const open = await (await signedRaw(BOB, 'GET', '/v5/order/realtime', 'category=spot&symbol=XRPUSDT')).json();
    expect(open.result.list.map((o: { orderLinkId: string }) => o.orderLinkId)).toEqual(['rl-1']);
  });

  test('public market data: a budget per IP; past it HTTP 403 with retCode 10006', async () => {
    await f.rateLimit({ path: '/v5/market/time', max: 2, windowMs: 60_000 });
    // The IP budget is shared by every market-data path (it may already have counted earlier calls).
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await fetch(`${base}/v5/market/time`));
    const last = answers[2]!;
    expect(last.status).toBe(403);
    const body = await last.json();
    expect(body).toMatchObject({ retCode: 10006 });
    expect(body.retMsg).toMatch(/Too many visits! access too frequent/);
    await f.reset();
    expect((await fetch(`${base}/v5/market/time`)).status).toBe(200);
  });

  test('the rate-limit control validates its body', async () => {
    const res = await f.post('rate-limit', { path: '/v5/order/create', max: -1 });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toMatch(/^max /);
  });
});
