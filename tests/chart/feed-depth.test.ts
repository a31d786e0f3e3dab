// The depth chart's opt-in: frames carry the engine's cumulative curves only while asked for.
import { describe, expect, it } from 'vitest';
import { FeedController } from '../../src/feed/feed-controller.ts';
import type { FeedFrame } from '../../src/feed/frame.ts';
import { ReferenceBookEngine } from '../../src/engine/reference-book.ts';
import { FakeClock, FakeSocket } from '../feed/fakes.ts';

const snapshot = JSON.stringify({
  topic: 'orderbook.50.BTCUSDT', ts: 1700000000000, type: 'snapshot',
  data: { s: 'BTCUSDT', b: [['100.00', '1'], ['99.50', '2']], a: [['100.50', '1.5'], ['101.00', '3']], u: 10, seq: 1000 }, cts: 1700000000000,
});
const delta = (u: number) =>
  JSON.stringify({ topic: 'orderbook.50.BTCUSDT', ts: 1700000000001, type: 'delta', data: { s: 'BTCUSDT', b: [['99.00', '4']], a: [], u, seq: 1000 + u }, cts: 1 });

function setup() {
  const sockets: FakeSocket[] = [];
  const frames: FeedFrame[] = [];
  const c = new FeedController({
    engine: new ReferenceBookEngine(),
    clock: new FakeClock(),
    createSocket: (u) => (sockets.push(new FakeSocket(u)), sockets.at(-1)!),
    post: (f) => frames.push(f),
  });
  c.handle({ type: 'connect', url: 'ws://x' });
  c.handle({ type: 'market', market: { symbol: 'BTCUSDT', tickSize: '0.01', lotSize: '0.000001', quoteDecimals: 8, mode: 4, step: null, interval: '30' } });
  sockets[0]!.open();
  return { c, socket: sockets[0]!, frames };
}

const flush = () => new Promise((r) => setTimeout(r, 0));
const pairs = (a: Float64Array) => Array.from({ length: a.length / 2 }, (_, i) => [a[2 * i]!, a[2 * i + 1]!]);

describe('depth curve in frames', () => {
  it('is absent by default and subscribes the chosen kline interval', async () => {
    const { socket, frames } = setup();
    socket.receive(snapshot);
    await flush();
    expect(frames.some((f) => f.book)).toBe(true);
    expect(frames.every((f) => !f.curve)).toBe(true);
    const topics = socket.sent.map((s) => JSON.parse(s)).flatMap((o) => o.args ?? []);
    expect(topics).toContain('kline.30.BTCUSDT');
  });

  it('carries cumulative curves (ticks, scaled size), best first, once turned on, and stops when off', async () => {
    const { c, socket, frames } = setup();
    socket.receive(snapshot);
    await flush();
    c.handle({ type: 'credit' });
    c.handle({ type: 'depth', on: true });
    await flush();
    const f = frames.at(-1)!;
    expect(f.curve?.symbol).toBe('BTCUSDT');
    // 100.00 → 10000 ticks, size 1 → 1e6 at 6 decimals; cumulative outwards from the best price.
    expect(pairs(f.curve!.bids)).toEqual([
      [10000, 1e6],
      [9950, 3e6],
    ]);
    expect(pairs(f.curve!.asks)).toEqual([
      [10050, 1.5e6],
      [10100, 4.5e6],
    ]);
    c.handle({ type: 'credit' });
    socket.receive(delta(11));
    await flush();
    expect(pairs(frames.at(-1)!.curve!.bids).at(-1)).toEqual([9900, 7e6]);
    c.handle({ type: 'credit' });
    c.handle({ type: 'depth', on: false });
    socket.receive(delta(12));
    await flush();
    expect(frames.at(-1)!.book).not.toBeNull();
    expect(frames.at(-1)!.curve).toBeUndefined();
  });
});
