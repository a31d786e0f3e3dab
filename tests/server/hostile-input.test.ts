/**
 * No input takes the exchange down. The first part runs the real entry point (`server/main.ts`) as a
 * child process and sends it the frames that used to kill it; the second fuzzes both sockets and
 * every REST route of an in-process exchange with fast-check. Either way the exchange must answer
 * every request with a Bybit-shaped error, keep serving other clients, and log no escaped exception
 * (an escaped one in-process would also fail vitest as an unhandled error).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test, vi, type MockInstance } from 'vitest';
import WebSocket from 'ws';
import { startServer, type RunningServer } from '../../server/app.ts';
import { parseConfig } from '../../server/config.ts';
import { composeServer } from '../../server/compose.ts';
import { installExchange } from '../../server/exchange/install.ts';
import { login } from '../accounts/helpers.ts';

/** Frames that are JSON but not requests, or not JSON, or requests with the wrong shapes. */
const HOSTILE_FRAMES: Array<string | Buffer> = [
  'null',
  '1',
  '"ping"',
  'true',
  '[]',
  '[null]',
  '{}',
  '',
  '{',
  '{"op":null}',
  '{"op":"ping","req_id":{"x":1}}',
  '{"op":"auth"}',
  '{"op":"auth","args":null}',
  '{"op":"auth","args":[null,null,null]}',
  '{"op":"auth","args":"abc"}',
  '{"op":"auth","args":[{"a":1},[],1e400]}',
  '{"op":"subscribe","args":null}',
  '{"op":"subscribe","args":[null,1,{}]}',
  '{"op":"subscribe","args":"order"}',
  '{"op":"unsubscribe","args":[["order"]]}',
  '{"op":{"toString":1},"args":[]}',
  '{"__proto__":{"op":"ping"}}',
  '{"op":"constructor"}',
  Buffer.from([0xff, 0x00, 0x7b]),
];

interface Raw {
  ws: WebSocket;
  replies: unknown[];
  closed: Promise<number>;
}

async function openRaw(url: string, origin = 'http://evil.example'): Promise<Raw> {
  const ws = new WebSocket(url, { headers: { origin } });
  const replies: unknown[] = [];
  ws.on('message', (d) => replies.push(JSON.parse(String(d))));
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return { ws, replies, closed };
}

/** Resolves when `pred` holds, polling every 20 ms; rejects after `ms`. */
async function until(pred: () => boolean, what: string, ms = 8000): Promise<void> {
  const end = Date.now() + ms;
  while (!pred()) {
    if (Date.now() > end) throw new Error(`timed out: ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** A socket subscribed to BTCUSDT trades and tickers: proof that other clients keep receiving data. */
async function watcher(base: string): Promise<{ count: () => number; close: () => void }> {
  const w = await openRaw(`${base.replace('http', 'ws')}/v5/public/spot`, base);
  w.ws.send(JSON.stringify({ op: 'subscribe', args: ['tickers.BTCUSDT', 'orderbook.50.BTCUSDT'] }));
  const count = () => w.replies.filter((m) => typeof m === 'object' && m !== null && 'topic' in m).length;
  return { count, close: () => w.ws.terminate() };
}

function isErrorReply(m: unknown): boolean {
  return typeof m === 'object' && m !== null && (m as { success?: unknown }).success === false && typeof (m as { ret_msg?: unknown }).ret_msg === 'string';
}

describe('the real entry point survives hostile frames', () => {
  let child: ChildProcess;
  let base = '';
  let stderr = '';
  let dir = '';

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'hostile-'));
    child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts', '--port', '0', '--data', dir, '--web', join(dir, 'web'), '--quiet'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stderr!.on('data', (d) => (stderr += String(d)));
    base = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout!.on('data', (d) => {
        out += String(d);
        const m = /(http:\/\/127\.0\.0\.1:\d+)\//.exec(out);
        if (m) resolve(m[1]!);
      });
      child.once('exit', (code) => reject(new Error(`exchange exited (${code}): ${stderr}`)));
    });
  }, 60_000);

  afterAll(() => {
    child?.kill('SIGKILL');
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  test.each(['/v5/private', '/v5/public/spot'])('%s answers each hostile frame with an error and stays up', async (path) => {
    const watch = await watcher(base);
    await until(() => watch.count() > 0, 'first public push');
    const raw = await openRaw(`${base.replace('http', 'ws')}${path}`);
    for (const frame of HOSTILE_FRAMES) raw.ws.send(frame);
    await until(() => raw.replies.length >= HOSTILE_FRAMES.length, `${HOSTILE_FRAMES.length} replies on ${path}`);
    // Every reply is an error, except the public stream's ping (a valid request).
    const notErrors = raw.replies.filter((m) => !isErrorReply(m));
    expect(notErrors.every((m) => (m as { op?: string }).op === 'ping' || (m as { op?: string }).op === 'pong')).toBe(true);
    expect(raw.replies.filter(isErrorReply).length).toBeGreaterThanOrEqual(HOSTILE_FRAMES.length - 2);
    expect(child.exitCode).toBeNull();
    const health = await fetch(`${base}/healthz`);
    expect(health.status).toBe(200);
    const seen = watch.count();
    await until(() => watch.count() > seen, 'public pushes after the hostile frames');
    raw.ws.terminate();
    watch.close();
    expect(stderr).not.toMatch(/uncaught|unhandled|handler failed|TypeError/i);
  });
});

describe('fuzz: sockets and every REST route', () => {
  let server: RunningServer;
  let base = '';
  let dir = '';
  let cookie = '';
  let errors: MockInstance<typeof console.error>;

  beforeAll(async () => {
    // A handler that catches its own failure logs it: that is a bug found, not a pass.
    errors = vi.spyOn(console, 'error');
    dir = mkdtempSync(join(tmpdir(), 'fuzz-'));
    const config = parseConfig(['--port', '0', '--data', dir, '--web', join(dir, 'web'), '--quiet'], {});
    server = await startServer(config, [installExchange, composeServer()]);
    base = server.url.replace(/\/$/, '');
    cookie = await login(base, 100001);
  });

  afterAll(async () => {
    await server?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
    const logged = errors.mock.calls.map((c) => c.map(String).join(' '));
    errors.mockRestore();
    expect(logged).toEqual([]);
  });

  const PARAM_NAMES = ['category', 'symbol', 'side', 'orderType', 'qty', 'price', 'orderId', 'orderLinkId', 'limit', 'cursor', 'interval', 'start', 'end', 'timeInForce', 'marketUnit', 'triggerPrice', 'orderFilter', 'baseCoin', 'coin', 'accountType', 'user_id', 'redirect_url', 'lang', 'settleCoin', 'openOnly'];
  const SCALARS = fc.oneof(
    fc.string(),
    fc.constantFrom('spot', 'BTCUSDT', 'Buy', 'Sell', 'Limit', 'Market', '0', '-1', '1e308', 'NaN', '0.00000001', '99999999999999999999', '__proto__', 'UNIFIED', ''),
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
  );
  const value = fc.oneof({ depthSize: 'small' }, SCALARS, fc.array(SCALARS, { maxLength: 3 }), fc.dictionary(fc.string({ maxLength: 5 }), SCALARS, { maxKeys: 3 }));
  const objectBody = fc.dictionary(fc.oneof(fc.constantFrom(...PARAM_NAMES), fc.string({ maxLength: 8 })), value, { maxKeys: 8 });
  const body = fc.oneof(
    objectBody.map((o) => JSON.stringify(o)),
    fc.jsonValue().map((v) => JSON.stringify(v)),
    fc.string({ maxLength: 200 }),
    fc.constantFrom('null', '[]', '{', '', '{"qty":{"__proto__":1}}', 'a=b&c=d'),
  );
  const query = fc.dictionary(fc.oneof(fc.constantFrom(...PARAM_NAMES), fc.string({ maxLength: 6 })), fc.oneof(fc.string(), fc.constantFrom('spot', 'BTCUSDT', '1', '-5', '1001', 'D')), { maxKeys: 6 });

  test('REST: every route answers random queries and bodies without a 5xx, and keeps serving', async () => {
    const routes = server.routes();
    expect(routes.length).toBeGreaterThan(20);
    const watch = await watcher(base);
    const seenStatuses = new Set<number>();
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes),
        fc.boolean(),
        query,
        body,
        fc.constantFrom('application/json', 'application/x-www-form-urlencoded', 'text/plain', ''),
        async (route, asAlice, q, text, contentType) => {
          const url = `${base}${route.path}?${new URLSearchParams(q as Record<string, string>).toString()}`;
          const headers: Record<string, string> = { origin: base };
          if (contentType) headers['content-type'] = contentType;
          // Logging out would end the session the other runs use.
          if (asAlice && route.path !== '/api/logout') headers.cookie = cookie;
          const method = route.method === '*' ? 'POST' : route.method;
          const res = await fetch(url, { method, headers, body: method === 'POST' ? text : undefined, redirect: 'manual' });
          seenStatuses.add(res.status);
          const answer = await res.text();
          if (res.status >= 500) throw new Error(`${method} ${route.path} answered ${res.status}: ${answer.slice(0, 200)}`);
          if ((res.headers.get('content-type') ?? '').includes('application/json')) {
            const parsed = JSON.parse(answer) as Record<string, unknown>;
            expect('retCode' in parsed || 'success' in parsed || 'ok' in parsed, `${route.path}: ${answer.slice(0, 120)}`).toBe(true);
          }
        },
      ),
      { numRuns: 600 },
    );
    expect(seenStatuses.size).toBeGreaterThan(1);
    const seen = watch.count();
    await until(() => watch.count() > seen, 'public pushes after the REST fuzz');
    watch.close();
  }, 120_000);

  const frame = fc.oneof(
    fc.jsonValue().map((v) => JSON.stringify(v)),
    fc.string({ maxLength: 100 }),
    fc
      .record({
        op: fc.oneof(fc.constantFrom('ping', 'auth', 'subscribe', 'unsubscribe', 'order.create'), fc.string(), SCALARS),
        args: fc.oneof(fc.array(fc.oneof(SCALARS, fc.constantFrom('order', 'wallet', 'tickers.BTCUSDT', 'orderbook.1.BTCUSDT', 'publicTrade.ETHUSDT')), { maxLength: 12 }), SCALARS),
        req_id: fc.oneof(SCALARS, fc.dictionary(fc.string(), SCALARS, { maxKeys: 2 })),
      }, { requiredKeys: [] })
      .map((o) => JSON.stringify(o)),
  );

  test.each(['/v5/private', '/v5/public/spot'])('socket %s: random frames get replies, never a crash', async (path) => {
    const watch = await watcher(base);
    await fc.assert(
      fc.asyncProperty(fc.array(frame, { minLength: 1, maxLength: 8 }), fc.boolean(), async (frames, sameOrigin) => {
        const raw = await openRaw(`${base.replace('http', 'ws')}${path}`, sameOrigin ? base : 'http://evil.example');
        for (const f of frames) raw.ws.send(f);
        // Each frame gets exactly one reply (subscribe acks may be followed by snapshots).
        await until(() => raw.replies.filter((m) => typeof m === 'object' && m !== null && !('topic' in m)).length >= frames.length, 'a reply per frame');
        raw.ws.terminate();
      }),
      { numRuns: 60 },
    );
    const seen = watch.count();
    await until(() => watch.count() > seen, 'public pushes after the socket fuzz');
    watch.close();
  }, 120_000);
});
