// The one poller (issue 31 item 2): every periodic read of server data goes through it. A poll runs
// only while someone reads it (use() … release) and the page is shown; it drops an answer that a
// newer read overtook, waits longer after each failure (doubling up to a ceiling), says whether it
// is loading and what its last failure was, and stops with its last reader. pollPool() shares one
// poll per query among its readers, so two views of the same list make one read per period.
import { batch, effect, signal, untracked, type ReadonlySignal, type Signal } from './signals.ts';

import { pageActive, pageVisible } from './page-status.ts';
import { ApiError } from '../api/http.ts';

/**
 * Spec 9's polling retry tick: a once-poll (everyMs null) whose read failed on the way (no answer,
 * a timeout, a 5xx) reads again this long after the failed read started, until a read succeeds or
 * its last reader goes. A refusal the exchange answered (a 4xx, a retCode) is not retried; polls
 * with a period keep their own back-off.
 */
export const POLL_RETRY_TICK_MS = 5000;

const failedOnTheWay = (err: unknown): boolean =>
  err instanceof ApiError ? err.code === 'network' || err.code === 'timeout' || err.status >= 500 : !(err instanceof DOMException && err.name === 'AbortError');

/** The page is shown (state/page-status.ts, spec 4.17); every poll waits while it is not, or while the browser is offline. */
export { pageVisible };

export interface PollStatus {
  /** A read is under way. */
  loading: boolean;
  /** The last read's failure (its message); null once a read succeeded. */
  error: string | null;
  /** Answers applied since the poll started. */
  reads: number;
}

export interface PollOptions<T, I = T> {
  /** One read; `signal` aborts when the poll stops or a newer read replaces it. */
  read: (signal: AbortSignal) => Promise<T>;
  /** From the start of one read to the start of the next; null reads once per start. */
  everyMs: number | null;
  /** What `data` holds before the first answer (and again once the poll stopped). */
  initial: I;
  /** The first read goes out at once (default) or one period after the start. */
  readAtStart?: boolean;
  /**
   * The longest wait after failures: the first failure waits the usual period, each further one
   * twice the one before, up to this (default 8 × everyMs).
   */
  maxBackoffMs?: number;
  /** Told each answer that is applied (what else it changes: balances, a reload). */
  onData?: (value: T) => void;
  /** Told each failure that is not overtaken (a toast with the exchange's message). */
  onError?: (err: unknown) => void;
  /** Keep the last answer when the poll stops (default: back to `initial`). */
  keepOnStop?: boolean;
}

export interface Poll<T> {
  /** The last answer applied. */
  readonly data: ReadonlySignal<T>;
  readonly status: ReadonlySignal<PollStatus>;
  /** Readers now. */
  readonly readers: number;
  /** A reader: the poll runs while it has one (and the page is shown). Returns the release (once). */
  use(): () => void;
  /**
   * Reads now (an action changed what it reads); the period restarts from this read. Without
   * readers it reads once and schedules nothing.
   */
  refresh(): Promise<void>;
  /** Takes `value` as the latest answer, read now (an action's reply carries the list as it now is). */
  apply(value: T): void;
}

const IDLE: PollStatus = { loading: false, error: null, reads: 0 };
const reason = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** A poll of `o.read`; nothing is read before its first reader. */
export function createPoll<T, I = T>(o: PollOptions<T, I>): Poll<T | I> {
  const data: Signal<T | I> = signal<T | I>(o.initial);
  const status = signal<PollStatus>(IDLE);
  let readers = 0;
  /** Bumped by every read and by stop: only the latest read's answer is applied. */
  let seq = 0;
  let inFlight: AbortController | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  /** When the last read started, and the wait its outcome set before the next. */
  let lastStart: number | null = null;
  let wait = o.everyMs ?? 0;
  let failures = 0;
  /** The last once-read failed on the way: the retry tick reads it again. */
  let retryOnce = false;
  let stopVisibility: (() => void) | null = null;
  const ceiling = o.maxBackoffMs ?? (o.everyMs ?? 0) * 8;

  const clearTimer = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };

  const schedule = () => {
    clearTimer();
    if (readers === 0 || !pageActive.peek() || inFlight) return;
    if (lastStart === null) {
      if (o.readAtStart === false && o.everyMs !== null) timer = setTimeout(() => void run(), o.everyMs);
      else void run();
      return;
    }
    // Once per start; a once-read that failed on the way is read again on the retry tick (spec 9).
    if (o.everyMs === null) {
      if (retryOnce) timer = setTimeout(() => void run(), Math.max(0, lastStart + POLL_RETRY_TICK_MS - Date.now()));
      return;
    }
    timer = setTimeout(() => void run(), Math.max(0, lastStart + wait - Date.now()));
  };

  const run = async (): Promise<void> => {
    clearTimer();
    inFlight?.abort();
    const ctl = new AbortController();
    inFlight = ctl;
    const mine = ++seq;
    lastStart = Date.now();
    status.value = { ...status.peek(), loading: true };
    try {
      const value = await o.read(ctl.signal);
      if (mine !== seq) return;
      failures = 0;
      retryOnce = false;
      wait = o.everyMs ?? 0;
      batch(() => {
        data.value = value;
        status.value = { loading: false, error: null, reads: status.peek().reads + 1 };
      });
      untracked(() => o.onData?.(value));
    } catch (err) {
      if (mine !== seq) return;
      failures++;
      // A retry that failed as the read before it did is not told again (one toast per outage).
      const told = retryOnce && status.peek().error === reason(err);
      retryOnce = o.everyMs === null && failedOnTheWay(err);
      wait = Math.min(Math.max(ceiling, o.everyMs ?? 0), (o.everyMs ?? 0) * 2 ** (failures - 1));
      status.value = { ...status.peek(), loading: false, error: reason(err) };
      if (!told) untracked(() => o.onError?.(err));
    } finally {
      if (inFlight === ctl) inFlight = null;
    }
    if (mine === seq) schedule();
  };

  const start = () => {
    stopVisibility = effect(() => {
      if (pageActive.value) untracked(schedule);
      else clearTimer();
    });
  };

  const stop = () => {
    stopVisibility?.();
    stopVisibility = null;
    clearTimer();
    seq++;
    inFlight?.abort();
    inFlight = null;
    lastStart = null;
    failures = 0;
    retryOnce = false;
    wait = o.everyMs ?? 0;
    batch(() => {
      if (!o.keepOnStop) data.value = o.initial;
      status.value = IDLE;
    });
  };

  return {
    data,
    status,
    get readers() {
      return readers;
    },
    use() {
      if (readers++ === 0) start();
      let released = false;
      return () => {
        if (released) return;
        released = true;
        if (--readers === 0) stop();
      };
    },
    refresh() {
      return run();
    },
    apply(value) {
      // Newer than any read under way: that one's answer is dropped.
      seq++;
      inFlight?.abort();
      inFlight = null;
      lastStart = Date.now();
      batch(() => {
        data.value = value;
        status.value = { loading: false, error: null, reads: status.peek().reads + 1 };
      });
      schedule();
    },
  };
}

export interface PollPool<Q, T> {
  /** A reader of `query`'s poll (made with its first reader, dropped with its last); returns the release. */
  use(query: Q): () => void;
  /** `query`'s answer while someone reads it (reading subscribes), else `fallback`. */
  data(query: Q, fallback: T): T;
  /** `query`'s poll status while someone reads it. */
  status(query: Q): PollStatus;
  /** Reads every live poll whose query passes `which` again now (after an action changed them). */
  refresh(which?: (query: Q) => boolean): Promise<void>;
  /** Takes `value` as `query`'s latest answer, if someone reads it. */
  apply(query: Q, value: T): void;
}

/** One poll per query (by `keyOf`), shared by every reader of that query. */
export function pollPool<Q, T>(options: (query: Q) => PollOptions<T>, keyOf: (query: Q) => string = (q) => JSON.stringify(q)): PollPool<Q, T> {
  const polls = signal<ReadonlyMap<string, { query: Q; poll: Poll<T> }>>(new Map());
  return {
    use(query) {
      const key = keyOf(query);
      let entry = polls.peek().get(key);
      if (!entry) {
        entry = { query, poll: createPoll(options(query)) };
        polls.value = new Map(polls.peek()).set(key, entry);
      }
      const { poll } = entry;
      const release = poll.use();
      return () => {
        release();
        if (poll.readers > 0 || polls.peek().get(key)?.poll !== poll) return;
        const next = new Map(polls.peek());
        next.delete(key);
        polls.value = next;
      };
    },
    data(query, fallback) {
      const entry = polls.value.get(keyOf(query));
      return entry ? entry.poll.data.value : fallback;
    },
    status(query) {
      return polls.value.get(keyOf(query))?.poll.status.value ?? IDLE;
    },
    async refresh(which = () => true) {
      await Promise.all([...polls.peek().values()].filter((e) => which(e.query)).map((e) => e.poll.refresh()));
    },
    apply(query, value) {
      polls.peek().get(keyOf(query))?.poll.apply(value);
    },
  };
}
