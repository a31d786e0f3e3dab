// The user's data drawn on the main pane (spec 3 "Chart overlay kinds"): order, trigger, average-price
// and position lines with their price boxes on the axis, buy / sell markers at fills, and grid-bot
// ranges as shaded bands with their grid lines. Labels and drag handles are DOM (translated,
// focusable); this only draws what it is given.
import type { Graphics } from 'pixi.js';
import { barIndexAt } from '../../core/chart/order-overlays.ts';
import { labelBoxWidth, PRICE_AXIS_WIDTH } from './chart-axes.ts';
import type { AxisBoxes } from './axis-boxes.ts';
import type { PriceScale } from './price-scale.ts';
import type { TimeScale } from './time-scale.ts';

export interface OverlayLine {
  /** What its box on the price axis stands for (which boxes give way to which: axis-boxes.ts). */
  kind: 'order' | 'trigger' | 'average' | 'position';
  price: number;
  text: string;
  color: number;
  /** Trigger and average lines are dashed; order lines solid. */
  dashed: boolean;
  /** A line waiting for its modify: drawn faint. */
  pending: boolean;
  /** Counted in the auto-scale range (order lines; average lines may lie far away). */
  inRange: boolean;
}

export interface OverlayMarker {
  time: number;
  price: number;
  buy: boolean;
}

/** A grid bot's range: a band from min to max with its inner grid lines. */
export interface OverlayBand {
  min: number;
  max: number;
  inner: readonly number[];
  color: number;
}

export interface ChartOverlays {
  lines: readonly OverlayLine[];
  markers: readonly OverlayMarker[];
  bands: readonly OverlayBand[];
  version: number;
}

export const NO_OVERLAYS: ChartOverlays = { lines: [], markers: [], bands: [], version: 0 };
const BAND_ALPHA = 0.08;
const BAND_EDGE_ALPHA = 0.8;
const BAND_LINE_ALPHA = 0.3;
const DASH = 6;
const GAP = 4;
const MARKER = 5;

/** The lines across the plot; their boxes go to `boxes`, which places them apart and draws them. */
export function drawOverlayLines(g: Graphics, boxes: AxisBoxes, ps: PriceScale, plotW: number, lines: readonly OverlayLine[], tf: (v: number) => number): void {
  for (const l of lines) {
    const y = Math.round(ps.y(tf(l.price)));
    if (y < ps.top || y > ps.top + ps.height) continue;
    const alpha = l.pending ? 0.45 : 0.9;
    if (l.dashed) {
      for (let x = 0; x < plotW; x += DASH + GAP) g.rect(x, y, Math.min(DASH, plotW - x), 1);
      g.fill({ color: l.color, alpha });
    } else g.rect(0, y, plotW, 1).fill({ color: l.color, alpha });
    boxes.add(l.kind, l.text, y, Math.max(PRICE_AXIS_WIDTH, labelBoxWidth(l.text.length)), l.color, alpha);
  }
}

export function drawMarkers(g: Graphics, ts: TimeScale, ps: PriceScale, times: ArrayLike<number>, length: number, from: number, to: number, markers: readonly OverlayMarker[], up: number, down: number, tf: (v: number) => number): void {
  for (const buy of [true, false]) {
    let any = false;
    for (const m of markers) {
      if (m.buy !== buy) continue;
      const i = barIndexAt(times, length, m.time);
      if (i < from || i > to) continue;
      const x = ts.x(i);
      const y = ps.y(tf(m.price));
      // Buys point up from below the fill price, sells down from above it.
      if (buy) g.poly([x, y + 2, x - MARKER, y + 2 + MARKER * 1.6, x + MARKER, y + 2 + MARKER * 1.6]);
      else g.poly([x, y - 2, x - MARKER, y - 2 - MARKER * 1.6, x + MARKER, y - 2 - MARKER * 1.6]);
      any = true;
    }
    if (any) g.fill(buy ? up : down);
  }
}

/**
 * Grid-bot ranges under the series: the band clipped to the pane, its two edges, and the inner
 * grid lines that fall inside the pane (each a 1 px rect: one fill per alpha on either renderer).
 */
export function drawBands(g: Graphics, ps: PriceScale, plotW: number, bands: readonly OverlayBand[], tf: (v: number) => number): void {
  const top = ps.top;
  const bottom = ps.top + ps.height;
  for (const b of bands) {
    const yMax = ps.y(tf(b.max));
    const yMin = ps.y(tf(b.min));
    const y0 = Math.max(top, Math.min(yMax, yMin));
    const y1 = Math.min(bottom, Math.max(yMax, yMin));
    if (y1 <= y0) continue;
    g.rect(0, y0, plotW, y1 - y0).fill({ color: b.color, alpha: BAND_ALPHA });
    let edges = false;
    for (const y of [yMax, yMin]) {
      const r = Math.round(y);
      if (r < top || r > bottom) continue;
      g.rect(0, r, plotW, 1);
      edges = true;
    }
    if (edges) g.fill({ color: b.color, alpha: BAND_EDGE_ALPHA });
    let inner = false;
    for (const p of b.inner) {
      const r = Math.round(ps.y(tf(p)));
      if (r < top || r > bottom) continue;
      g.rect(0, r, plotW, 1);
      inner = true;
    }
    if (inner) g.fill({ color: b.color, alpha: BAND_LINE_ALPHA });
  }
}
