import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { THROTTLE_GRID_MS, signal, throttleDelay, throttledEffect } from '../../src/state/signals.ts';

describe('throttled writes on a shared grid', () => {
  it('waits for the interval, then for the next grid step', () => {
    expect(throttleDelay(-Infinity, 250, 1_000)).toBe(0);
    expect(throttleDelay(-Infinity, 250, 1_030)).toBe(70);
    // Last write at 1000: not before 1250, and then on the grid: 1300.
    expect(throttleDelay(1_000, 250, 1_010)).toBe(290);
    expect(throttleDelay(1_000, 100, 1_150)).toBe(50);
  });

  describe('throttledEffect', () => {
    beforeEach(() => {
      vi.useFakeTimers();
      vi.setSystemTime(10_000);
    });
    afterEach(() => vi.useRealTimers());

    it('writers with different intervals write in the same grid steps, each at most once per interval', () => {
      const src = signal(0);
      const writes: Array<[string, number, number]> = [];
      const a = throttledEffect(() => void src.value, () => writes.push(['a', Date.now(), src.peek()]), 100);
      const b = throttledEffect(() => void src.value, () => writes.push(['b', Date.now(), src.peek()]), 250);
      for (let i = 1; i <= 100; i++) {
        vi.advanceTimersByTime(7);
        src.value = i;
      }
      vi.advanceTimersByTime(1000);
      for (const [, at] of writes) expect(at % THROTTLE_GRID_MS).toBe(0);
      const times = (w: string) => writes.filter((x) => x[0] === w).map((x) => x[1]);
      for (const [w, gap] of [['a', 100], ['b', 250]] as const) {
        const t = times(w);
        expect(t.length).toBeGreaterThan(2);
        for (let i = 1; i < t.length; i++) expect(t[i]! - t[i - 1]!).toBeGreaterThanOrEqual(gap);
      }
      // While both have news, b's writes fall in steps a writes in too (one DOM update, not two).
      for (const t of times('b').filter((t) => t <= 10_700)) expect(times('a')).toContain(t);
      // Both end on the last value.
      expect(writes.filter((x) => x[0] === 'a').at(-1)![2]).toBe(100);
      expect(writes.filter((x) => x[0] === 'b').at(-1)![2]).toBe(100);
      a();
      b();
    });
  });
});
