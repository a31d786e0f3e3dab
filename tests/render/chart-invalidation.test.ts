import type { Renderer } from 'pixi.js';
import { describe, expect, it } from 'vitest';
import { CandleSeries } from '../../src/core/chart/candle-series.ts';
import { DEFAULT_INDICATORS, DEFAULT_PREFS } from '../../src/core/chart/chart-prefs.ts';
import type { ChartInput } from '../../src/render/chart/chart-widget.ts';
import { themeFor } from '../../src/render/theme.ts';

/** A Canvas-renderer stand-in: a 2D context that accepts every call, and render() counted. */
function fakeRenderer() {
  const ctx = new Proxy({}, { get: () => () => ({ width: 10 }), set: () => true });
  const r = { name: 'canvas', resolution: 1, canvasContext: { rootContext: ctx }, renders: 0, render() { r.renders++; }, resize() {}, destroy() {} };
  return r;
}

function series(n: number): CandleSeries {
  const s = new CandleSeries();
  s.reset(Array.from({ length: n }, (_, i) => ({ start: i * 60_000, open: '1', high: '2', low: '0.5', close: '1.5', volume: '1' })), 2);
  return s;
}

// PixiJS reads the browser's navigator when it loads; this test needs its scene classes only.
if (typeof navigator === 'undefined') Object.assign(globalThis, { navigator: { userAgent: 'node' } });
// Draws are called directly here; the frame scheduler only needs something to ask.
if (typeof requestAnimationFrame === 'undefined') Object.assign(globalThis, { requestAnimationFrame: () => 1, cancelAnimationFrame: () => {} });
const { ChartWidget } = await import('../../src/render/chart/chart-widget.ts');

describe('chart invalidation levels', () => {
  it('a pan or zoom draws again without reading the inputs; a full invalidation reads them', async () => {
    const s = series(300);
    let reads = 0;
    const input = (): ChartInput => {
      reads++;
      return { series: s, version: s.version, type: 'candle', indicators: DEFAULT_INDICATORS, prefs: DEFAULT_PREFS, theme: themeFor(false), swap: false, precision: 2, compare: null, compareVersion: 0, rightOffset: 5, minBarSpacing: 0.8 };
    };
    const canvas = {} as HTMLCanvasElement;
    const w = new ChartWidget(canvas, canvas, 800, 400, input);
    const r = fakeRenderer();
    await w.attach(r as unknown as Renderer);
    w.draw();
    const afterFirst = reads;
    expect(w.stats.fullDraws).toBe(1);
    w.pan(40);
    w.draw();
    expect(reads).toBe(afterFirst);
    expect(w.stats.fullDraws).toBe(1);
    expect(w.stats.draws).toBe(2);
    w.invalidate('full');
    w.pan(-10);
    w.draw();
    // Both marks merge into one draw at the highest level.
    expect(reads).toBe(afterFirst + 1);
    expect(w.stats.fullDraws).toBe(2);
    // A cursor invalidation leaves the main canvas alone.
    const renders = r.renders;
    w.invalidate('cursor');
    expect(r.renders).toBe(renders);
    w.destroy();
  });
});
