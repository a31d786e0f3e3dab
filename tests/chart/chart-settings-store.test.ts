// Spec 2.4, 2.5, 4.5 and 9's chart preferences: what is kept locally, and the lists the chart offers
// (issue 34 item 5: rows of docs/spec-coverage.md no other test checked).
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';

class MemoryStorage {
  readonly map = new Map<string, string>();
  getItem(k: string): string | null {
    return this.map.get(k) ?? null;
  }
  setItem(k: string, v: string): void {
    this.map.set(k, v);
  }
  removeItem(k: string): void {
    this.map.delete(k);
  }
}

let storage: MemoryStorage;
beforeEach(() => {
  storage = new MemoryStorage();
  vi.stubGlobal('localStorage', storage);
  vi.resetModules();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

/** A fresh copy of the chart settings, as a page loading with this storage would have them. */
const load = () => import('../../src/state/chart/chart-settings.ts');

describe('chart preferences kept locally', () => {
  test('the chosen non-depth chart mode is remembered; choosing Depth is not', async () => {
    const first = await load();
    expect(first.chartMode.value).toBe('pro');
    first.setChartMode('simple');
    first.setChartMode('depth');
    expect(first.chartMode.value).toBe('depth');
    vi.resetModules();
    expect((await load()).chartMode.value).toBe('simple');
  });

  test('the interval is kept locally and read back on the next load (default 30)', async () => {
    const first = await load();
    expect(first.chartInterval.value).toBe('30');
    first.setChartInterval('240');
    vi.resetModules();
    expect((await load()).chartInterval.value).toBe('240');
  });

  test('the chart type and the pinned intervals are kept locally', async () => {
    const first = await load();
    first.setChartType('hollow');
    first.setPinnedIntervals(['5', '1D']);
    vi.resetModules();
    const again = await load();
    expect(again.chartType.value).toBe('hollow');
    expect(again.pinnedIntervals.value).toEqual(['5', '1D']);
  });
});

describe('other preferences kept locally (spec 3)', () => {
  test('the order-book merge step is kept per symbol', async () => {
    const { saveStep, stepFor } = await import('../../src/state/market/book-view.ts');
    const fresh = stepFor('ETHUSDT', '0.01,0.1,1,10', 2);
    saveStep('BTCUSDT', '10');
    expect(stepFor('BTCUSDT', '0.01,0.1,1,10', 2)).toBe('10');
    expect(stepFor('ETHUSDT', '0.01,0.1,1,10', 2)).toBe(fresh);
    expect(fresh).not.toBe('10');
  });
});

describe('the chart lists of spec 2.5 and 9', () => {
  test('chart types: bar, candle, hollow candle, average (Heikin-Ashi) candle, line, area, base line', async () => {
    expect((await load()).CHART_TYPES).toEqual(['bar', 'candle', 'hollow', 'heikin', 'line', 'area', 'baseline']);
  });

  test('pinned by default: 1s, 15m, 1h, 4h, 1d, 1w, 1M', async () => {
    expect((await load()).pinnedIntervals.value).toEqual(['1s', '15', '60', '240', '1D', '1W', '1M']);
  });

  test('favourite intervals: 1, 5, 15, 30, 60, 240, 1D, 1W, 1M on the Pro chart\'s bar; the pinned on the Simple chart\'s; each customized and kept apart', async () => {
    const s = await load();
    expect(s.chartMode.value).toBe('pro');
    expect(s.barIntervals.value).toEqual(['1', '5', '15', '30', '60', '240', '1D', '1W', '1M']);
    s.setChartMode('simple');
    expect(s.barIntervals.value).toEqual(['1s', '15', '60', '240', '1D', '1W', '1M']);
    expect(s.defaultBarIntervals()).toEqual(['1s', '15', '60', '240', '1D', '1W', '1M']);
    s.setBarIntervals(['1s', '1D']);
    s.setChartMode('pro');
    expect(s.defaultBarIntervals()).toEqual(['1', '5', '15', '30', '60', '240', '1D', '1W', '1M']);
    s.setBarIntervals(['3', '720']);
    vi.resetModules();
    const again = await load();
    expect(again.barIntervals.value).toEqual(['3', '720']);
    expect(again.pinnedIntervals.value).toEqual(['1s', '1D']);
  });

  test('time-frame presets: 5y/1W, 1y/1W, 6m/120, 3m/60, 1m/30, 5d/5, 1d/1', async () => {
    const { TIME_FRAME_PRESETS } = await import('../../src/core/chart/intervals.ts');
    expect(TIME_FRAME_PRESETS.map((p) => `${p.count}${p.unit}/${p.interval}`)).toEqual(['5y/1W', '1y/1W', '6m/120', '3m/60', '1m/30', '5d/5', '1d/1']);
  });
});
