// Chart intervals of spec 9: ids as the page stores them (minutes, or 1D/1W/1M for days), the
// exchange's v5 names, fixed lengths and bucket starts (weeks Monday 00:00 UTC, months the 1st).

export const CHART_INTERVALS = ['1s', '1', '3', '5', '15', '30', '60', '120', '240', '360', '720', '1D', '1W', '1M'] as const;
export type ChartInterval = (typeof CHART_INTERVALS)[number];

export const DEFAULT_INTERVAL: ChartInterval = '30';
/** Pinned on the toolbar until the user customizes them (spec 9). */
export const DEFAULT_PINNED: readonly ChartInterval[] = ['1s', '15', '60', '240', '1D', '1W', '1M'];
/**
 * Spec 9's favourite intervals: the all-intervals dropdown offers them first, as its Favourites
 * group (the common picks), and the other intervals below (intervalMenuGroups).
 */
export const FAVOURITE_INTERVALS: readonly ChartInterval[] = ['1', '5', '15', '30', '60', '240', '1D', '1W', '1M'];

/** The all-intervals dropdown's two groups: the favourite intervals, then the rest, each shortest first. */
export function intervalMenuGroups(): { favourites: ChartInterval[]; other: ChartInterval[] } {
  return {
    favourites: CHART_INTERVALS.filter((i) => FAVOURITE_INTERVALS.includes(i)),
    other: CHART_INTERVALS.filter((i) => !FAVOURITE_INTERVALS.includes(i)),
  };
}
/** When a stored interval is unknown, the chart refreshes as if it were 15 minutes (spec 9). */
export const FALLBACK_REFRESH_MS = 15 * 60_000;

export interface TimeFramePreset {
  /** Label parts: count and unit y (years), m (months), d (days). */
  count: number;
  unit: 'y' | 'm' | 'd';
  interval: ChartInterval;
}
/** Time-frame presets of spec 9: range → interval. */
export const TIME_FRAME_PRESETS: readonly TimeFramePreset[] = [
  { count: 5, unit: 'y', interval: '1W' },
  { count: 1, unit: 'y', interval: '1W' },
  { count: 6, unit: 'm', interval: '120' },
  { count: 3, unit: 'm', interval: '60' },
  { count: 1, unit: 'm', interval: '30' },
  { count: 5, unit: 'd', interval: '5' },
  { count: 1, unit: 'd', interval: '1' },
];

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const DAY = 24 * 60 * MINUTE;
const WEEK = 7 * DAY;
/** 1970-01-05 was a Monday: weeks are counted from there. */
const MONDAY_OFFSET = 4 * DAY;

export function isChartInterval(v: unknown): v is ChartInterval {
  return typeof v === 'string' && (CHART_INTERVALS as readonly string[]).includes(v);
}

/** The interval name the exchange's REST and kline topics use. */
export function toV5Interval(i: ChartInterval): string {
  return i === '1D' ? 'D' : i === '1W' ? 'W' : i === '1M' ? 'M' : i;
}

/** Typical length in ms; a month counts 30 days (only for thresholds, never for bucketing). */
export function intervalMs(i: ChartInterval): number {
  if (i === '1s') return SECOND;
  if (i === '1D') return DAY;
  if (i === '1W') return WEEK;
  if (i === '1M') return 30 * DAY;
  return Number(i) * MINUTE;
}

/** How long the page may be hidden or offline before the chart is rebuilt (spec 4.10). */
export function refreshThresholdMs(stored: unknown): number {
  return isChartInterval(stored) ? intervalMs(stored) : FALLBACK_REFRESH_MS;
}

/** Start of the candle holding `ts`. */
export function bucketStart(i: ChartInterval, ts: number): number {
  if (i === '1M') {
    const d = new Date(ts);
    return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
  }
  if (i === '1W') return Math.floor((ts - MONDAY_OFFSET) / WEEK) * WEEK + MONDAY_OFFSET;
  const len = intervalMs(i);
  return Math.floor(ts / len) * len;
}

/** Start of the candle after the one starting at `start`. */
export function nextBucket(i: ChartInterval, start: number): number {
  if (i === '1M') {
    const d = new Date(start);
    return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
  }
  return start + intervalMs(i);
}

/** True when a realtime candle [start, end] belongs to interval `i` (guards against a stale topic). */
export function candleFitsInterval(i: ChartInterval, start: number, end: number): boolean {
  if (bucketStart(i, start) !== start) return false;
  const len = nextBucket(i, start) - start;
  // Bybit's end is the last millisecond of the candle; accept either convention.
  return end - start === len - 1 || end - start === len;
}

/** Short label parts for an interval: count and unit s, m, h, D, W, M (the page translates units). */
export function intervalParts(i: ChartInterval): { count: number; unit: 's' | 'm' | 'h' | 'D' | 'W' | 'M' } {
  if (i === '1s') return { count: 1, unit: 's' };
  if (i === '1D') return { count: 1, unit: 'D' };
  if (i === '1W') return { count: 1, unit: 'W' };
  if (i === '1M') return { count: 1, unit: 'M' };
  const m = Number(i);
  return m >= 60 ? { count: m / 60, unit: 'h' } : { count: m, unit: 'm' };
}
