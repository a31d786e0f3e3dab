// Browser side of bench/chart.ts: the same candles drawn by lightweight-charts and by our chart
// in a 1000×600 box, driven frame by frame. Exposes window.chartBench for the runner.
import { CandlestickSeries, createChart, type IChartApi, type ISeriesApi, type UTCTimestamp } from 'lightweight-charts';
import { CandleSeries, type CandleInput } from '../src/core/chart/candle-series.ts';
import { CanvasHost } from '../src/render/canvas-host.ts';
import { ChartWidget } from '../src/render/chart/chart-widget.ts';
import { chosenRendererKind } from '../src/render/renderer-choice.ts';
import { themeFor } from '../src/render/theme.ts';
import { DRAWING_KINDS, type Drawing } from '../src/core/chart/drawings.ts';
import { DEFAULT_INDICATORS, DEFAULT_PREFS, MIN_BAR_SPACING, RIGHT_OFFSET_BARS, type IndicatorSettings } from '../src/core/chart/chart-prefs.ts';

const W = 1000;
const H = 600;
const MINUTE = 60_000;
const START = Date.UTC(2020, 0, 1);

interface Data {
  rows: CandleInput[];
  lwc: Array<{ time: UTCTimestamp; open: number; high: number; low: number; close: number }>;
}

/** Deterministic random-walk candles, as decimal strings (ours, like REST) and numbers (lightweight-charts). */
function makeData(n: number): Data {
  let seed = 12345;
  const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
  let price = 30_000;
  const rows: CandleInput[] = [];
  const lwc: Data['lwc'] = [];
  for (let i = 0; i < n; i++) {
    const open = price;
    const close = Math.max(1, open * (1 + (rnd() - 0.5) * 0.01));
    const high = Math.max(open, close) * (1 + rnd() * 0.003);
    const low = Math.min(open, close) * (1 - rnd() * 0.003);
    price = close;
    const f = (v: number) => v.toFixed(2);
    const start = START + i * MINUTE;
    rows.push({ start, open: f(open), high: f(high), low: f(low), close: f(close), volume: f(rnd() * 10) });
    lwc.push({ time: (start / 1000) as UTCTimestamp, open: +f(open), high: +f(high), low: +f(low), close: +f(close) });
  }
  return { rows, lwc };
}

const raf = () => new Promise<number>((r) => requestAnimationFrame(r));

interface Driver {
  pan(dx: number): void;
  spacing(s: number): void;
  update(close: number): void;
  destroy(): void;
}

function box(): HTMLDivElement {
  const el = document.createElement('div');
  el.style.cssText = `position:relative;width:${W}px;height:${H}px`;
  document.body.append(el);
  return el;
}

const NO_INDICATORS: IndicatorSettings = Object.fromEntries(Object.entries(DEFAULT_INDICATORS).map(([k, v]) => [k, { ...v, on: false }])) as unknown as IndicatorSettings;

/**
 * Ten drawings spread over the newest ~500 bars, around the prices there (issue 36: the chart's
 * goals hold with ten drawings on it): one of each kind but the note (whose text is DOM), a second trend line.
 */
export function tenDrawings(data: Data): Drawing[] {
  const kinds = [...DRAWING_KINDS.filter((k) => k !== 'text'), 'trend' as const];
  const rows = data.rows;
  return kinds.map((kind, i) => {
    const a = rows[Math.max(0, rows.length - 500 + i * 40)]!;
    const b = rows[Math.max(0, rows.length - 300 + i * 25)]!;
    const c = rows[Math.max(0, rows.length - 400 + i * 30)]!;
    const pts = [{ t: a.start, p: Number(a.low) }, { t: b.start, p: Number(b.high) }, { t: c.start, p: Number(c.close) * 1.01 }];
    const need = kind === 'hline' || kind === 'hray' || kind === 'vline' ? 1 : kind === 'channel' ? 3 : 2;
    return { id: `b${i}`, kind, points: pts.slice(0, need), color: '#2962ff', width: 2, locked: false, hidden: false };
  });
}

async function mountOurs(data: Data, drawings = 0): Promise<{ driver: Driver; ttfr: number }> {
  const el = box();
  const canvas = document.createElement('canvas');
  const overlay = document.createElement('canvas');
  for (const c of [canvas, overlay]) (c.style.cssText = 'position:absolute;inset:0'), el.append(c);
  const t0 = performance.now();
  const series = new CandleSeries();
  series.reset(data.rows, 2);
  const tParsed = performance.now();
  const widget = new ChartWidget(canvas, overlay, W, H, () => ({
    series,
    version: series.version,
    type: 'candle',
    indicators: NO_INDICATORS,
    prefs: DEFAULT_PREFS,
    theme: themeFor(false),
    swap: false,
    precision: 2,
    compare: null,
    compareVersion: 0,
    rightOffset: RIGHT_OFFSET_BARS,
    minBarSpacing: MIN_BAR_SPACING,
  }));
  // The page's mount: the host creates the renderer and schedules draws; new candles invalidate.
  const host = new CanvasHost(widget);
  await host.started;
  const tInit = performance.now();
  while (widget.stats.draws < 1) await raf();
  await raf();
  const ttfr = performance.now() - t0;
  if (drawings > 0) widget.setDrawings({ list: tenDrawings(data).slice(0, drawings), selected: null });
  parts = { parse: tParsed - t0, init: tInit - tParsed, renderer: widget.stats.rendererMs, font: widget.stats.fontMs, firstDraw: widget.stats.lastDrawMs };
  const plotW = W - 72;
  const driver: Driver = {
    pan: (dx) => widget.pan(dx),
    spacing: (s) => widget.zoom(s / widget.ts.barSpacing, plotW),
    update: (close) => {
      const i = series.length - 1;
      const c = close.toFixed(2);
      const o = series.priceText(series.open[i]!);
      const hi = Math.max(close, series.high[i]! * series.unit).toFixed(2);
      const lo = Math.min(close, series.low[i]! * series.unit).toFixed(2);
      series.merge({ start: series.time[i]!, open: o, high: hi, low: lo, close: c, volume: '1' });
      host.invalidate();
    },
    destroy: () => {
      host.destroy();
      el.remove();
    },
  };
  return { driver, ttfr };
}

async function mountLwc(data: Data): Promise<{ driver: Driver; ttfr: number }> {
  const el = box();
  const t0 = performance.now();
  const chart: IChartApi = createChart(el, {
    width: W,
    height: H,
    layout: { background: { color: '#15191e' }, textColor: '#8b939e' },
    // Conflation on, as its documentation recommends for large datasets zoomed out (issue 37 item 6:
    // left off, the peer drew every one of 100k bars at sub-pixel spacing, which flattered us).
    timeScale: { rightOffset: RIGHT_OFFSET_BARS, minBarSpacing: MIN_BAR_SPACING, barSpacing: 8, timeVisible: true, enableConflation: true },
  });
  const series: ISeriesApi<'Candlestick'> = chart.addSeries(CandlestickSeries, { upColor: '#20b26c', downColor: '#ef454a', wickUpColor: '#20b26c', wickDownColor: '#ef454a', borderVisible: false });
  series.setData(data.lwc);
  // lightweight-charts paints in its next animation frame; the frame after shows it.
  await raf();
  await raf();
  const ttfr = performance.now() - t0;
  const last = { ...data.lwc[data.lwc.length - 1]! };
  const driver: Driver = {
    pan: (dx) => {
      const ts = chart.timeScale();
      ts.scrollToPosition(ts.scrollPosition() - dx / ts.options().barSpacing, false);
    },
    spacing: (s) => chart.timeScale().applyOptions({ barSpacing: s }),
    update: (close) => {
      last.close = +close.toFixed(2);
      last.high = Math.max(last.high, last.close);
      last.low = Math.min(last.low, last.close);
      series.update(last);
    },
    destroy: () => {
      chart.remove();
      el.remove();
    },
  };
  return { driver, ttfr };
}

function pct(a: number[], p: number): number {
  const s = a.slice().sort((x, y) => x - y);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
}

/** Runs `step(k)` once per frame for `frames` frames; returns the frame intervals. */
async function frames(count: number, step: (k: number) => void): Promise<number[]> {
  const out: number[] = [];
  let prev = await raf();
  for (let k = 0; k < count; k++) {
    step(k);
    const now = await raf();
    out.push(now - prev);
    prev = now;
  }
  return out;
}

export interface RunResult {
  lib: 'ours' | 'lwc';
  n: number;
  ttfr: number;
  panP95: number;
  panMean: number;
  panFps: number;
  zoomP95: number;
  updateMedian: number;
  updateP95: number;
  /** Frame interval with nothing to draw, the floor every figure above sits on. */
  idleMedian: number;
  /** Script time inside animation-frame callbacks (where both libraries draw), per frame. */
  panScriptP95: number;
  zoomScriptP95: number;
  updateScriptMedian: number;
  ttfrParts: Record<string, number>;
  renderer: string | null;
}

const cache = new Map<number, Data>();
let parts: Record<string, number> = {};

/** Time spent inside animation-frame callbacks per frame (both libraries draw there), by frame time. */
const scriptByFrame = new Map<number, number>();
const nativeRaf = window.requestAnimationFrame.bind(window);
window.requestAnimationFrame = (cb: FrameRequestCallback) =>
  nativeRaf((ts) => {
    const t = performance.now();
    try {
      cb(ts);
    } finally {
      scriptByFrame.set(ts, (scriptByFrame.get(ts) ?? 0) + performance.now() - t);
    }
  });

/** Like `frames`, but returns the script time of each frame. */
async function scriptFrames(count: number, step: (k: number) => void): Promise<{ intervals: number[]; script: number[] }> {
  scriptByFrame.clear();
  const intervals = await frames(count, step);
  const script = [...scriptByFrame.values()];
  return { intervals, script };
}

/** `drawings`: that many drawings on our chart (at most ten; the case issue 36 adds). */
async function run(lib: 'ours' | 'lwc', n: number, framesPerPhase: number, panOnly = false, drawings = 0): Promise<RunResult> {
  const data = cache.get(n) ?? makeData(n);
  cache.set(n, data);
  const { driver, ttfr } = await (lib === 'ours' ? mountOurs(data, drawings) : mountLwc(data));
  // A dense view (2 px bars, ~460 on screen) for panning: what a trader scrolling history sees.
  driver.spacing(2);
  for (let k = 0; k < 5; k++) await raf();
  const half = framesPerPhase / 2;
  const panRun = await scriptFrames(framesPerPhase, (k) => driver.pan(k < half ? 15 : -15));
  const pan = panRun.intervals;
  if (panOnly) {
    driver.destroy();
    const sum = pan.reduce((a, b) => a + b, 0);
    return { lib, n, ttfr, panP95: pct(pan, 95), panMean: sum / pan.length, panFps: (1000 * pan.length) / sum, zoomP95: NaN, updateMedian: NaN, updateP95: NaN, idleMedian: NaN, panScriptP95: pct(panRun.script, 95), zoomScriptP95: NaN, updateScriptMedian: NaN, ttfrParts: {}, renderer: null };
  }
  // Zoom: bar spacing sweeps 2 → 0.8 → 8 → 2.
  const zoomRun = await scriptFrames(framesPerPhase, (k) => {
    const t = k / framesPerPhase;
    const s = t < 0.25 ? 2 - 4.8 * t : t < 0.75 ? 0.8 + (t - 0.25) * 14.4 : 8 - (t - 0.75) * 24;
    driver.spacing(Math.max(0.8, s));
  });
  const zoom = zoomRun.intervals;
  let price = 30_000;
  const updRun = await scriptFrames(framesPerPhase, (k) => driver.update((price += Math.sin(k) * 5)));
  const upd = updRun.intervals;
  const idle = await frames(Math.min(60, framesPerPhase), () => {});
  driver.destroy();
  const panSum = pan.reduce((a, b) => a + b, 0);
  return {
    lib,
    n,
    ttfr,
    panP95: pct(pan, 95),
    panMean: panSum / pan.length,
    panFps: (1000 * pan.length) / panSum,
    zoomP95: pct(zoom, 95),
    updateMedian: pct(upd, 50),
    updateP95: pct(upd, 95),
    idleMedian: pct(idle, 50),
    panScriptP95: pct(panRun.script, 95),
    zoomScriptP95: pct(zoomRun.script, 95),
    updateScriptMedian: pct(updRun.script, 50),
    ttfrParts: lib === 'ours' ? parts : {},
    renderer: lib === 'ours' ? chosenRendererKind() : 'canvas2d',
  };
}

declare global {
  interface Window {
    chartBench: { run: typeof run };
  }
}
window.chartBench = { run };
