// The heatmap in the feed worker: no timer and no sampling while off; while on, one sample per
// HEAT_SAMPLE_MS into the active symbol's ring, whose history comes back on a switch back.
import { describe, expect, it } from 'vitest';
import { FeedController, HEAT_SAMPLE_MS } from '../../src/feed/feed-controller.ts';
import type { HeatSnapshot } from '../../src/engine/heat-sampler.ts';
import type { MarketSpec } from '../../src/feed/frame.ts';
import { wasmEngine } from '../engine/support/engines.ts';
import { FakeClock, FakeSocket } from './fakes.ts';

const spec = (symbol: string): MarketSpec => ({ symbol, tickSize: '0.01', lotSize: '0.000001', quoteDecimals: 8, mode: 4, step: null, interval: null });
const book = (symbol: string) => JSON.stringify({
  topic: `orderbook.50.${symbol}`, ts: 1, type: 'snapshot',
  data: { s: symbol, b: [['100.00', '1'], ['99.50', '2']], a: [['100.50', '1.5'], ['101.00', '3']], u: 10, seq: 1000 }, cts: 1,
});

function setup() {
  const clock = new FakeClock();
  const sockets: FakeSocket[] = [];
  const engine = wasmEngine('release');
  const heat: HeatSnapshot[] = [];
  const c = new FeedController({
    engine,
    clock,
    createSocket: (u) => (sockets.push(new FakeSocket(u)), sockets.at(-1)!),
    post: () => undefined,
    heat: (s) => heat.push(s),
  });
  c.handle({ type: 'connect', url: 'ws://x' });
  c.handle({ type: 'market', market: spec('BTCUSDT') });
  sockets[0]!.open();
  sockets[0]!.receive(book('BTCUSDT'));
  return { c, clock, socket: sockets[0]!, engine, heat };
}

describe('feed controller: order-book heatmap', () => {
  it('while off takes no sample and keeps no timer of its own', () => {
    const { clock, engine, heat } = setup();
    const timers = clock.pending();
    clock.advance(HEAT_SAMPLE_MS * 10);
    expect(engine.heat.sampleCount).toBe(0);
    expect(heat).toHaveLength(0);
    expect(clock.pending()).toBeLessThanOrEqual(timers);
  });

  it('while on samples once per period and posts the symbol\'s columns; off stops it', () => {
    const { c, clock, engine, heat } = setup();
    c.handle({ type: 'heatmap', on: true, widthTicks: 10 });
    clock.advance(HEAT_SAMPLE_MS * 3);
    expect(engine.heat.sampleCount).toBe(3);
    const last = heat.at(-1)!;
    expect(last.symbol).toBe('BTCUSDT');
    expect(last.columns).toBe(3);
    expect(last.cells.reduce((a, b) => a + b, 0)).toBe(3 * (1 + 2 + 1.5 + 3) * 1e6);
    c.handle({ type: 'heatmap', on: false, widthTicks: 10 });
    clock.advance(HEAT_SAMPLE_MS * 3);
    expect(engine.heat.sampleCount).toBe(3);
  });

  it('keeps a symbol\'s columns across a switch to another pair and back', () => {
    const { c, clock, socket, heat } = setup();
    c.handle({ type: 'heatmap', on: true, widthTicks: 10 });
    clock.advance(HEAT_SAMPLE_MS * 2);
    c.handle({ type: 'market', market: spec('ETHUSDT') });
    socket.receive(book('ETHUSDT'));
    clock.advance(HEAT_SAMPLE_MS);
    expect(heat.at(-1)).toMatchObject({ symbol: 'ETHUSDT', columns: 1 });
    c.handle({ type: 'market', market: spec('BTCUSDT') });
    // The switch back hands the page BTCUSDT's two earlier columns at once.
    expect(heat.at(-1)).toMatchObject({ symbol: 'BTCUSDT', columns: 2 });
  });
});
