// What happens when a symbol's opening countdown reaches zero (spec 4.1 steps 5 and 7). Pure.
import { NOTICE_STALE_MS } from '../constants.ts';

/**
 * Spec 4.1 step 7: how long the symbol still waits to open at `now`: until `delayMs` (1 s) after
 * the chart's first candle request for it; a full `delayMs` when no candle has been asked for yet.
 */
export function openDelayMs(firstCandleRequestAt: number | null, now: number, delayMs: number): number {
  if (firstCandleRequestAt === null) return delayMs;
  return Math.max(0, firstCandleRequestAt + delayMs - now);
}

/**
 * Spec 4.1 step 5, at the open (the countdown reached zero and the check reran): the error mask
 * when the last notice data is more than 20 s old at `now` (the rerun did not answer and what the
 * page knows is stale), otherwise the symbol opens directly.
 */
export function openAtZero(now: number, lastDataAt: number): 'open' | 'error' {
  return now - lastDataAt > NOTICE_STALE_MS ? 'error' : 'open';
}
