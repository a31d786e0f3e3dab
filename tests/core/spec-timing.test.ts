// Spec 2.1 and 9's timings with no other test (issue 34 item 5): the resize throttle and the toast
// duration, checked on fake timers against what the code does, not only the constants.
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { RESIZE_THROTTLE_MS, TOAST_MS } from '../../src/core/constants.ts';
import { throttle } from '../../src/app/viewport.ts';
import { clearToasts, pushToast, toasts } from '../../src/state/toasts.ts';

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(1_000_000);
});
afterEach(() => {
  clearToasts();
  vi.useRealTimers();
});

describe('resize throttle (spec 2.1: 100 ms)', () => {
  test('runs at once, then at most once per 100 ms, with a trailing run for the last resize', () => {
    expect(RESIZE_THROTTLE_MS).toBe(100);
    const fn = vi.fn();
    const onResize = throttle(fn, RESIZE_THROTTLE_MS);
    onResize();
    expect(fn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(10);
    onResize();
    vi.advanceTimersByTime(50);
    onResize();
    expect(fn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(39);
    expect(fn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(500);
    expect(fn).toHaveBeenCalledTimes(2);
  });
});

describe('toast duration (spec 9: 2500 ms)', () => {
  test('a toast stays 2500 ms and then goes', () => {
    expect(TOAST_MS).toBe(2500);
    pushToast({ kind: 'info', key: 'x' });
    vi.advanceTimersByTime(2499);
    expect(toasts.value).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(toasts.value).toEqual([]);
  });
});
