// Route choice (spec 2.16, 4.2, 8, 9): latency probes kept as samples, scored as viem's ranked
// fallback does (0.3 latency + 0.7 success over the last samples), and Auto's rule for leaving
// the current route. Pure: the caller probes and applies.

/** Spec 9: a probe waits 3 s; a failed probe counts as 15,000 ms (spec 8). */
export const PROBE_TIMEOUT_MS = 3_000;
export const PROBE_FAILED_MS = 15_000;
/** Spec 4.2: 500 ms or more is warn, over 1000 ms danger. */
export const LATENCY_WARN_MS = 500;
export const LATENCY_DANGER_MS = 1_000;
/** How many recent probes a route is judged by (viem keeps 10). */
export const SAMPLE_COUNT = 10;
/** Auto probes every route this often while the page is shown. */
export const PROBE_EVERY_MS = 3_000;
/** "Well behind": the current route's mean is over twice the best's plus this much. */
const BEHIND_MARGIN_MS = 300;

export interface Sample {
  ms: number;
  ok: boolean;
}

export type LatencyTone = 'success' | 'warn' | 'danger';

export function latencyTone(ms: number): LatencyTone {
  if (ms > LATENCY_DANGER_MS) return 'danger';
  if (ms >= LATENCY_WARN_MS) return 'warn';
  return 'success';
}

/** Adds a sample, keeping the last SAMPLE_COUNT. */
export function addSample(list: readonly Sample[], s: Sample): Sample[] {
  const next = [...list, s];
  return next.length > SAMPLE_COUNT ? next.slice(next.length - SAMPLE_COUNT) : next;
}

export function meanLatency(list: readonly Sample[]): number {
  return list.length === 0 ? PROBE_FAILED_MS : list.reduce((a, s) => a + s.ms, 0) / list.length;
}

export function successRate(list: readonly Sample[]): number {
  return list.length === 0 ? 0 : list.filter((s) => s.ok).length / list.length;
}

/** The median latency of the successful probes (one slow probe does not move it). */
function medianOk(list: readonly Sample[]): number {
  const ms = list.filter((s) => s.ok).map((s) => s.ms).sort((a, b) => a - b);
  return ms.length === 0 ? PROBE_FAILED_MS : ms[Math.floor(ms.length / 2)]!;
}

/** viem's score: 0.3·(1 − mean/max) + 0.7·success rate, 0 when nothing succeeded. */
export function routeScore(list: readonly Sample[], maxLatency: number): number {
  const stability = successRate(list);
  if (stability === 0) return 0;
  const latency = maxLatency > 0 ? 1 - meanLatency(list) / maxLatency : 1;
  return 0.3 * latency + 0.7 * stability;
}

/** Route names, best first. */
export function rankRoutes(samples: ReadonlyMap<string, readonly Sample[]>): string[] {
  let max = 0;
  for (const list of samples.values()) for (const s of list) max = Math.max(max, s.ms);
  return [...samples.keys()].sort((a, b) => routeScore(samples.get(b)!, max) - routeScore(samples.get(a)!, max));
}

/**
 * Auto's pick: stay on the current route unless its last probe failed or it has fallen well
 * behind the best (median latency over twice the best's plus 300 ms, or a clearly worse success
 * rate); then the best-ranked route whose last probe succeeded. One slow probe never moves it.
 */
export function chooseAuto(current: string, samples: ReadonlyMap<string, readonly Sample[]>): string {
  const ranked = rankRoutes(samples).filter((name) => samples.get(name)!.at(-1)?.ok === true);
  const best = ranked[0];
  if (best === undefined || best === current) return current;
  const cur = samples.get(current);
  if (!cur || cur.length === 0) return current;
  if (cur.at(-1)!.ok === false) return best;
  const bestList = samples.get(best)!;
  if (cur.length >= 3 && medianOk(cur) > 2 * medianOk(bestList) + BEHIND_MARGIN_MS) return best;
  if (successRate(cur) + 0.3 < successRate(bestList)) return best;
  return current;
}
