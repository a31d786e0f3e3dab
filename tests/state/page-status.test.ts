// Page status (spec 4.17, src/state/page-status.ts): visibility and online from the browser; polls
// wait while offline as while hidden; the durations the quality report sends (spec 3).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pageActive, pageDurations, pageOnline, pageVisible, setPageVisible, stayReport } from '../../src/state/page-status.ts';
import { createPoll } from '../../src/state/poll.ts';

beforeEach(() => {
  vi.useFakeTimers();
  pageVisible.value = true;
  pageOnline.value = true;
});
afterEach(() => {
  vi.useRealTimers();
  pageVisible.value = true;
  pageOnline.value = true;
});

describe('page status', () => {
  it('is active only while shown and online', () => {
    expect(pageActive.value).toBe(true);
    pageOnline.value = false;
    expect(pageActive.value).toBe(false);
    pageOnline.value = true;
    pageVisible.value = false;
    expect(pageActive.value).toBe(false);
  });

  it('a poll waits while the browser is offline and reads again when it comes back', async () => {
    const calls: number[] = [];
    const poll = createPoll({ read: async () => calls.push(Date.now()), everyMs: 3000, initial: 0 });
    const stop = poll.use();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toHaveLength(1);
    pageOnline.value = false;
    await vi.advanceTimersByTimeAsync(20_000);
    expect(calls).toHaveLength(1);
    pageOnline.value = true;
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toHaveLength(2);
    stop();
  });

  it('counts this visible stretch, time shown since load and time since load', () => {
    const t0 = Date.now();
    const before = pageDurations(t0);
    expect(before.total).toBeGreaterThanOrEqual(0);
    setPageVisible(false, t0);
    const hidden = pageDurations(t0 + 5000);
    expect(hidden.cur).toBe(0);
    expect(hidden.stay).toBe(before.stay);
    expect(hidden.total - before.total).toBe(5000);
    setPageVisible(true, t0 + 5000);
    const shown = pageDurations(t0 + 7000);
    expect(shown.cur).toBe(2000);
    expect(shown.stay).toBe(before.stay + 2000);
    expect(shown.total - before.total).toBe(7000);
  });

  it("the stay report is the upload's end_time, cur_duration, stay_duration and total_duration", () => {
    const now = Date.now() + 1000;
    const d = pageDurations(now);
    expect(stayReport(now)).toEqual({ endTime: now, curMs: d.cur, stayMs: d.stay, totalMs: d.total });
    expect(stayReport(now).totalMs).toBeGreaterThanOrEqual(stayReport(now).stayMs);
  });
});
