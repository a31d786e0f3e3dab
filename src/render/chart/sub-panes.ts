// The chart's indicator panes under the main one (volume, MACD, RSI): each autoscaled to its
// visible values, with its own price axis.
import type { Graphics } from 'pixi.js';
import { drawPriceAxis, type AxisColors } from './chart-axes.ts';
import type { SubPane } from './chart-data.ts';
import type { LabelPool } from './label-pool.ts';
import { PriceScale } from './price-scale.ts';
import { drawHistogram, strokeLine, type SeriesCtx } from './series-draw.ts';
import type { TimeScale } from './time-scale.ts';

export const SUB_PANE_HEIGHT = 90;
const IDENTITY = (v: number) => v;

export interface SubPaneFrame {
  ts: TimeScale;
  /** Height of the main pane: the sub-panes start there. */
  mainH: number;
  plotW: number;
  /** Width of the price axis right of the plot. */
  axisW: number;
  from: number;
  to: number;
  up: number;
  down: number;
  precision: number;
  colors: AxisColors;
  grid: boolean;
}

/** Draws `panes` into `g` and returns their price scales (reusing `prev`'s when the panes are the same count). */
export function drawSubPanes(
  g: Graphics,
  labels: LabelPool,
  panes: readonly SubPane[],
  prev: Array<{ ps: PriceScale; pane: SubPane }>,
  f: SubPaneFrame,
): Array<{ ps: PriceScale; pane: SubPane }> {
  const subs = prev.length === panes.length ? prev : panes.map((pane) => ({ ps: new PriceScale(), pane }));
  const { from, to, plotW, colors } = f;
  let top = f.mainH;
  for (let k = 0; k < panes.length; k++) {
    const pane = panes[k]!;
    const slot = subs[k]!;
    slot.pane = pane;
    g.rect(0, top, plotW, SUB_PANE_HEIGHT).fill(colors.axisBg);
    g.moveTo(0, top + 0.5).lineTo(plotW + f.axisW, top + 0.5).stroke({ width: 1, color: colors.line });
    let lo = Infinity;
    let hi = -Infinity;
    const scan = (a: ArrayLike<number>) => {
      for (let i = from; i <= to; i++) {
        const v = a[i]!;
        if (v < lo) lo = v;
        if (v > hi) hi = v;
      }
    };
    if (pane.hist) scan(pane.hist);
    for (const l of pane.lines) scan(l.values);
    if (pane.kind === 'vol') lo = 0;
    if (pane.range) [lo, hi] = pane.range;
    if (!Number.isFinite(lo) || !Number.isFinite(hi)) (lo = 0), (hi = 1);
    slot.ps.set(lo, hi, top + 4, SUB_PANE_HEIGHT - 8, false, pane.range ? 0 : 0.05);
    const ctx: SeriesCtx = { ts: f.ts, ps: slot.ps, from, to, up: f.up, down: f.down, tf: IDENTITY };
    if (pane.hist && pane.histUp) drawHistogram(g, pane.hist, pane.histUp, ctx, Math.round(slot.ps.y(Math.max(0, lo))), pane.kind === 'vol' ? 0.6 : 0.8);
    for (const l of pane.lines) strokeLine(g, l.values, ctx, l.color, 1);
    drawPriceAxis(g, labels, slot.ps, plotW, pane.kind === 'vol' ? 0 : Math.min(f.precision, 4), false, colors, f.grid);
    top += SUB_PANE_HEIGHT;
  }
  return subs;
}
