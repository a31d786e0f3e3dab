// Bad input from the network: dropped and counted, never a crash, never a corrupt book.
import { describe, expect, it } from 'vitest';
import { BookRowFormatter } from '../../src/core/book-rows.ts';
import { parseScale } from '../../src/core/decimal.ts';
import { startFeedController } from './fakes.ts';

const snapshot = JSON.stringify({
  topic: 'orderbook.50.BTCUSDT', ts: 1700000000000, type: 'snapshot',
  data: { s: 'BTCUSDT', b: [['100.00', '1'], ['99.50', '2']], a: [['100.50', '1.5'], ['101.00', '3']], u: 10, seq: 1000 }, cts: 1700000000000,
});

function setup() {
  const { page: frames, ...rest } = startFeedController();
  return { ...rest, frames };
}

const flush = () => new Promise((r) => setTimeout(r, 0));

describe('feed controller and bad input', () => {
  it('subscribes the active symbol\'s topics, at most 10 per request', async () => {
    const { socket, c } = setup();
    c.handle({ type: 'watch', symbols: Array.from({ length: 15 }, (_, i) => `SYM${i}USDT`) });
    const ops = socket.sent.map((s) => JSON.parse(s));
    const args = ops.filter((o) => o.op === 'subscribe').flatMap((o) => o.args);
    expect(args).toEqual(expect.arrayContaining(['orderbook.50.BTCUSDT', 'publicTrade.BTCUSDT', 'tickers.BTCUSDT', 'tickers.SYM14USDT']));
    expect(ops.every((o) => !o.args || o.args.length <= 10)).toBe(true);
  });

  it('drops and counts garbage while the book stays exactly as the valid messages made it', async () => {
    const { socket, c, frames } = setup();
    socket.receive(snapshot);
    const garbage = [
      'not json', '[]', 'null', '{"topic":5}', '{"op":"subscribe","success":false,"ret_msg":"bad topic"}',
      '{"topic":"orderbook.50.BTCUSDT","ts":1,"type":"delta","data":{"s":"BTCUSDT","b":[["NaN","1"]],"a":[],"u":11}}',
      '{"topic":"orderbook.50.BTCUSDT","ts":1,"type":"delta","data":{"s":"BTCUSDT","b":[["100.00","-1"]],"a":[],"u":11}}',
      '{"topic":"orderbook.50.BTCUSDT","ts":1,"type":"delta","data":{"s":"BTCUSDT","b":[[100,"1"]],"a":[],"u":11}}',
      '{"topic":"orderbook.50.BTCUSDT","ts":1,"type":"delta","data":{"s":"BTCUSDT","b":[["100.001","1"]],"a":[],"u":11}}',
      '{"topic":"publicTrade.BTCUSDT","ts":1,"type":"snapshot","data":[{"i":"1","T":1,"p":"1e9","v":"1","S":"Buy","s":"BTCUSDT"}]}',
      '{"topic":"tickers.BTCUSDT","ts":1,"type":"snapshot","data":{"symbol":"BTCUSDT","lastPrice":"-5"}}',
      '{"topic":"weird.topic","data":{}}',
      'x'.repeat(600 * 1024),
    ];
    for (const g of garbage) socket.receive(g);
    await flush();
    const status = frames.findLast((f) => f.status)!.status!;
    const dropped = Object.values(status.dropped).reduce((a, b) => a + b, 0);
    expect(dropped).toBe(garbage.length - 1);
    expect(status.subscribeErrors).toEqual(['bad topic']);
    const book = frames.findLast((f) => f.book)!.book!;
    const view = new BookRowFormatter().format(book, { tick: parseScale('0.01')!, sizeDecimals: 6, quoteDecimals: 8, priceDecimals: 2, totalIn: 'base' });
    expect(view.bids.map((r) => [r.price, r.size])).toEqual([['100.00', '1.000000'], ['99.50', '2.000000']]);
    expect(view.asks.map((r) => [r.price, r.size])).toEqual([['100.50', '1.500000'], ['101.00', '3.000000']]);
    c.destroy();
  });

  it('sends at most one frame per credit, coalescing everything in between', async () => {
    const { socket, c, frames } = setup();
    socket.receive(snapshot);
    await flush();
    const n = frames.length;
    for (let u = 11; u < 31; u++) {
      socket.receive(JSON.stringify({ topic: 'orderbook.50.BTCUSDT', ts: 1, type: 'delta', data: { s: 'BTCUSDT', b: [['99.00', String(u)]], a: [], u, seq: 1000 + u } }));
    }
    await flush();
    expect(frames.length).toBe(n);
    c.handle({ type: 'credit' });
    await flush();
    expect(frames.length).toBe(n + 1);
    const view = new BookRowFormatter().format(frames.at(-1)!.book!, { tick: parseScale('0.01')!, sizeDecimals: 6, quoteDecimals: 8, priceDecimals: 2, totalIn: 'base' });
    expect(view.bids.find((r) => r.price === '99.00')?.size).toBe('30.000000');
    c.destroy();
  });
});

describe('a book that comes out crossed', () => {
  it('is dropped and fetched again instead of shown', async () => {
    const { socket, c, frames } = setup();
    socket.receive(snapshot);
    await flush();
    c.handle({ type: 'credit' });
    const sentBefore = socket.sent.length;
    // A bid above the best ask with no ask removal: sequence ids fine, content impossible.
    socket.receive(JSON.stringify({ topic: 'orderbook.50.BTCUSDT', ts: 1, type: 'delta', data: { s: 'BTCUSDT', b: [['100.60', '1']], a: [], u: 11, seq: 1001 } }));
    await flush();
    const last = frames.at(-1)!;
    expect(last.bookCleared).toBe(true);
    expect(last.book).toBeNull();
    expect(last.status!.crossed).toBe(1);
    expect(last.status!.gaps).toBe(0);
    const ops = socket.sent.slice(sentBefore).map((t) => JSON.parse(t));
    expect(ops.map((o) => [o.op, o.args])).toEqual([['unsubscribe', ['orderbook.50.BTCUSDT']], ['subscribe', ['orderbook.50.BTCUSDT']]]);
    c.destroy();
  });
});
