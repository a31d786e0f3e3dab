// The opening countdown of spec 4.1 / 9: whole seconds left, split into h/m/s, hours capped at 99.
import { NOTICE_STALE_MS } from '../constants.ts';

export const COUNTDOWN_TICK_MS = 100;
export const MAX_COUNTDOWN_HOURS = 99;
/** The symbol opens no sooner than this after the chart's first candle request (spec 4.1 step 7, spec 9). */
export const SYMBOL_OPEN_DELAY_MS = 1000;
/** After being hidden this long the notice is fetched again (spec 4.1 step 6). */
export const NOTICE_REFRESH_HIDDEN_MS = 60_000;

export interface CountdownParts {
  hours: number;
  minutes: number;
  seconds: number;
  done: boolean;
}

/** Time left until `openAt` at server time `now`, rounded up to whole seconds. */
export function countdownParts(openAt: number, now: number): CountdownParts {
  const left = Math.max(0, Math.ceil((openAt - now) / 1000));
  const hours = Math.floor(left / 3600);
  return {
    hours: Math.min(MAX_COUNTDOWN_HOURS, hours),
    minutes: Math.floor((left % 3600) / 60),
    seconds: left % 60,
    done: left === 0,
  };
}

export const two = (n: number) => (n < 10 ? `0${n}` : String(n));

/**
 * Spec 4.1 step 7: how long the symbol still waits to open at `now`: until 1 s after the chart's
 * first candle request for it (a full second when no candle has been asked for yet).
 */
export function openDelayMs(firstCandleRequestAt: number | null, now: number): number {
  if (firstCandleRequestAt === null) return SYMBOL_OPEN_DELAY_MS;
  return Math.max(0, firstCandleRequestAt + SYMBOL_OPEN_DELAY_MS - now);
}

/**
 * Spec 4.1 step 5, at the open (the countdown reached zero and the check reran): the error mask
 * when the last notice data is more than 20 s old at `now` (the rerun did not answer and what the
 * page knows is stale), otherwise the symbol opens directly.
 */
export function openAtZero(now: number, lastDataAt: number): 'open' | 'error' {
  return now - lastDataAt > NOTICE_STALE_MS ? 'error' : 'open';
}
