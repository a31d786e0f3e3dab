// The canvas worker's own frame stream: one frame per credit it returns, while the page takes
// frames at most every PAGE_FRAME_MS_WITH_CANVAS and still gets everything in them.
import { describe, expect, it } from 'vitest';
import { PAGE_FRAME_MS_WITH_CANVAS } from '../../src/feed/frame-outlet.ts';
import type { FeedFrame } from '../../src/feed/frame.ts';
import { BookRowFormatter } from '../../src/core/book-rows.ts';
import { nextTrades } from '../../src/core/trade-rows.ts';
import type { TradeRow } from '../../src/core/market-rows.ts';
import { parseScale } from '../../src/core/decimal.ts';
import { startFeedController } from './fakes.ts';

const snapshot = JSON.stringify({
  topic: 'orderbook.50.BTCUSDT', ts: 1, type: 'snapshot',
  data: { s: 'BTCUSDT', b: [['100.00', '1'], ['99.50', '2']], a: [['100.50', '1.5'], ['101.00', '3']], u: 10, seq: 1000 }, cts: 1,
});
const delta = (u: number, size: string) =>
  JSON.stringify({ topic: 'orderbook.50.BTCUSDT', ts: 1, type: 'delta', data: { s: 'BTCUSDT', b: [['99.00', size]], a: [], u, seq: 1000 + u } });
const trade = (i: number) =>
  JSON.stringify({ topic: 'publicTrade.BTCUSDT', ts: 1, type: 'snapshot', data: [{ i: `t${i}`, T: 1_700_000_000_000 + i, p: '100.25', v: '0.5', S: i % 2 ? 'Buy' : 'Sell', s: 'BTCUSDT' }] });
const ticker = JSON.stringify({ topic: 'tickers.BTCUSDT', ts: 1, type: 'snapshot', data: { symbol: 'BTCUSDT', lastPrice: '100.25', highPrice24h: '101', lowPrice24h: '99', prevPrice24h: '100', volume24h: '5', turnover24h: '500', price24hPcnt: '0.0025', usdIndexPrice: '100.2' } });
const tick = () => new Promise((r) => setTimeout(r, 0));
const scales = { tick: parseScale('0.01')!, sizeDecimals: 6, quoteDecimals: 8, priceDecimals: 2, totalIn: 'base' as const };

function setup() {
  return { ...startFeedController(), canvas: [] as FeedFrame[] };
}

/** What a receiver holds after these frames: the book's 99.00 level and the trade ids, newest first. */
function replay(frames: FeedFrame[]): { level: string | undefined; trades: string[] } {
  let book = null as FeedFrame['book'];
  let trades: readonly TradeRow[] = [];
  for (const f of frames) {
    if (f.bookCleared) book = null;
    if (f.book) book = f.book;
    trades = nextTrades(trades, f);
  }
  const view = book ? new BookRowFormatter().format(book, scales) : null;
  return { level: view?.bids.find((r) => r.price === '99.00')?.size, trades: trades.map((t) => t.id) };
}

describe('feed frames for the canvas worker', () => {
  it('a late canvas starts from the book and the recent trades, and then gets a frame per credit', async () => {
    const { c, socket, canvas } = setup();
    socket.receive(snapshot);
    socket.receive(trade(1));
    socket.receive(trade(2));
    await tick();
    c.handle({ type: 'credit' });
    c.attachCanvas((f) => canvas.push(f));
    await tick();
    expect(canvas).toHaveLength(1);
    expect(canvas[0]!.tradesCleared).toBe(true);
    expect(canvas[0]!.book).not.toBeNull();
    expect(replay(canvas).trades).toEqual(['t2', 't1']);
    // No credit back yet: nothing more, however much arrives.
    socket.receive(delta(11, '4'));
    await tick();
    expect(canvas).toHaveLength(1);
    c.canvasCredit();
    await tick();
    expect(canvas).toHaveLength(2);
    expect(replay(canvas).level).toBe('4.000000');
    c.destroy();
  });

  it('the page gets a frame at most every 100 ms, carrying everything the canvas got frame by frame', async () => {
    const { c, clock, socket, page, canvas } = setup();
    socket.receive(snapshot);
    await tick();
    c.handle({ type: 'credit' });
    c.attachCanvas((f) => canvas.push(f));
    await tick();
    const pageBefore = page.length;
    for (let i = 1; i <= 10; i++) {
      clock.advance(10);
      c.canvasCredit();
      c.handle({ type: 'credit' });
      socket.receive(delta(10 + i, String(i)));
      socket.receive(trade(i));
      await tick();
    }
    // The canvas drew ten frames; the page, in the same 100 ms, at most one or two.
    expect(canvas.length).toBeGreaterThanOrEqual(10);
    const pageFrames = page.slice(pageBefore);
    expect(pageFrames.length).toBeLessThanOrEqual(2);
    for (let i = 1; i < pageFrames.length; i++) expect(pageFrames[i]!.sentAt - pageFrames[i - 1]!.sentAt).toBeGreaterThanOrEqual(PAGE_FRAME_MS_WITH_CANVAS);
    clock.advance(PAGE_FRAME_MS_WITH_CANVAS);
    await tick();
    // Both end up with the same book and the same trades.
    const ids = Array.from({ length: 10 }, (_, i) => `t${10 - i}`);
    expect(replay(canvas)).toEqual({ level: '10.000000', trades: ids });
    expect(replay(page)).toEqual({ level: '10.000000', trades: ids });
    c.destroy();
  });

  it('the canvas gets no tickers or candles; the page still does', async () => {
    const { c, clock, socket, page, canvas } = setup();
    c.attachCanvas((f) => canvas.push(f));
    socket.receive(ticker);
    await tick();
    clock.advance(PAGE_FRAME_MS_WITH_CANVAS);
    c.handle({ type: 'credit' });
    c.canvasCredit();
    await tick();
    expect(canvas.every((f) => f.tickers === null && f.candle === null)).toBe(true);
    expect(page.some((f) => f.tickers?.[0]?.lastPrice === '100.25')).toBe(true);
    c.destroy();
  });

  it('detaching the canvas gives the page a frame per credit again', async () => {
    const { c, socket, page, canvas } = setup();
    socket.receive(snapshot);
    await tick();
    c.attachCanvas((f) => canvas.push(f));
    c.attachCanvas(null);
    for (let i = 1; i <= 5; i++) {
      c.handle({ type: 'credit' });
      socket.receive(delta(10 + i, String(i)));
      await tick();
    }
    // The clock never moved: none of these frames waited out the 100 ms page interval.
    expect(page.filter((f) => f.book).length).toBeGreaterThanOrEqual(5);
    c.destroy();
  });
});
