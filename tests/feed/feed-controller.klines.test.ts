// The extra charts' candle streams (issue 36 item 3): the 'klines' command subscribes to each
// pair's kline topic at its interval, and each candle of them goes to the page by its pair and
// interval; the active market's own kline topic still feeds the frames.
import { describe, expect, it } from 'vitest';
import { FeedController } from '../../src/feed/feed-controller.ts';
import { ReferenceBookEngine } from '../../src/engine/reference-book.ts';
import type { CandleRow } from '../../src/core/market-rows.ts';
import type { FeedFrame } from '../../src/feed/frame.ts';
import { FakeClock, FakeSocket } from './fakes.ts';

const kline = (topic: string, close: string) =>
  JSON.stringify({ topic, ts: 1, type: 'snapshot', data: [{ start: 3_600_000, end: 7_199_999, interval: '60', open: '1', close, high: '100000', low: '1', volume: '1', turnover: '1', confirm: false, timestamp: 1 }] });
const tick = () => new Promise((r) => setTimeout(r, 0));

function setup() {
  const sockets: FakeSocket[] = [];
  const page: FeedFrame[] = [];
  const candles: Array<{ symbol: string; interval: string; close: string }> = [];
  const c = new FeedController({
    engine: new ReferenceBookEngine(),
    clock: new FakeClock(),
    createSocket: (u) => (sockets.push(new FakeSocket(u)), sockets.at(-1)!),
    post: (f) => page.push(f),
    candle: (symbol, interval, k: CandleRow) => candles.push({ symbol, interval, close: k.close }),
  });
  c.handle({ type: 'connect', url: 'ws://x' });
  c.handle({ type: 'market', market: { symbol: 'BTCUSDT', tickSize: '0.01', lotSize: '0.000001', quoteDecimals: 8, mode: 4, step: null, interval: '30' } });
  sockets[0]!.open();
  return { c, socket: sockets[0]!, page, candles };
}

const subscribed = (socket: FakeSocket, op: string) => socket.sent.map((s) => JSON.parse(s) as { op: string; args: string[] }).filter((m) => m.op === op).flatMap((m) => m.args);

describe('extra charts’ kline streams', () => {
  it('subscribes to each, hands their candles to the page by pair and interval, and drops them when told', async () => {
    const { c, socket, candles } = setup();
    c.handle({ type: 'klines', list: [{ symbol: 'ETHUSDT', interval: '60' }, { symbol: 'BTCUSDT', interval: '30' }, { symbol: 'bad symbol', interval: '60' }] });
    expect(subscribed(socket, 'subscribe')).toContain('kline.60.ETHUSDT');
    expect(subscribed(socket, 'subscribe').filter((t) => t.includes('bad'))).toEqual([]);
    socket.receive(kline('kline.60.ETHUSDT', '3400'));
    // The same topic as the page's own chart: both have it.
    socket.receive(kline('kline.30.BTCUSDT', '97000'));
    await tick();
    expect(candles).toEqual([
      { symbol: 'ETHUSDT', interval: '60', close: '3400' },
      { symbol: 'BTCUSDT', interval: '30', close: '97000' },
    ]);
    c.handle({ type: 'klines', list: [] });
    expect(subscribed(socket, 'unsubscribe')).toContain('kline.60.ETHUSDT');
    // The page's own kline topic stays.
    expect(subscribed(socket, 'unsubscribe')).not.toContain('kline.30.BTCUSDT');
    socket.receive(kline('kline.60.ETHUSDT', '3500'));
    await tick();
    expect(candles).toHaveLength(2);
    c.destroy();
  });
});
