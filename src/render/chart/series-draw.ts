// Drawing of the price series into a Graphics, one function per chart type. Shapes of one colour
// are collected into one fill, and only visible bars are visited; when bars are narrower than a
// couple of pixels each pixel column is drawn once (its bars' full range), so 100k candles cost
// no more than the canvas is wide.
import type { Graphics } from 'pixi.js';
import type { OhlcArrays } from '../../core/chart/heikin-ashi.ts';
import type { RectSink } from './rect-batch.ts';
import type { PriceScale } from './price-scale.ts';
import type { TimeScale } from './time-scale.ts';

export interface SeriesCtx {
  ts: TimeScale;
  ps: PriceScale;
  from: number;
  to: number;
  up: number;
  down: number;
  /** Value transform before the price scale (percent mode when comparing), identity otherwise. */
  tf: (v: number) => number;
}

const DENSE_SPACING = 2.5;

function bodyWidth(spacing: number): number {
  let w = Math.max(1, Math.floor(spacing * 0.7));
  if (w % 2 === 0) w -= 1;
  return w;
}

/** Bars too narrow for bodies: one 1 px column per pixel, from the lowest low to the highest high. */
function drawDense(g: RectSink, d: OhlcArrays, c: SeriesCtx): void {
  for (const wantUp of [true, false]) {
    let col = NaN;
    let hi = 0;
    let lo = 0;
    let up = true;
    let any = false;
    const flush = () => {
      if (any && up === wantUp) g.rect(col, hi, 1, Math.max(1, lo - hi));
    };
    for (let i = c.from; i <= c.to; i++) {
      const x = Math.round(c.ts.x(i));
      const yh = c.ps.y(c.tf(d.high[i]!));
      const yl = c.ps.y(c.tf(d.low[i]!));
      if (x !== col) {
        flush();
        col = x;
        hi = yh;
        lo = yl;
        any = true;
      } else {
        if (yh < hi) hi = yh;
        if (yl > lo) lo = yl;
      }
      up = d.close[i]! >= d.open[i]!;
    }
    flush();
    if (any) g.fill(wantUp ? c.up : c.down);
  }
}

/** Candles; `hollow` strokes rising bodies instead of filling them. */
export function drawCandles(g: RectSink, d: OhlcArrays, c: SeriesCtx, hollow: boolean): void {
  const s = c.ts.barSpacing;
  if (s < DENSE_SPACING) return drawDense(g, d, c);
  const bw = bodyWidth(s);
  const half = (bw - 1) / 2;
  for (const wantUp of [true, false]) {
    let any = false;
    const strokeBodies = hollow && wantUp && bw >= 3;
    for (let i = c.from; i <= c.to; i++) {
      const o = d.open[i]!;
      const cl = d.close[i]!;
      if (cl >= o !== wantUp) continue;
      any = true;
      const x = Math.round(c.ts.x(i));
      const yo = c.ps.y(c.tf(o));
      const yc = c.ps.y(c.tf(cl));
      const yh = Math.round(c.ps.y(c.tf(d.high[i]!)));
      const yl = Math.round(c.ps.y(c.tf(d.low[i]!)));
      const top = Math.round(Math.min(yo, yc));
      const bottom = Math.max(top + 1, Math.round(Math.max(yo, yc)));
      if (strokeBodies) {
        if (top > yh) g.rect(x, yh, 1, top - yh);
        if (yl > bottom) g.rect(x, bottom, 1, yl - bottom);
      } else {
        g.rect(x, yh, 1, Math.max(1, yl - yh));
        if (bw > 1) g.rect(x - half, top, bw, bottom - top);
      }
    }
    if (any && !strokeBodies) g.fill(wantUp ? c.up : c.down);
    if (any && strokeBodies) {
      g.fill(c.up);
      for (let i = c.from; i <= c.to; i++) {
        if (d.close[i]! < d.open[i]!) continue;
        const x = Math.round(c.ts.x(i));
        const yo = c.ps.y(c.tf(d.open[i]!));
        const yc = c.ps.y(c.tf(d.close[i]!));
        const top = Math.round(Math.min(yo, yc));
        const bottom = Math.max(top + 2, Math.round(Math.max(yo, yc)));
        g.rect(x - half + 0.5, top + 0.5, bw - 1, bottom - top - 1);
      }
      g.stroke({ width: 1, color: c.up });
    }
  }
}

/** OHLC bars: a high-low stem, open tick left, close tick right. */
export function drawBars(g: RectSink, d: OhlcArrays, c: SeriesCtx): void {
  const s = c.ts.barSpacing;
  if (s < DENSE_SPACING) return drawDense(g, d, c);
  const tick = Math.max(1, Math.floor(s * 0.35));
  for (const wantUp of [true, false]) {
    let any = false;
    for (let i = c.from; i <= c.to; i++) {
      if (d.close[i]! >= d.open[i]! !== wantUp) continue;
      any = true;
      const x = Math.round(c.ts.x(i));
      const yh = Math.round(c.ps.y(c.tf(d.high[i]!)));
      const yl = Math.round(c.ps.y(c.tf(d.low[i]!)));
      g.rect(x, yh, 1, Math.max(1, yl - yh));
      g.rect(x - tick, Math.round(c.ps.y(c.tf(d.open[i]!))), tick, 1);
      g.rect(x + 1, Math.round(c.ps.y(c.tf(d.close[i]!))), tick, 1);
    }
    if (any) g.fill(wantUp ? c.up : c.down);
  }
}

/** A polyline through `values` (NaN breaks it); returns the points drawn. */
export function strokeLine(g: Graphics, values: ArrayLike<number>, c: SeriesCtx, color: number, width = 1): number {
  let pen = false;
  let points = 0;
  let lastX = NaN;
  for (let i = c.from; i <= c.to; i++) {
    const v = values[i]!;
    if (Number.isNaN(v)) {
      pen = false;
      continue;
    }
    const x = c.ts.x(i);
    // Several bars per pixel: one point per pixel column is enough for a line.
    if (pen && x - lastX < 1 && i !== c.to) continue;
    const y = c.ps.y(c.tf(v));
    if (pen) g.lineTo(x, y);
    else g.moveTo(x, y);
    pen = true;
    lastX = x;
    points++;
  }
  if (points > 0) g.stroke({ width, color, alpha: 1 });
  return points;
}

/** Line with the area under it filled down to the pane's bottom. */
export function drawArea(g: Graphics, close: ArrayLike<number>, c: SeriesCtx, color: number): void {
  const pts: number[] = [];
  for (let i = c.from; i <= c.to; i++) pts.push(c.ts.x(i), c.ps.y(c.tf(close[i]!)));
  if (pts.length < 4) return;
  const bottom = c.ps.top + c.ps.height;
  g.poly([...pts, pts[pts.length - 2]!, bottom, pts[0]!, bottom], true).fill({ color, alpha: 0.18 });
  strokeLine(g, close, c, color, 1.5);
}

/** Baseline: the close line and its area, green above the base level `yb` (px) and red below. */
export function drawBaseline(g: Graphics, close: ArrayLike<number>, c: SeriesCtx, yb: number): void {
  const runs: Array<{ up: boolean; pts: number[] }> = [];
  let run: { up: boolean; pts: number[] } | null = null;
  let px = NaN;
  let py = NaN;
  for (let i = c.from; i <= c.to; i++) {
    const x = c.ts.x(i);
    const y = c.ps.y(c.tf(close[i]!));
    const up = y <= yb;
    if (run && run.up !== up) {
      // Split the segment where it crosses the base so each colour ends exactly there.
      const t = (yb - py) / (y - py);
      const cx = px + (x - px) * t;
      run.pts.push(cx, yb);
      runs.push(run);
      run = { up, pts: [cx, yb] };
    }
    if (!run) run = { up, pts: [] };
    run.pts.push(x, y);
    px = x;
    py = y;
  }
  if (run) runs.push(run);
  for (const r of runs) {
    if (r.pts.length < 4) continue;
    g.poly([...r.pts, r.pts[r.pts.length - 2]!, yb, r.pts[0]!, yb], true).fill({ color: r.up ? c.up : c.down, alpha: 0.15 });
    g.moveTo(r.pts[0]!, r.pts[1]!);
    for (let k = 2; k < r.pts.length; k += 2) g.lineTo(r.pts[k]!, r.pts[k + 1]!);
    g.stroke({ width: 1.5, color: r.up ? c.up : c.down });
  }
  g.moveTo(c.ts.x(c.from), yb).lineTo(c.ts.x(c.to), yb).stroke({ width: 1, color: 0x8b939e, alpha: 0.6 });
}

/** Histogram bars from `zeroY` (volume, MACD histogram), coloured by `up`. */
export function drawHistogram(g: RectSink, values: ArrayLike<number>, up: ArrayLike<number>, c: SeriesCtx, zeroY: number, alpha: number): void {
  const s = c.ts.barSpacing;
  const w = s < DENSE_SPACING ? 1 : bodyWidth(s);
  const half = (w - 1) / 2;
  for (const wantUp of [1, 0]) {
    let any = false;
    let lastCol = NaN;
    for (let i = c.from; i <= c.to; i++) {
      if (up[i] !== wantUp) continue;
      const v = values[i]!;
      if (Number.isNaN(v)) continue;
      const x = Math.round(c.ts.x(i));
      if (w === 1 && x === lastCol) continue;
      lastCol = x;
      const y = Math.round(c.ps.y(v));
      const top = Math.min(y, zeroY);
      g.rect(x - half, top, w, Math.max(1, Math.abs(zeroY - y)));
      any = true;
    }
    if (any) g.fill({ color: wantUp ? c.up : c.down, alpha });
  }
}
