import type { TFunction } from 'i18next';
import { dayRangeLabel } from '../../core/chart/order-overlays.ts';

/** 'N days', or 'N years' at 365 days and more (spec 2.6). */
export function dayLabel(t: TFunction, days: number): string {
  const l = dayRangeLabel(days);
  return t(l.key === 'years' ? 'chart.rangeYears' : 'chart.rangeDays', { count: l.count });
}
