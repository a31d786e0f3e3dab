// Bybit's v5 history reads (executions, closed P&L) answer at most 7 days per request: a longer range
// is read as 7-day windows, newest first.

export const WEEK_MS = 7 * 24 * 3600_000;

/** [from, to] cut into windows of at most 7 days, newest first, that do not overlap (no row read twice). */
export function weekWindows(from: number, to: number): Array<[lo: number, hi: number]> {
  const out: Array<[number, number]> = [];
  for (let hi = to; hi > from; hi -= WEEK_MS) out.push([Math.max(from, hi - WEEK_MS + 1), hi]);
  return out;
}
