import { intervalParts, type ChartInterval } from '../../core/chart/intervals.ts';

/** Translation key and count of an interval's short label ('15m', '4h', '1D', …). */
export function intervalLabelKey(i: ChartInterval): { key: string; count: number } {
  const p = intervalParts(i);
  return { key: `chart.intervalShort.${p.unit}`, count: p.count };
}
