import { describe, expect, it } from 'vitest';
import {
  bucketStart,
  candleFitsInterval,
  CHART_INTERVALS,
  DEFAULT_INTERVAL,
  DEFAULT_PINNED,
  intervalMs,
  intervalParts,
  nextBucket,
  refreshThresholdMs,
  toV5Interval,
} from '../../src/core/chart/intervals.ts';
import { KLINE_INTERVALS } from '../../src/protocol/bybit-v5/topics.ts';

describe('chart intervals', () => {
  it('lists the 14 intervals of spec 9, default 30 minutes, and maps each to an exchange interval', () => {
    expect(CHART_INTERVALS).toHaveLength(14);
    expect(DEFAULT_INTERVAL).toBe('30');
    expect(CHART_INTERVALS.map(toV5Interval)).toEqual([...KLINE_INTERVALS]);
    expect(DEFAULT_PINNED).toEqual(['1s', '15', '60', '240', '1D', '1W', '1M']);
  });

  it('buckets weeks from Monday 00:00 UTC and months from the 1st', () => {
    const wed = Date.UTC(2026, 10, 18, 15, 30); // Wednesday 18 Nov 2026
    expect(new Date(bucketStart('1W', wed)).toISOString()).toBe('2026-11-16T00:00:00.000Z');
    expect(new Date(bucketStart('1M', wed)).toISOString()).toBe('2026-11-01T00:00:00.000Z');
    expect(new Date(nextBucket('1M', Date.UTC(2026, 11, 1))).toISOString()).toBe('2027-01-01T00:00:00.000Z');
    expect(bucketStart('240', Date.UTC(2026, 0, 1, 7, 59))).toBe(Date.UTC(2026, 0, 1, 4));
    expect(bucketStart('1s', 1_700_000_000_123)).toBe(1_700_000_000_000);
  });

  it('accepts a realtime candle only when it is one whole bucket of the interval', () => {
    const start = Date.UTC(2026, 0, 1, 10, 30);
    expect(candleFitsInterval('30', start, start + 30 * 60_000 - 1)).toBe(true);
    // A 1-minute candle still arriving after a switch to 30 minutes is refused.
    expect(candleFitsInterval('30', start, start + 60_000 - 1)).toBe(false);
    expect(candleFitsInterval('30', start + 60_000, start + 31 * 60_000 - 1)).toBe(false);
    const feb = Date.UTC(2026, 1, 1);
    expect(candleFitsInterval('1M', feb, Date.UTC(2026, 2, 1) - 1)).toBe(true);
  });

  it('rebuilds after the interval when hidden, falling back to 15 minutes for an unknown stored interval', () => {
    expect(refreshThresholdMs('5')).toBe(5 * 60_000);
    expect(refreshThresholdMs('1D')).toBe(86_400_000);
    expect(refreshThresholdMs('7')).toBe(15 * 60_000);
    expect(refreshThresholdMs(undefined)).toBe(15 * 60_000);
    expect(intervalMs('1W')).toBe(7 * 86_400_000);
  });

  it('labels intervals by count and unit', () => {
    expect(intervalParts('240')).toEqual({ count: 4, unit: 'h' });
    expect(intervalParts('15')).toEqual({ count: 15, unit: 'm' });
    expect(intervalParts('1s')).toEqual({ count: 1, unit: 's' });
    expect(intervalParts('1M')).toEqual({ count: 1, unit: 'M' });
  });
});

describe("spec 9's favourite intervals in the all-intervals dropdown", () => {
  it('the favourites group holds exactly 1, 5, 15, 30, 60, 240, 1D, 1W, 1M; the other group the rest, none lost', async () => {
    const { intervalMenuGroups, CHART_INTERVALS } = await import('../../src/core/chart/intervals.ts');
    const g = intervalMenuGroups();
    expect(g.favourites).toEqual(['1', '5', '15', '30', '60', '240', '1D', '1W', '1M']);
    expect(g.other).toEqual(['1s', '3', '120', '360', '720']);
    expect([...g.favourites, ...g.other].sort()).toEqual([...CHART_INTERVALS].sort());
  });
});
