// The one poller (src/state/poll.ts): it reads only while read and while the page is shown, once
// per period however many readers share it, applies only the newest answer, waits longer after
// each failure, says loading and error, and stops with its last reader.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPoll, pageVisible, pollPool } from '../../src/state/poll.ts';

beforeEach(() => {
  vi.useFakeTimers();
  pageVisible.value = true;
});
afterEach(() => {
  vi.useRealTimers();
  pageVisible.value = true;
});

/** A read that answers `n` (its call number) at once, counting calls. */
function counter() {
  const calls: number[] = [];
  return { calls, read: async () => (calls.push(Date.now()), calls.length) };
}

describe('createPoll', () => {
  it('reads nothing without a reader; with one, at once and then once per period; stops with its last reader', async () => {
    const c = counter();
    const poll = createPoll({ read: c.read, everyMs: 3000, initial: 0 });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(c.calls).toHaveLength(0);
    const a = poll.use();
    const b = poll.use();
    await vi.advanceTimersByTimeAsync(0);
    expect(c.calls).toHaveLength(1);
    expect(poll.data.value).toBe(1);
    await vi.advanceTimersByTimeAsync(9000);
    expect(c.calls).toHaveLength(4);
    a();
    a();
    await vi.advanceTimersByTimeAsync(3000);
    expect(c.calls).toHaveLength(5);
    b();
    expect(poll.data.value).toBe(0);
    expect(poll.status.value).toEqual({ loading: false, error: null, reads: 0 });
    await vi.advanceTimersByTimeAsync(30_000);
    expect(c.calls).toHaveLength(5);
  });

  it('waits while the page is hidden and reads again when it shows, once the period since the last read is up', async () => {
    const c = counter();
    const poll = createPoll({ read: c.read, everyMs: 3000, initial: 0 });
    const stop = poll.use();
    await vi.advanceTimersByTimeAsync(1000);
    expect(c.calls).toHaveLength(1);
    pageVisible.value = false;
    await vi.advanceTimersByTimeAsync(20_000);
    expect(c.calls).toHaveLength(1);
    pageVisible.value = true;
    await vi.advanceTimersByTimeAsync(0);
    expect(c.calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(3000);
    expect(c.calls).toHaveLength(3);
    pageVisible.value = false;
    pageVisible.value = true;
    // Shown again within the period: the next read keeps its time.
    await vi.advanceTimersByTimeAsync(2999);
    expect(c.calls).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(1);
    expect(c.calls).toHaveLength(4);
    stop();
  });

  it('does not start while the page is hidden', async () => {
    pageVisible.value = false;
    const c = counter();
    const stop = createPoll({ read: c.read, everyMs: 3000, initial: 0 }).use();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(c.calls).toHaveLength(0);
    pageVisible.value = true;
    await vi.advanceTimersByTimeAsync(0);
    expect(c.calls).toHaveLength(1);
    stop();
  });

  it('applies only the newest answer: a slow read overtaken by a refresh is dropped, and aborted', async () => {
    const pending: Array<{ resolve: (v: string) => void; signal: AbortSignal }> = [];
    const poll = createPoll({ read: (signal) => new Promise<string>((resolve) => pending.push({ resolve, signal })), everyMs: 3000, initial: '' });
    const stop = poll.use();
    await vi.advanceTimersByTimeAsync(0);
    expect(poll.status.value.loading).toBe(true);
    void poll.refresh();
    expect(pending).toHaveLength(2);
    expect(pending[0]!.signal.aborted).toBe(true);
    pending[1]!.resolve('new');
    await vi.advanceTimersByTimeAsync(0);
    pending[0]!.resolve('old');
    await vi.advanceTimersByTimeAsync(0);
    expect(poll.data.value).toBe('new');
    expect(poll.status.value).toEqual({ loading: false, error: null, reads: 1 });
    stop();
    // An answer that comes after the stop changes nothing.
    const late = createPoll({ read: () => new Promise<string>((resolve) => pending.push({ resolve, signal: new AbortController().signal })), everyMs: 3000, initial: 'none' });
    const release = late.use();
    await vi.advanceTimersByTimeAsync(0);
    release();
    pending.at(-1)!.resolve('late');
    await vi.advanceTimersByTimeAsync(0);
    expect(late.data.value).toBe('none');
  });

  it('backs off on errors (the period, then twice each time, up to the ceiling), says the error, and recovers', async () => {
    let failing = true;
    const calls: number[] = [];
    const t0 = Date.now();
    const poll = createPoll({
      read: async () => {
        calls.push(Date.now() - t0);
        if (failing) throw new Error('down');
        return 'up';
      },
      everyMs: 1000,
      maxBackoffMs: 4000,
      initial: '',
    });
    const stop = poll.use();
    await vi.advanceTimersByTimeAsync(0);
    expect(poll.status.value).toEqual({ loading: false, error: 'down', reads: 0 });
    await vi.advanceTimersByTimeAsync(16_000);
    expect(calls).toEqual([0, 1000, 3000, 7000, 11_000, 15_000]);
    failing = false;
    await vi.advanceTimersByTimeAsync(3500);
    expect(poll.data.value).toBe('up');
    expect(poll.status.value).toEqual({ loading: false, error: null, reads: 1 });
    // Recovered: the usual period again.
    await vi.advanceTimersByTimeAsync(500);
    expect(calls).toEqual([0, 1000, 3000, 7000, 11_000, 15_000, 19_000, 20_000]);
    stop();
  });

  it('a once-poll reads at each start only; a late first read waits one period; refresh reads without readers', async () => {
    const c = counter();
    const once = createPoll({ read: c.read, everyMs: null, initial: 0, keepOnStop: true });
    const stop = once.use();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(c.calls).toHaveLength(1);
    stop();
    expect(once.data.value).toBe(1);
    await once.refresh();
    expect(once.data.value).toBe(2);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(c.calls).toHaveLength(2);

    const d = counter();
    const later = createPoll({ read: d.read, everyMs: 5000, initial: 0, readAtStart: false });
    const release = later.use();
    await vi.advanceTimersByTimeAsync(4999);
    expect(d.calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(d.calls).toHaveLength(1);
    release();
  });

  it("takes an action's answer as the latest: a read under way is dropped, the period restarts from it", async () => {
    const pending: Array<(v: string) => void> = [];
    const errors: unknown[] = [];
    const poll = createPoll({ read: () => new Promise<string>((resolve) => pending.push(resolve)), everyMs: 3000, initial: '', onError: (e) => errors.push(e) });
    const stop = poll.use();
    await vi.advanceTimersByTimeAsync(1000);
    expect(pending).toHaveLength(1);
    poll.apply('claimed');
    pending[0]!('stale');
    await vi.advanceTimersByTimeAsync(0);
    expect(poll.data.value).toBe('claimed');
    await vi.advanceTimersByTimeAsync(2999);
    expect(pending).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(pending).toHaveLength(2);
    expect(errors).toEqual([]);
    stop();
  });
});

describe('pollPool', () => {
  it('two readers of one query share one poll (one read per period); another query has its own; the last release drops it', async () => {
    const urls: string[] = [];
    const pool = pollPool((q: { list: string }) => ({ read: async () => (urls.push(q.list), [q.list]), everyMs: 3000, initial: [] as string[] }));
    const chart = pool.use({ list: 'running/BTC' });
    const panel = pool.use({ list: 'running/BTC' });
    await vi.advanceTimersByTimeAsync(9000);
    expect(urls).toEqual(['running/BTC', 'running/BTC', 'running/BTC', 'running/BTC']);
    expect(pool.data({ list: 'running/BTC' }, [])).toEqual(['running/BTC']);
    const all = pool.use({ list: 'running/all' });
    await vi.advanceTimersByTimeAsync(0);
    expect(urls.filter((u) => u === 'running/all')).toHaveLength(1);
    panel();
    all();
    expect(pool.data({ list: 'running/all' }, ['gone'])).toEqual(['gone']);
    urls.length = 0;
    await vi.advanceTimersByTimeAsync(6000);
    expect(urls).toEqual(['running/BTC', 'running/BTC']);
    await pool.refresh((q) => q.list.endsWith('BTC'));
    expect(urls).toHaveLength(3);
    chart();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(urls).toHaveLength(3);
    expect(pool.status({ list: 'running/BTC' })).toEqual({ loading: false, error: null, reads: 0 });
  });
});

describe("spec 9's polling retry tick (5 s)", () => {
  it('a once-poll that failed on the way reads again every 5 s until it succeeds; a refusal is not retried; none after the last reader', async () => {
    const { POLL_RETRY_TICK_MS } = await import('../../src/state/poll.ts');
    const { ApiError } = await import('../../src/api/http.ts');
    expect(POLL_RETRY_TICK_MS).toBe(5000);
    const t0 = Date.now();
    const calls: number[] = [];
    let fail: Error | null = new ApiError('network error: down', 'network', 0);
    const told: string[] = [];
    const once = createPoll({
      onError: (err) => told.push((err as Error).message),
      read: async () => {
        calls.push(Date.now() - t0);
        if (fail) throw fail;
        return 'ok';
      },
      everyMs: null,
      initial: '',
    });
    const stop = once.use();
    await vi.advanceTimersByTimeAsync(0);
    expect(once.status.value.error).toBe('network error: down');
    await vi.advanceTimersByTimeAsync(4999);
    expect(calls).toEqual([0]);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toEqual([0, 5000]);
    // The same failure again is not told again; a different one is.
    expect(told).toEqual(['network error: down']);
    fail = new ApiError('bad gateway', 502, 502);
    await vi.advanceTimersByTimeAsync(5000);
    expect(calls).toEqual([0, 5000, 10_000]);
    expect(told).toEqual(['network error: down', 'bad gateway']);
    fail = null;
    await vi.advanceTimersByTimeAsync(5000);
    expect(once.data.value).toBe('ok');
    // Read once it succeeded: no more reads.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toEqual([0, 5000, 10_000, 15_000]);
    stop();

    // The exchange's refusal (a retCode) is an answer: not retried.
    const refused: number[] = [];
    const other = createPoll({
      read: async () => {
        refused.push(Date.now());
        throw new ApiError('not allowed', 10005, 200);
      },
      everyMs: null,
      initial: '',
    });
    const stop2 = other.use();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(refused).toHaveLength(1);
    stop2();

    // Without readers, a failing read is not retried.
    const gone: number[] = [];
    const third = createPoll({
      read: async () => {
        gone.push(Date.now());
        throw new ApiError('network error: down', 'network', 0);
      },
      everyMs: null,
      initial: '',
    });
    const stop3 = third.use();
    await vi.advanceTimersByTimeAsync(0);
    stop3();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(gone).toHaveLength(1);
  });
});
