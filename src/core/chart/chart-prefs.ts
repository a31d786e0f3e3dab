// The chart's settings types and defaults (spec 2.4, 2.5, 9 "Chart defaults"): plain data, so the
// chart's widget (src/render/) and the page's stored preferences (src/state/) share them.
import { DEFAULT_MA_LENGTH } from './indicators.ts';
import { UTC_ZONE } from './time-zone.ts';

export const CHART_TYPES = ['bar', 'candle', 'hollow', 'heikin', 'line', 'area', 'baseline'] as const;
export type ChartType = (typeof CHART_TYPES)[number];
export type ChartMode = 'simple' | 'pro' | 'depth';
export type Pane = 'main' | 'sub';

export interface IndicatorSettings {
  ma: { on: boolean; length: number; pane: Pane };
  ema: { on: boolean; length: number; pane: Pane };
  boll: { on: boolean; length: number; mult: number; pane: Pane };
  vol: { on: boolean; pane: Pane };
  macd: { on: boolean; fast: number; slow: number; signal: number };
  rsi: { on: boolean; length: number };
}
export type IndicatorKey = keyof IndicatorSettings;

export interface ChartPrefs {
  logScale: boolean;
  autoScale: boolean;
  grid: boolean;
  timeZone: string;
  /** Up/down colours as 0xRRGGBB; spec 9: up green, down red. */
  upColor: number;
  downColor: number;
}

/** Right offset and minimum bar spacing of spec 9. */
export const RIGHT_OFFSET_BARS = 5;
export const MIN_BAR_SPACING = 0.8;

export const DEFAULT_INDICATORS: IndicatorSettings = {
  ma: { on: true, length: DEFAULT_MA_LENGTH, pane: 'main' },
  ema: { on: false, length: 21, pane: 'main' },
  boll: { on: false, length: 20, mult: 2, pane: 'main' },
  vol: { on: true, pane: 'main' },
  macd: { on: false, fast: 12, slow: 26, signal: 9 },
  rsi: { on: false, length: 14 },
};
export const DEFAULT_PREFS: ChartPrefs = { logScale: false, autoScale: true, grid: true, timeZone: UTC_ZONE, upColor: 0x20b26c, downColor: 0xef454a };
