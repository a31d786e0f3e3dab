// The chart's preferences, kept locally (spec 2.4, 2.5, 9 "Chart defaults"). Every stored value
// is validated on read: storage may hold another version's shape or a user's edits.
import { DEFAULT_PINNED, FAVOURITE_INTERVALS, isChartInterval, type ChartInterval } from '../../core/chart/intervals.ts';
import { isKnownZone } from '../../core/chart/time-zone.ts';
import { computed, signal } from '../signals.ts';
import { readStored, writeStored } from '../storage.ts';

// The interval lives in chart-interval.ts (the feed needs it from the first load); the chart reads it here too.
export { chartInterval, setChartInterval } from '../market/chart-interval.ts';

export {
  CHART_TYPES,
  DEFAULT_INDICATORS,
  DEFAULT_PREFS,
  MIN_BAR_SPACING,
  RIGHT_OFFSET_BARS,
  type ChartMode,
  type ChartPrefs,
  type ChartType,
  type IndicatorKey,
  type IndicatorSettings,
  type Pane,
} from '../../core/chart/chart-prefs.ts';
import { CHART_TYPES, DEFAULT_INDICATORS, DEFAULT_PREFS, type ChartMode, type ChartPrefs, type ChartType, type IndicatorSettings, type Pane } from '../../core/chart/chart-prefs.ts';

const KEYS = {
  type: 'spot.chart.type',
  mode: 'spot.chart.mode',
  pinned: 'spot.chart.pinned',
  favourites: 'spot.chart.favourites',
  indicators: 'spot.chart.indicators',
  prefs: 'spot.chart.prefs',
} as const;

const isType = (v: unknown): v is ChartType => typeof v === 'string' && (CHART_TYPES as readonly string[]).includes(v);
const isNonDepthMode = (v: unknown): v is 'simple' | 'pro' => v === 'simple' || v === 'pro';
const isPinned = (v: unknown): v is ChartInterval[] => Array.isArray(v) && v.length <= 14 && v.every(isChartInterval);
const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const len = (v: unknown, min: number, max: number, d: number) => (typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max ? v : d);
const pane = (v: unknown, d: Pane): Pane => (v === 'main' || v === 'sub' ? v : d);
const bool = (v: unknown, d: boolean) => (typeof v === 'boolean' ? v : d);

/** Stored indicator settings merged over the defaults, field by field. */
export function sanitizeIndicators(v: unknown): IndicatorSettings {
  const s = isObj(v) ? v : {};
  const o = (k: string) => (isObj(s[k]) ? (s[k] as Record<string, unknown>) : {});
  const d = DEFAULT_INDICATORS;
  return {
    ma: { on: bool(o('ma').on, d.ma.on), length: len(o('ma').length, 1, 500, d.ma.length), pane: pane(o('ma').pane, d.ma.pane) },
    ema: { on: bool(o('ema').on, d.ema.on), length: len(o('ema').length, 1, 500, d.ema.length), pane: pane(o('ema').pane, d.ema.pane) },
    boll: {
      on: bool(o('boll').on, d.boll.on),
      length: len(o('boll').length, 2, 500, d.boll.length),
      mult: typeof o('boll').mult === 'number' && (o('boll').mult as number) > 0 && (o('boll').mult as number) <= 10 ? (o('boll').mult as number) : d.boll.mult,
      pane: pane(o('boll').pane, d.boll.pane),
    },
    vol: { on: bool(o('vol').on, d.vol.on), pane: pane(o('vol').pane, d.vol.pane) },
    macd: {
      on: bool(o('macd').on, d.macd.on),
      fast: len(o('macd').fast, 1, 200, d.macd.fast),
      slow: len(o('macd').slow, 2, 400, d.macd.slow),
      signal: len(o('macd').signal, 1, 200, d.macd.signal),
    },
    rsi: { on: bool(o('rsi').on, d.rsi.on), length: len(o('rsi').length, 2, 200, d.rsi.length) },
  };
}

export function sanitizePrefs(v: unknown): ChartPrefs {
  const s = isObj(v) ? v : {};
  const color = (c: unknown, d: number) => (typeof c === 'number' && Number.isInteger(c) && c >= 0 && c <= 0xffffff ? c : d);
  return {
    logScale: bool(s.logScale, DEFAULT_PREFS.logScale),
    autoScale: bool(s.autoScale, DEFAULT_PREFS.autoScale),
    grid: bool(s.grid, DEFAULT_PREFS.grid),
    timeZone: typeof s.timeZone === 'string' && s.timeZone.length < 64 && isKnownZone(s.timeZone) ? s.timeZone : DEFAULT_PREFS.timeZone,
    upColor: color(s.upColor, DEFAULT_PREFS.upColor),
    downColor: color(s.downColor, DEFAULT_PREFS.downColor),
  };
}

/** The chosen interval (default 30 minutes, spec 9). */
export const chartType = signal<ChartType>(readStored(KEYS.type, isType) ?? 'candle');
/** Simple / Pro / Depth; only the non-depth choice is remembered (spec 2.4). */
export const chartMode = signal<ChartMode>(readStored(KEYS.mode, isNonDepthMode) ?? 'pro');
export const pinnedIntervals = signal<readonly ChartInterval[]>(readStored(KEYS.pinned, isPinned) ?? DEFAULT_PINNED);
export const indicatorSettings = signal<IndicatorSettings>(sanitizeIndicators(readStored(KEYS.indicators, isObj)));
export const chartPrefs = signal<ChartPrefs>(sanitizePrefs(readStored(KEYS.prefs, isObj)));
/** Another symbol drawn against this one on a percent scale, or null. */
export const compareSymbol = signal<string | null>(null);

export function setCompareSymbol(symbolId: string | null): void {
  compareSymbol.value = symbolId;
}

export function setChartType(t: ChartType): void {
  chartType.value = t;
  writeStored(KEYS.type, t);
}

export function setChartMode(m: ChartMode): void {
  chartMode.value = m;
  if (m !== 'depth') writeStored(KEYS.mode, m);
}

export function setPinnedIntervals(list: readonly ChartInterval[]): void {
  pinnedIntervals.value = [...list];
  writeStored(KEYS.pinned, list);
}

export function resetPinnedIntervals(): void {
  setPinnedIntervals(DEFAULT_PINNED);
}

/**
 * The Pro chart's interval bar: spec 9's favourite intervals (1m, 5m, 15m, 30m, 1h, 4h, 1D, 1W, 1M;
 * on Bybit's page the favourites of its TradingView chart) until the user customizes them, kept as
 * the pinned ones are. The Simple chart's bar is the pinned list (spec 9's "Pinned").
 */
export const favouriteIntervals = signal<readonly ChartInterval[]>(readStored(KEYS.favourites, isPinned) ?? FAVOURITE_INTERVALS);

export function setFavouriteIntervals(list: readonly ChartInterval[]): void {
  favouriteIntervals.value = [...list];
  writeStored(KEYS.favourites, list);
}

/** The intervals on the chart's bar in the current mode: favourites on Pro, pinned on Simple. */
export const barIntervals = computed<readonly ChartInterval[]>(() => (chartMode.value === 'pro' ? favouriteIntervals.value : pinnedIntervals.value));

/** The current mode's bar: its customized list, or its default. */
export function setBarIntervals(list: readonly ChartInterval[]): void {
  if (chartMode.peek() === 'pro') setFavouriteIntervals(list);
  else setPinnedIntervals(list);
}
export function defaultBarIntervals(): readonly ChartInterval[] {
  return chartMode.peek() === 'pro' ? FAVOURITE_INTERVALS : DEFAULT_PINNED;
}

export function updateIndicators(next: IndicatorSettings): void {
  indicatorSettings.value = sanitizeIndicators(next);
  writeStored(KEYS.indicators, indicatorSettings.peek());
}

export function updatePrefs(patch: Partial<ChartPrefs>): void {
  chartPrefs.value = sanitizePrefs({ ...chartPrefs.peek(), ...patch });
  writeStored(KEYS.prefs, chartPrefs.peek());
}
