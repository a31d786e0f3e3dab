import { KLINE_INTERVALS, type KlineInterval } from '../../../src/protocol/bybit-v5/topics.ts';

export { KLINE_INTERVALS, type KlineInterval };
const MINUTE = 60_000;
const DAY = 86_400_000;

/** Fixed length of an interval in ms; months vary, so 'M' has none. */
export const INTERVAL_MS: Readonly<Record<Exclude<KlineInterval, 'M'>, number>> = {
  '1s': 1000,
  '1': MINUTE,
  '3': 3 * MINUTE,
  '5': 5 * MINUTE,
  '15': 15 * MINUTE,
  '30': 30 * MINUTE,
  '60': 60 * MINUTE,
  '120': 120 * MINUTE,
  '240': 240 * MINUTE,
  '360': 360 * MINUTE,
  '720': 720 * MINUTE,
  D: DAY,
  W: 7 * DAY,
};

export function isKlineInterval(v: string): v is KlineInterval {
  return (KLINE_INTERVALS as readonly string[]).includes(v);
}

/** Weeks start Monday 00:00 UTC (1970-01-05 was a Monday), months on the 1st, as Bybit's candles do. */
const MONDAY_OFFSET = 4 * DAY;

export function bucketStart(interval: KlineInterval, ts: number): number {
  if (interval === 'M') {
    const d = new Date(ts);
    return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
  }
  if (interval === 'W') return Math.floor((ts - MONDAY_OFFSET) / INTERVAL_MS.W) * INTERVAL_MS.W + MONDAY_OFFSET;
  const len = INTERVAL_MS[interval];
  return Math.floor(ts / len) * len;
}

/** Start of the bucket after the one starting at `start`. */
export function nextBucket(interval: KlineInterval, start: number): number {
  if (interval === 'M') {
    const d = new Date(start);
    return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
  }
  return start + INTERVAL_MS[interval];
}
