// A list read window by window waits out the endpoint's per-UID limit instead of failing (issue 32's
// walkthrough: 180 days of closed P&L were 26 reads, the 21st answered 10006, the tab loaded for good).
import { expect, test, vi } from 'vitest';
import { ApiError } from '../../src/api/http.ts';
import { readPaced } from '../../src/api/retry.ts';

test('10006 (and HTTP 429) wait and ask again; anything else fails at once; four waits at most', async () => {
  vi.useFakeTimers();
  try {
    let calls = 0;
    const limitedTwice = readPaced(async () => {
      calls++;
      if (calls <= 2) throw new ApiError('Too many visits!', 10006, 200);
      return 'rows';
    });
    await vi.runAllTimersAsync();
    await expect(limitedTwice).resolves.toBe('rows');
    expect(calls).toBe(3);

    let other = 0;
    await expect(readPaced(async () => {
      other++;
      throw new ApiError('Request parameter error', 10001, 200);
    })).rejects.toThrow('Request parameter error');
    expect(other).toBe(1);

    let always = 0;
    const never = readPaced(async () => {
      always++;
      throw new ApiError('Too Many Requests', 'HTTP_429', 429);
    });
    const caught = never.catch((e: unknown) => e);
    await vi.runAllTimersAsync();
    expect(await caught).toBeInstanceOf(ApiError);
    expect(always).toBe(5);
  } finally {
    vi.useRealTimers();
  }
});
