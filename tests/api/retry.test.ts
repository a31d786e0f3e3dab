import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/api/http.ts';
import { RETRY_MAX_MS, isTransient, retryDelay, wakeableSleep, withRetry, type RetryWait } from '../../src/api/retry.ts';

describe('retryDelay: doubling from 1 s, at most 30 s, jitter only shortens', () => {
  it('follows 1, 2, 4, 8, 16, 30, 30 s without jitter', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map((n) => retryDelay(n, () => 0))).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
  });

  it('stays within [75 %, 100 %] of that, whatever the random source says', () => {
    expect([1, 2, 6].map((n) => retryDelay(n, () => 1))).toEqual([750, 1500, 22500]);
    for (let n = 1; n < 40; n++) {
      for (const r of [0, 0.3, 0.999, -5, 7]) {
        const d = retryDelay(n, () => r);
        expect(d).toBeGreaterThanOrEqual(750);
        expect(d).toBeLessThanOrEqual(RETRY_MAX_MS);
      }
    }
  });
});

describe('isTransient: what waiting can fix', () => {
  it('retries no answer, server errors, timeouts and rate limits', () => {
    expect(isTransient(new ApiError('network error: Failed to fetch', 'network', 0))).toBe(true);
    expect(isTransient(new ApiError('request timed out', 'timeout', 0))).toBe(true);
    expect(isTransient(new ApiError('Internal System Error.', 10016, 503))).toBe(true);
    expect(isTransient(new ApiError('HTTP 500', 500, 500))).toBe(true);
    expect(isTransient(new ApiError('bad response (502)', 'parse', 502))).toBe(true); // a proxy's HTML error page
    expect(isTransient(new ApiError('Too many visits!', 10006, 200))).toBe(true);
    expect(isTransient(new ApiError('Too many visits!', 10006, 403))).toBe(true);
    expect(isTransient(new ApiError('HTTP 429', 429, 429))).toBe(true);
    expect(isTransient(new ApiError('HTTP 408', 408, 408))).toBe(true);
  });

  it('does not retry a request the server calls wrong, a permanent shape, or our own defect', () => {
    expect(isTransient(new ApiError('params error', 10001, 400))).toBe(false);
    expect(isTransient(new ApiError('params error', 10001, 200))).toBe(false);
    expect(isTransient(new ApiError('HTTP 404', 404, 404))).toBe(false);
    expect(isTransient(new ApiError('bad response (200)', 'parse', 200))).toBe(false);
    expect(isTransient(new ApiError('bad instruments list', 'parse', 200))).toBe(false);
    expect(isTransient(new TypeError('x is undefined'))).toBe(false);
  });
});

describe('withRetry', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('waits 1, 2, 4, 8 … s between attempts, and no attempt starts early', async () => {
    let calls = 0;
    const waits: RetryWait[] = [];
    const done = withRetry(
      async () => {
        calls++;
        if (calls <= 7) throw new ApiError('Internal System Error.', 10016, 503);
        return 'ok';
      },
      { random: () => 0, onWait: (w) => waits.push(w) },
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toBe(1);
    for (const [i, ms] of [1000, 2000, 4000, 8000, 16000, 30000, 30000].entries()) {
      expect(waits[i]).toMatchObject({ failures: i + 1, delayMs: ms, reason: 'Internal System Error.' });
      expect(waits[i]!.retryAt).toBe(Date.now() + ms);
      await vi.advanceTimersByTimeAsync(ms - 1);
      expect(calls, `attempt ${i + 2} before its time`).toBe(i + 1);
      await vi.advanceTimersByTimeAsync(1);
      expect(calls).toBe(i + 2);
    }
    await expect(done).resolves.toBe('ok');
    expect(waits).toHaveLength(7);
  });

  it('throws a permanent failure at once, without waiting', async () => {
    const onWait = vi.fn();
    const attempt = vi.fn(async () => {
      throw new ApiError('params error', 10001, 400);
    });
    await expect(withRetry(attempt, { onWait })).rejects.toThrow('params error');
    expect(attempt).toHaveBeenCalledTimes(1);
    expect(onWait).not.toHaveBeenCalled();
  });

  it('a transient failure followed by a permanent one ends with the permanent one', async () => {
    let calls = 0;
    const done = withRetry(async () => {
      calls++;
      throw calls === 1 ? new ApiError('timeout', 'timeout', 0) : new ApiError('HTTP 404', 404, 404);
    }, { random: () => 0 });
    const settled = expect(done).rejects.toThrow('HTTP 404');
    await vi.advanceTimersByTimeAsync(1000);
    await settled;
    expect(calls).toBe(2);
  });

  it('a wake ends the wait early ("Retry now")', async () => {
    const waits = wakeableSleep();
    let calls = 0;
    const done = withRetry(
      async () => {
        if (++calls === 1) throw new ApiError('network error', 'network', 0);
        return calls;
      },
      { random: () => 0, sleep: waits.sleep },
    );
    await vi.advanceTimersByTimeAsync(10);
    expect(calls).toBe(1);
    waits.wake();
    await expect(done).resolves.toBe(2);
    expect(vi.getTimerCount()).toBe(0);
  });
});
