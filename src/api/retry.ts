// Requests the page cannot show itself without (the symbol list, who the user is) retry on their
// own with growing waits, so one failed answer while the page loads does not leave a trader on an
// error screen; only what waiting cannot fix ends the retries.
import { ApiError } from './http.ts';

export const RETRY_FIRST_MS = 1_000;
export const RETRY_MAX_MS = 30_000;
/** Each wait is shortened by up to this fraction at random, so tabs that failed together do not all return together. */
export const RETRY_JITTER = 0.25;

/** The wait after the n-th failure in a row (n from 1): 1 s, 2 s, 4 s … 30 s at most, each shortened by up to 25 % at random. */
export function retryDelay(failures: number, random: () => number = Math.random): number {
  const base = Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** Math.max(0, failures - 1));
  return Math.round(base * (1 - RETRY_JITTER * Math.min(1, Math.max(0, random()))));
}

/**
 * Bybit retCodes that mean "not now" rather than "not this": 10000 server timeout, 10006 too many
 * visits (rate limit), 10016 internal or service error, 10018 IP rate limit exceeded.
 */
const TRANSIENT_RET_CODES: ReadonlySet<number> = new Set([10000, 10006, 10016, 10018]);

/**
 * True when asking again later can succeed: no answer at all (network error, timeout), a server
 * error (5xx, including a proxy's non-JSON 502 page), 408, 429, or a retCode above.
 *
 * Everything else is permanent and goes to the error screen: a 4xx says the request itself is
 * wrong (asking again asks the same wrong thing); a 2xx that is not JSON or not the v5 shape we
 * understand is what this server version answers every time (a misrouted path, an incompatible
 * exchange); and an error that is not an ApiError is a defect in our own code.
 */
export function isTransient(err: unknown): boolean {
  if (!(err instanceof ApiError)) return false;
  if (err.code === 'network' || err.code === 'timeout') return true;
  if (typeof err.code === 'number' && TRANSIENT_RET_CODES.has(err.code)) return true;
  return err.status >= 500 || err.status === 408 || err.status === 429;
}

/** What the page shows while it waits to try again. */
export interface RetryWait {
  /** Failed attempts so far (the next attempt is number failures + 1). */
  failures: number;
  delayMs: number;
  /** When the next attempt starts, on the `now` clock. */
  retryAt: number;
  /** What the last attempt got: the exchange's message, or what went wrong on the way. */
  reason: string;
}

export interface RetryOptions {
  /** Called before each wait. */
  onWait?: (wait: RetryWait) => void;
  random?: () => number;
  now?: () => number;
  /** Waits `ms` (it may end early, see wakeableSleep). */
  sleep?: (ms: number) => Promise<void>;
}

const plainSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Runs `attempt` until it succeeds or fails permanently (that error is thrown); transient failures wait and try again. */
export async function withRetry<T>(attempt: () => Promise<T>, opts: RetryOptions = {}): Promise<T> {
  const now = opts.now ?? Date.now;
  const sleep = opts.sleep ?? plainSleep;
  for (let failures = 1; ; failures++) {
    try {
      return await attempt();
    } catch (err) {
      if (!isTransient(err)) throw err;
      const delayMs = retryDelay(failures, opts.random);
      opts.onWait?.({ failures, delayMs, retryAt: now() + delayMs, reason: (err as Error).message });
      await sleep(delayMs);
    }
  }
}

/**
 * A sleep that `wake()` (a "Retry now" button) or the browser coming back online ends early, so
 * a person never waits out a 30 s backoff the network no longer needs.
 */
export function wakeableSleep(): { sleep: (ms: number) => Promise<void>; wake: () => void } {
  let wake: (() => void) | null = null;
  return {
    sleep: (ms) =>
      new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          globalThis.removeEventListener?.('online', done);
          wake = null;
          resolve();
        };
        const timer = setTimeout(done, ms);
        globalThis.addEventListener?.('online', done);
        wake = done;
      }),
    wake: () => wake?.(),
  };
}

/** Bybit's "Too many visits!" (the per-UID limit of an endpoint, 20 a second for the history reads). */
const TOO_MANY_VISITS = 10006;
const RATE_WAIT_MS = 500;
const RATE_RETRIES = 4;

/**
 * One request of a list read page by page or window by window: a long range (180 days are 26
 * seven-day windows) can pass the endpoint's per-UID limit, so a rate-limit answer waits for the
 * window to pass and asks again (0.5 s, 1 s, 1.5 s, 2 s) rather than failing the whole list.
 */
export async function readPaced<T>(read: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await read();
    } catch (err) {
      const limited = err instanceof ApiError && (err.code === TOO_MANY_VISITS || err.status === 429);
      if (!limited || attempt > RATE_RETRIES) throw err;
      await new Promise((r) => setTimeout(r, RATE_WAIT_MS * attempt));
    }
  }
}
