import { describe, expect, it } from 'vitest';
import { boundaryWeight, tickLabel, timeTicks, Weight } from '../../src/core/chart/time-axis.ts';
import { formatDateTime, zoneOffsetMs } from '../../src/core/chart/time-zone.ts';

const H = 3_600_000;

describe('time axis', () => {
  it('weighs calendar boundaries: year over month over day over hours', () => {
    expect(boundaryWeight(Date.UTC(2025, 11, 31, 23), Date.UTC(2026, 0, 1))).toBe(Weight.Year);
    expect(boundaryWeight(Date.UTC(2026, 0, 31, 23), Date.UTC(2026, 1, 1))).toBe(Weight.Month);
    expect(boundaryWeight(Date.UTC(2026, 0, 2, 23), Date.UTC(2026, 0, 3))).toBe(Weight.Day);
    expect(boundaryWeight(Date.UTC(2026, 0, 2, 11), Date.UTC(2026, 0, 2, 12))).toBe(Weight.Hours12);
    expect(boundaryWeight(Date.UTC(2026, 0, 2, 12, 14), Date.UTC(2026, 0, 2, 12, 15))).toBe(Weight.Minutes15);
  });

  it('labels by weight', () => {
    expect(tickLabel(Date.UTC(2026, 0, 1), Weight.Year)).toBe('2026');
    expect(tickLabel(Date.UTC(2026, 2, 1), Weight.Month)).toBe('2026-03');
    expect(tickLabel(Date.UTC(2026, 2, 9), Weight.Day)).toBe('03-09');
    expect(tickLabel(Date.UTC(2026, 2, 9, 7, 5), Weight.Hour)).toBe('07:05');
    expect(tickLabel(Date.UTC(2026, 2, 9, 7, 5, 30), Weight.Seconds30)).toBe('07:05:30');
  });

  it('places labels at least the minimum gap apart, preferring the day boundary', () => {
    const times = Array.from({ length: 48 }, (_, i) => Date.UTC(2026, 4, 1, 12) + i * H);
    const ticks = timeTicks(times, 0, 47, (i) => i * 20, 'UTC', 100);
    for (let k = 1; k < ticks.length; k++) expect(ticks[k]!.x - ticks[k - 1]!.x).toBeGreaterThanOrEqual(100);
    // Midnight of 2 May (bar 12) is the heaviest boundary after the first bar, so it is a label.
    expect(ticks.find((t) => t.index === 12)?.label).toBe('05-02');
    expect(ticks.length).toBeGreaterThan(4);
  });

  it('uses the chosen time zone for boundaries and labels', () => {
    expect(zoneOffsetMs('Asia/Tokyo', Date.UTC(2026, 0, 1))).toBe(9 * H);
    expect(zoneOffsetMs('UTC', Date.UTC(2026, 0, 1))).toBe(0);
    // New York observes daylight saving: -5 h in January, -4 h in July.
    expect(zoneOffsetMs('America/New_York', Date.UTC(2026, 0, 15))).toBe(-5 * H);
    expect(zoneOffsetMs('America/New_York', Date.UTC(2026, 6, 15))).toBe(-4 * H);
    expect(formatDateTime(Date.UTC(2026, 0, 1, 20), 'Asia/Tokyo')).toBe('2026-01-02 05:00');
    // 15:00 UTC is midnight in Tokyo: that bar carries the day label there, not in UTC.
    const times = Array.from({ length: 12 }, (_, i) => Date.UTC(2026, 0, 1, 10) + i * H);
    const tokyo = timeTicks(times, 0, 11, (i) => i * 50, 'Asia/Tokyo', 60);
    expect(tokyo.find((t) => t.index === 5)?.label).toBe('01-02');
    const utc = timeTicks(times, 0, 11, (i) => i * 50, 'UTC', 60);
    expect(utc.find((t) => t.index === 5)?.label).toBe('15:00');
  });
});

describe('calendar boundaries without Date objects', () => {
  it('agree with Date for every day boundary over 400 years', () => {
    const DAY = 86_400_000;
    for (let d = -40_000; d < 110_000; d += 1) {
      const prev = d * DAY - 1;
      const t = d * DAY;
      const a = new Date(prev);
      const b = new Date(t);
      const expected = a.getUTCFullYear() !== b.getUTCFullYear() ? Weight.Year : a.getUTCMonth() !== b.getUTCMonth() ? Weight.Month : Weight.Day;
      if (boundaryWeight(prev, t) !== expected) throw new Error(`day ${d}: ${boundaryWeight(prev, t)} != ${expected}`);
    }
  });
});
