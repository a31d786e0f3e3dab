import type { CandleSeries } from '../../core/chart/candle-series.ts';
import type { TimeScale } from './time-scale.ts';

/**
 * The compared symbol as percent change from its close at the first visible bar's time, one
 * value per visible bar of the main series (NaN before the compared series starts).
 */
export function compareValues(cmp: CandleSeries, from: number, to: number, times: Float64Array): Float64Array | null {
  if (from > to) return null;
  const out = new Float64Array(to - from + 1).fill(NaN);
  let j = cmp.indexAtOrBefore(times[from]!);
  let base = j >= 0 ? cmp.close[j]! : NaN;
  for (let i = from; i <= to; i++) {
    while (j + 1 < cmp.length && cmp.time[j + 1]! <= times[i]!) j++;
    if (j < 0) continue;
    if (Number.isNaN(base)) base = cmp.close[j]!;
    out[i - from] = (cmp.close[j]! / base - 1) * 100;
  }
  return out;
}

/** The time scale seen from bar `from`: index 0 there (for arrays that start at the first visible bar). */
export function shiftedScale(ts: TimeScale, from: number): TimeScale {
  return { x: (i: number) => ts.x(i + from), barSpacing: ts.barSpacing } as TimeScale;
}
