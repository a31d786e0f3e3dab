// The feed worker's controller against the real local exchange, driving its fault controls:
// drop → reconnect and fresh snapshot; skipped sequence → resubscribe; u = 1 → reset; pause → stale.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FeedController } from '../../src/feed/feed-controller.ts';
import type { FeedFrame, FeedStatus } from '../../src/feed/frame.ts';
import type { SocketLike } from '../../src/net/socket.ts';
import { instantiateBookWasmSync, WasmBookEngine } from '../../src/engine/wasm-book.ts';
import { BookRowFormatter } from '../../src/core/book-rows.ts';
import { parseScale } from '../../src/core/decimal.ts';
import { startTestExchange, type TestExchange } from '../server/helpers.ts';

const wasm = readFileSync(join(__dirname, '..', '..', 'build', 'wasm', 'book.release.wasm'));

let ex: TestExchange;
beforeAll(async () => {
  ex = await startTestExchange();
});
afterAll(async () => {
  await ex.stop();
});

async function fault(path: string, body: unknown): Promise<void> {
  const res = await fetch(`${ex.http}/faults/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  expect(res.status, `fault ${path}`).toBe(200);
}

/** A controller whose credit is returned at once, recording every frame like the page would. */
function client() {
  const frames: FeedFrame[] = [];
  let status: FeedStatus | null = null;
  const controller: FeedController = new FeedController({
    engine: new WasmBookEngine(instantiateBookWasmSync(wasm)),
    createSocket: (url) => new WebSocket(url) as unknown as SocketLike,
    post: (frame) => {
      frames.push(frame);
      if (frame.status) status = frame.status;
      setTimeout(() => controller.handle({ type: 'credit' }), 5);
    },
  });
  const until = async (pred: () => boolean, ms = 8000) => {
    const end = Date.now() + ms;
    while (!pred()) {
      if (Date.now() > end) throw new Error('condition not met in time');
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  return { controller, frames, status: () => status, until, lastBook: () => [...frames].reverse().find((f) => f.book)?.book ?? null };
}

const MARKET = { symbol: 'BTCUSDT', tickSize: '0.01', lotSize: '0.000001', quoteDecimals: 8, mode: 4 as const, step: null, interval: '1' };

describe('feed worker against the local exchange', () => {
  it('shows a sorted, uncrossed book and trades from a real feed', async () => {
    const c = client();
    c.controller.handle({ type: 'connect', url: ex.ws });
    c.controller.handle({ type: 'market', market: MARKET });
    await c.until(() => c.lastBook() !== null && c.frames.some((f) => f.trades));
    const view = new BookRowFormatter().format(c.lastBook()!, { tick: parseScale('0.01')!, sizeDecimals: 6, quoteDecimals: 8, priceDecimals: 2, totalIn: 'base' });
    expect(view.bids.length).toBeGreaterThan(10);
    expect(view.asks.length).toBeGreaterThan(10);
    for (let i = 1; i < view.bids.length; i++) expect(view.bids[i]!.ticks).toBeLessThan(view.bids[i - 1]!.ticks);
    for (let i = 1; i < view.asks.length; i++) expect(view.asks[i]!.ticks).toBeGreaterThan(view.asks[i - 1]!.ticks);
    expect(view.bids[0]!.ticks).toBeLessThan(view.asks[0]!.ticks);
    expect(c.status()!.stale.book).toBe(false);
    c.controller.destroy();
  });

  it('a dropped socket reconnects and takes a fresh snapshot', async () => {
    const c = client();
    c.controller.handle({ type: 'connect', url: ex.ws });
    c.controller.handle({ type: 'market', market: MARKET });
    await c.until(() => c.lastBook() !== null);
    await fault('drop-sockets', {});
    await c.until(() => (c.status()?.reconnects ?? 0) >= 1);
    const before = c.frames.length;
    await c.until(() => c.frames.slice(before).some((f) => f.book) && c.status()!.socket === 'open' && !c.status()!.stale.book);
    c.controller.destroy();
  });

  it('a skipped sequence number drops the book and resubscribes', async () => {
    const c = client();
    c.controller.handle({ type: 'connect', url: ex.ws });
    c.controller.handle({ type: 'market', market: MARKET });
    await c.until(() => c.lastBook() !== null);
    await fault('skip-seq', { topic: 'orderbook.50.BTCUSDT' });
    await c.until(() => (c.status()?.gaps ?? 0) >= 1 && c.status()!.resubscribes >= 1);
    expect(c.frames.some((f) => f.bookCleared)).toBe(true);
    const at = c.frames.length;
    await c.until(() => c.frames.slice(at).some((f) => f.book));
    c.controller.destroy();
  });

  it('a topic restarted with u = 1 resets the book and carries on', async () => {
    const c = client();
    c.controller.handle({ type: 'connect', url: ex.ws });
    c.controller.handle({ type: 'market', market: MARKET });
    await c.until(() => (c.lastBook()?.updateId ?? 0) > 1);
    await fault('restart-topic', { topic: 'orderbook.50.BTCUSDT' });
    await c.until(() => {
      const u = c.lastBook()?.updateId ?? 0;
      return u >= 1 && u < 50 && c.frames.some((f) => f.book && f.book.updateId <= 3);
    });
    expect(c.status()!.gaps).toBe(0);
    c.controller.destroy();
  });

  it('a paused feed turns stale, and live again when it resumes', async () => {
    const c = client();
    c.controller.handle({ type: 'staleAfter', ms: 600 });
    c.controller.handle({ type: 'connect', url: ex.ws });
    c.controller.handle({ type: 'market', market: { ...MARKET, symbol: 'ETHUSDT', lotSize: '0.00001' } });
    await c.until(() => c.lastBook() !== null && c.status()?.stale.book === false);
    // Live, the tape and the candles are not stale (a calm market may have no trades for a while).
    expect(c.status()!.stale.trades).toBe(false);
    expect(c.status()!.stale.kline).toBe(false);
    const pausedAt = Date.now();
    await fault('pause', { symbol: 'ETHUSDT' });
    await c.until(() => c.status()!.stale.book === true, 4000);
    // The feed went quiet: the tape and the candles are stale with the book (issue 35 item 5), and
    // the status says when each stream's newest data came: before the pause, not long before.
    const st = c.status()!;
    expect(st.stale.trades).toBe(true);
    expect(st.stale.kline).toBe(true);
    expect(st.lastData.book).toBeGreaterThan(pausedAt - 2000);
    expect(st.lastData.book).toBeLessThanOrEqual(Date.now() - 500);
    await fault('resume', { symbol: 'ETHUSDT' });
    await c.until(() => c.status()!.stale.book === false && !c.status()!.stale.trades && !c.status()!.stale.kline, 6000);
    c.controller.destroy();
  });
});
