// The chart's plain data: what it draws (input), what it drew (geometry, for the crosshair and
// the page's DOM labels), and the invalidation levels, model and layout of a frame.
import type { CandleSeries } from '../../core/chart/candle-series.ts';
import type { ChartPrefs, ChartType, IndicatorSettings } from '../../core/chart/chart-prefs.ts';
import type { Theme } from '../theme.ts';
import type { AxisColors } from './chart-axes.ts';
import type { SubPane } from './chart-data.ts';
import type { ChartOverlays } from './overlay-draw.ts';
import type { PriceScale } from './price-scale.ts';
import type { TimeScale } from './time-scale.ts';
import type { HeatmapInput } from './heatmap-layer.ts';

/** What the chart draws; its mount passes the page's values in through `read`. */
export interface ChartInput {
  series: CandleSeries;
  version: number;
  type: ChartType;
  indicators: IndicatorSettings;
  prefs: ChartPrefs;
  theme: Theme;
  /** Rises red and falls green (the page-wide colour swap). */
  swap: boolean;
  precision: number;
  compare: CandleSeries | null;
  compareVersion: number;
  rightOffset: number;
  minBarSpacing: number;
  /** The user's orders, average lines and fills (spec 3 "Chart overlay kinds"). */
  overlays?: ChartOverlays;
  /**
   * Hold the main price scale where it is (issue 33 item 3): while an order line is dragged, so
   * that the pointer's height keeps meaning the same price (the dragged line, autoscaled in, would
   * otherwise move the scale under the pointer and run away from it).
   */
  freezeScale?: boolean;
  /** The order-book heatmap under the candles (issue 36 item 2); absent or null: off. */
  heatmap?: HeatmapInput | null;
}

/** Geometry the crosshair layer and the host's hit-testing read after each main draw. */
export interface ChartGeometry {
  ts: TimeScale;
  main: PriceScale;
  subs: Array<{ ps: PriceScale; pane: SubPane }>;
  plotW: number;
  height: number;
  timeTop: number;
  percent: boolean;
  /** Percent mode: the main series' base value (value = base × (1 + pct/100)). */
  base: number;
  precision: number;
  zone: string;
  times: Float64Array;
  length: number;
  colors: AxisColors & { accent: number; background: number };
}

/**
 * How much of the chart a change needs redrawn, as lightweight-charts has it: `cursor` the
 * crosshair layer only; `light` the view moved (pan, zoom, size): the same inputs drawn again;
 * `full` the inputs changed (candles, settings, overlays): read again, derived data updated.
 */
export type ChartInvalidation = 'cursor' | 'light' | 'full';
export const LEVEL: Record<ChartInvalidation, number> = { cursor: 1, light: 2, full: 3 };

/** The model of one frame: visible range, autoscaled price range, percent mode. */
export interface ChartModel {
  from: number;
  to: number;
  percent: boolean;
  base: number;
  tf: (v: number) => number;
  cmpValues: Float64Array | null;
}

/** The layout of one frame. */
export interface ChartLayout {
  plotW: number;
  mainH: number;
  timeTop: number;
}
