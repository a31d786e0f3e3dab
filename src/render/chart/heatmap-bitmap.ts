// The order-book heatmap's pure parts (no PixiJS, so tests run them in node): the bitmap of the
// sampler's columns on one absolute price grid, and sample times placed on the candles' axis.
import type { HeatColumns } from '../../core/heatmap.ts';
import type { TimeScale } from './time-scale.ts';

/** The sampler's columns, oldest first (one shape with the feed worker's: core/heatmap.ts). */
export type HeatSnapshot = HeatColumns;

/** What the chart needs to draw the heatmap: the columns, the tick size, the sample period. */
export interface HeatmapInput {
  snap: HeatSnapshot;
  /** Price of one tick (display only: a screen coordinate, not money). */
  tick: number;
  periodMs: number;
  /** The colour of the largest size, 0xRRGGBB; smaller sizes fade towards transparent. */
  color: number;
}

/** Largest bitmap height (buckets of the grid) drawn; a wider price walk is clipped to its newest part. */
const MAX_GRID_ROWS = 1024;

/**
 * Fills `out` (RGBA, width = columns, height = grid rows, top row = highest price) from a
 * snapshot; returns the grid's lowest price in ticks and its row count. Pure, for tests.
 */
export function heatBitmap(snap: HeatSnapshot, color: number): { pixels: Uint8ClampedArray; width: number; height: number; lowTicks: number; width0: number } | null {
  const n = snap.columns;
  if (n === 0 || snap.max <= 0) return null;
  const w = snap.widths[n - 1]!;
  let lo = Infinity;
  let hi = -Infinity;
  for (let c = 0; c < n; c++) {
    if (snap.widths[c] !== w) continue;
    lo = Math.min(lo, snap.bases[c]!);
    hi = Math.max(hi, snap.bases[c]! + snap.rows * w);
  }
  let height = Math.round((hi - lo) / w);
  if (height > MAX_GRID_ROWS) {
    lo = hi - MAX_GRID_ROWS * w;
    height = MAX_GRID_ROWS;
  }
  const pixels = new Uint8ClampedArray(n * height * 4);
  const r = (color >> 16) & 0xff;
  const g = (color >> 8) & 0xff;
  const b = color & 0xff;
  // A square-root scale: the few large walls stand out without the rest vanishing.
  const scale = 1 / Math.sqrt(snap.max);
  for (let c = 0; c < n; c++) {
    if (snap.widths[c] !== w) continue;
    const first = Math.round((snap.bases[c]! - lo) / w);
    for (let k = 0; k < snap.rows; k++) {
      const v = snap.cells[c * snap.rows + k]!;
      const row = first + k;
      if (v <= 0 || row < 0 || row >= height) continue;
      const y = height - 1 - row;
      const at = (y * n + c) * 4;
      pixels[at] = r;
      pixels[at + 1] = g;
      pixels[at + 2] = b;
      pixels[at + 3] = Math.round(40 + 200 * Math.min(1, Math.sqrt(v) * scale));
    }
  }
  return { pixels, width: n, height, lowTicks: lo, width0: w };
}

/** x of a time on the candles' axis: the bar it falls in, plus its fraction of the bar. */
export function timeToX(t: number, times: Float64Array, length: number, ts: TimeScale): number | null {
  if (length < 2) return null;
  let lo = 0;
  let hi = length - 1;
  if (t < times[0]!) return null;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (times[mid]! <= t) lo = mid;
    else hi = mid - 1;
  }
  const span = lo + 1 < length ? times[lo + 1]! - times[lo]! : times[lo]! - times[lo - 1]!;
  const frac = span > 0 ? (t - times[lo]!) / span : 0;
  return ts.x(lo) - ts.barSpacing / 2 + frac * ts.barSpacing;
}
