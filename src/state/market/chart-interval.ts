// The chart's interval, kept locally: on its own because the market feed subscribes to the candles
// of this interval from the first load, long before the rest of the chart's settings are needed.
import { DEFAULT_INTERVAL, isChartInterval, type ChartInterval } from '../../core/chart/intervals.ts';
import { signal } from '../signals.ts';
import { readStored, writeStored } from '../storage.ts';

const KEY = 'spot.chart.interval';

export const chartInterval = signal<ChartInterval>(readStored(KEY, isChartInterval) ?? DEFAULT_INTERVAL);

export function setChartInterval(i: ChartInterval): void {
  chartInterval.value = i;
  writeStored(KEY, i);
}
