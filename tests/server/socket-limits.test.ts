/**
 * The limits both sockets share (server/socket-limits.ts), and the public stream's cap on the
 * topics of one connection, against a real exchange.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import WebSocket from 'ws';
import { startServer, type RunningServer } from '../../server/app.ts';
import { parseConfig } from '../../server/config.ts';
import { createExchangeInstaller } from '../../server/exchange/install.ts';
import { MAX_TOPIC_CHARS } from '../../server/exchange/ws/public-ws.ts';
import { TokenBucket, WS_RATE_BURST, WS_RATE_PER_SECOND } from '../../server/socket-limits.ts';

describe('TokenBucket', () => {
  test('a burst of 60, then 20 per second, never more than the burst', () => {
    const b = new TokenBucket(WS_RATE_BURST, WS_RATE_PER_SECOND, 0);
    let taken = 0;
    while (b.take(0)) taken++;
    expect(taken).toBe(60);
    expect(b.take(49)).toBe(false);
    expect(b.take(50)).toBe(true); // 50 ms refills one token at 20/s
    expect(b.take(50)).toBe(false);
    let later = 0;
    while (b.take(60_000)) later++;
    expect(later).toBe(60);
  });
});

describe('public stream limits', () => {
  let server: RunningServer;
  let dir = '';
  let wsUrl = '';
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'socket-limits-'));
    const config = parseConfig(['--port', '0', '--data', dir, '--web', join(dir, 'web'), '--quiet', '--rate', '0'], {});
    // Topic names here are ~20 characters: a cap of 60 holds three of them.
    server = await startServer(config, [createExchangeInstaller({ publicWs: { maxTopicChars: 60 } })]);
    wsUrl = `${server.url.replace('http', 'ws')}v5/public/spot`;
  });
  afterAll(async () => {
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function open() {
    const ws = new WebSocket(wsUrl);
    const acks: any[] = [];
    ws.on('message', (d) => {
      const m = JSON.parse(String(d));
      if (!('topic' in m)) acks.push(m);
    });
    const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
    await new Promise((r, j) => {
      ws.once('open', r);
      ws.once('error', j);
    });
    return { ws, acks, closed };
  }

  async function until(pred: () => boolean, ms = 3000): Promise<void> {
    const end = Date.now() + ms;
    while (!pred()) {
      if (Date.now() > end) throw new Error('timed out');
      await new Promise((r) => setTimeout(r, 10));
    }
  }

  test("Bybit's cap is 21,000 characters of topics per connection", () => {
    expect(MAX_TOPIC_CHARS).toBe(21_000);
  });

  test('a subscription past the cap is refused whole; unsubscribing makes room', async () => {
    const c = await open();
    const three = ['tickers.BTCUSDT', 'tickers.ETHUSDT', 'publicTrade.BTCUSDT']; // 15 + 15 + 19 = 49 characters
    c.ws.send(JSON.stringify({ op: 'subscribe', args: three, req_id: 'a' }));
    c.ws.send(JSON.stringify({ op: 'subscribe', args: ['tickers.SOLUSDT'], req_id: 'b' }));
    c.ws.send(JSON.stringify({ op: 'unsubscribe', args: ['publicTrade.BTCUSDT'], req_id: 'c' }));
    c.ws.send(JSON.stringify({ op: 'subscribe', args: ['tickers.SOLUSDT'], req_id: 'd' }));
    await until(() => c.acks.length >= 4);
    const by = (id: string) => c.acks.find((m) => m.req_id === id);
    expect(by('a')).toMatchObject({ success: true, op: 'subscribe' });
    expect(by('b')).toMatchObject({ success: false, op: 'subscribe', ret_msg: expect.stringContaining('subscription limit') });
    expect(by('c')).toMatchObject({ success: true, op: 'unsubscribe' });
    expect(by('d')).toMatchObject({ success: true, op: 'subscribe' });
    c.ws.terminate();
  });

  test('the shared message budget: refusals, then close 1008', async () => {
    const c = await open();
    for (let i = 0; i < 200; i++) c.ws.send(JSON.stringify({ op: 'ping', req_id: String(i) }));
    expect(await c.closed).toBe(1008);
    expect(c.acks.filter((m) => m.ret_msg === 'pong').length).toBeGreaterThanOrEqual(60);
    expect(c.acks.filter((m) => m.ret_msg === 'Too many requests').length).toBe(100);
  });
});
