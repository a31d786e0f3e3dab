// Spec 2.1 and 9's timings with no other test (issue 34 item 5): the resize throttle and the toast
// duration, checked on fake timers against what the code does, not only the constants.
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { throttle } from '../../src/app/viewport.ts';
import { clearToasts, pushToast, toasts } from '../../src/state/toasts.ts';
import { COUNTDOWN_TICK_MS, NOTICE_REFRESH_HIDDEN_MS } from '../../src/core/chart/countdown.ts';
import { MIN_BAR_SPACING, RIGHT_OFFSET_BARS } from '../../src/core/chart/chart-prefs.ts';
import {
  BOOK_TRADES_SIDE_BY_SIDE_MIN_WIDTH, GRID_BOT_POLL_MS, INTEGRATED_REFETCH_MS, MARKET_LIST_CLOSE_MS, RESIZE_THROTTLE_MS, STATS_RESIZE_DEBOUNCE_MS, TOAST_MS, VISIBILITY_REFRESH_MS,
} from '../../src/core/constants.ts';
import { SCROLL_HINT_DEBOUNCE_MS, SCROLL_HINT_THRESHOLD_PX } from '../../src/features/chart-panel/useScrollHint.ts';
import { TRADES_KEPT } from '../../src/feed/frame-sink.ts';
import { H3_DETECT_MS } from '../../src/net/accel.ts';
import { PROBE_TIMEOUT_MS } from '../../src/net/route-ranking.ts';
import { EMPTY_CDN_RETRY_MS, QUALITY_UPLOAD_MS, STAY_UPLOAD_MS } from '../../src/state/net/net-accel.ts';

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


// Spec 9's numbers the code uses by name (behaviour tests use the constants, so a changed number
// would pass them): these pin the names to the spec's values.
describe('spec 9 numbers used by name', () => {
  test('timing: countdown tick 100 ms, visibility refresh 60 s, grid-bot poll 3000 ms, stats and market-list 300 ms, integrated refetch 500 ms', () => {
    expect([COUNTDOWN_TICK_MS, VISIBILITY_REFRESH_MS, NOTICE_REFRESH_HIDDEN_MS, GRID_BOT_POLL_MS, STATS_RESIZE_DEBOUNCE_MS, MARKET_LIST_CLOSE_MS, INTEGRATED_REFETCH_MS]).toEqual([100, 60_000, 60_000, 3000, 300, 300, 500]);
  });

  test('chart defaults: right offset of 5 bars, minimum bar spacing 0.8; layout: book and trades side by side from 2037 px', () => {
    expect([RIGHT_OFFSET_BARS, MIN_BAR_SPACING, BOOK_TRADES_SIDE_BY_SIDE_MIN_WIDTH]).toEqual([5, 0.8, 2037]);
  });

  test('recent trades: the feed keeps the last 100', () => {
    expect(TRADES_KEPT).toBe(100);
  });

  test('toolbar scroll hint: threshold 10 px, debounced 100 ms', () => {
    expect([SCROLL_HINT_THRESHOLD_PX, SCROLL_HINT_DEBOUNCE_MS]).toEqual([10, 100]);
  });

  test('network: probe timeout 3 s, H3 detect every 25 s, quality uploads 10 s and 30 s, a retry 2 s after an empty CDN list', () => {
    expect([PROBE_TIMEOUT_MS, H3_DETECT_MS, QUALITY_UPLOAD_MS, STAY_UPLOAD_MS, EMPTY_CDN_RETRY_MS]).toEqual([3000, 25_000, 10_000, 30_000, 2000]);
  });
});
