// Grid lines and axis labels of the price chart: price ticks per pane on the right, time ticks
// at the bottom, and the last-price marker. Labels come from a reused bitmap pool.
import type { Graphics } from 'pixi.js';
import type { AxisBoxes } from './axis-boxes.ts';
import { linearTicks, logTicks, niceStep, axisStepDecimals } from '../../core/chart/price-axis.ts';
import { timeTicks } from '../../core/chart/time-axis.ts';
import { GLYPH_WIDTH, type LabelPool } from './label-pool.ts';
import type { CandleSeries } from '../../core/chart/candle-series.ts';
import type { PriceScale } from './price-scale.ts';
import type { TimeScale } from './time-scale.ts';

export const PRICE_AXIS_WIDTH = 72;
export const TIME_AXIS_HEIGHT = 24;
const LABEL_PAD = 6;

export interface AxisColors {
  grid: number;
  text: number;
  axisBg: number;
  line: number;
}

/** Formats a price-axis value: percent with 2 decimals, else the tick step's decimals (≤ precision). */
export function axisText(v: number, step: number, precision: number, percent: boolean): string {
  if (percent) return `${v.toFixed(2)}%`;
  return v.toFixed(Math.min(precision, axisStepDecimals(step, precision)));
}

/**
 * The main pane's tick labels: prices at the pair's price places (spec 5.12), as the last-price
 * box and the crosshair write them (PEPE: 0.00001850, not 0.0000185); percents when comparing.
 */
export function priceTickTexts(ticks: readonly number[], precision: number, percent: boolean): string[] {
  return ticks.map((v) => (percent ? `${v.toFixed(2)}%` : v.toFixed(precision)));
}

/**
 * The price axis's width: wide enough for the last price at the pair's places (the widest label it
 * usually has: ticks carry the same places), never narrower than PRICE_AXIS_WIDTH. PEPE's
 * "0.00001871" needs 85 px; in 72 its last digit was cut off (walk 7, A3).
 */
export function priceAxisWidth(lastText: string): number {
  return Math.max(PRICE_AXIS_WIDTH, labelBoxWidth(lastText.length));
}

/** Price ticks of a pane: lines across the plot (when `grid`) and labels on the axis. */
export function drawPriceAxis(
  grid: Graphics,
  labels: LabelPool,
  ps: PriceScale,
  plotW: number,
  precision: number,
  percent: boolean,
  colors: AxisColors,
  showGrid: boolean,
  /** The boxes on this axis (last price, orders…), placed already: no tick label goes over them. */
  boxes: AxisBoxes | null = null,
  /** The main pane's prices: ticks at the pair's places, labelled at them (priceTickTexts); sub-panes label at the step's. */
  prices = false,
  /** The labels drawn, for the page's tests (the main pane's). */
  shown: string[] | null = null,
): void {
  const count = Math.max(2, Math.floor(ps.height / 40));
  const ticks = ps.log && !percent ? logTicks(ps.min, ps.max, count) : linearTicks(ps.min, ps.max, count, prices && !percent ? precision : undefined);
  const step = ticks.length > 1 ? Math.abs(ticks[1]! - ticks[0]!) : niceStep((ps.max - ps.min) / count);
  const texts = prices ? priceTickTexts(ticks, precision, percent) : null;
  if (shown) shown.length = 0;
  let any = false;
  for (let i = 0; i < ticks.length; i++) {
    const v = ticks[i]!;
    const y = Math.round(ps.y(v)) + 0.5;
    if (y < ps.top + 6 || y > ps.top + ps.height - 6) continue;
    if (showGrid) {
      grid.moveTo(0, y).lineTo(plotW, y);
      any = true;
    }
    if (boxes?.covers(y)) continue;
    const text = texts ? texts[i]! : axisText(v, step, precision, percent);
    labels.add(text, plotW + LABEL_PAD, y, 0, 0.5, colors.text);
    shown?.push(text);
  }
  if (any) grid.stroke({ width: 1, color: colors.grid });
}

/** Time ticks: vertical grid lines and labels below the panes. */
export function drawTimeAxis(
  grid: Graphics,
  labels: LabelPool,
  times: ArrayLike<number>,
  ts: TimeScale,
  from: number,
  to: number,
  zone: string,
  top: number,
  gridBottom: number,
  colors: AxisColors,
  showGrid: boolean,
): void {
  const ticks = timeTicks(times, from, to, (i) => ts.x(i), zone, GLYPH_WIDTH * 10 + 16);
  let any = false;
  for (const t of ticks) {
    if (t.x < 0 || t.x > ts.width) continue;
    const x = Math.round(t.x) + 0.5;
    if (showGrid) {
      grid.moveTo(x, 0).lineTo(x, gridBottom);
      any = true;
    }
    // A label centred on its tick is drawn only if it fits whole (issue 33: "6:00" for 16:00 at the left edge).
    const half = (t.label.length * GLYPH_WIDTH) / 2;
    if (x - half >= 0 && x + half <= ts.width) labels.add(t.label, x, top + TIME_AXIS_HEIGHT / 2, 0.5, 0.5, colors.text);
  }
  if (any) grid.stroke({ width: 1, color: colors.grid });
}

/** The label box width for `chars` characters. */
export function labelBoxWidth(chars: number): number {
  return Math.ceil(chars * GLYPH_WIDTH) + 2 * LABEL_PAD;
}

/**
 * The last price: a translucent line across the plot, and its box on the price axis (placed and
 * drawn with the others by `boxes`) in the colour of the last bar, with the series' own price
 * text (or the percent when comparing: `series` null).
 */
export function drawLastPriceBox(
  ax: Graphics,
  boxes: AxisBoxes,
  ps: PriceScale,
  close: number,
  open: number,
  tf: (v: number) => number,
  plotW: number,
  series: CandleSeries | null,
  up: number,
  down: number,
): void {
  const y = Math.round(ps.y(tf(close)));
  if (y < 0 || y > ps.height) return;
  const color = close >= open ? up : down;
  // One translucent line, not dashes: each dash would be its own fill on the Canvas renderer.
  ax.rect(0, y, plotW, 1).fill({ color, alpha: 0.55 });
  const text = series ? series.priceText(series.close[series.length - 1]!) : axisText(tf(close), 0.01, 2, true);
  boxes.add('last', text, y, Math.max(PRICE_AXIS_WIDTH, labelBoxWidth(text.length)), color, 1);
}
