// 7-day read windows (api/time-windows.ts): cover the range, newest first, none wider than Bybit's 7 days, none overlapping.
import { expect, test } from 'vitest';
import { WEEK_MS, weekWindows } from '../../src/api/time-windows.ts';

test('windows cover [from, to] newest first without overlap, each at most 7 days', () => {
  const to = 1_800_000_000_000;
  const w = weekWindows(to - 30 * 24 * 3600_000, to);
  expect(w).toHaveLength(5);
  expect(w[0]![1]).toBe(to);
  expect(w.at(-1)![0]).toBe(to - 30 * 24 * 3600_000);
  for (let i = 0; i < w.length; i++) {
    expect(w[i]![1] - w[i]![0]).toBeLessThanOrEqual(WEEK_MS);
    if (i > 0) expect(w[i]![1]).toBe(w[i - 1]![0] - 1);
  }
});
