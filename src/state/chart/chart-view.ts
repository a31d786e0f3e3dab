import { signal } from '../signals.ts';

/** Series index of the bar under the pointer (-1: none; the legend then shows the last bar). */
export const chartHoverIndex = signal(-1);
/** Depth-chart hover readout: price, cumulative amount and value as shown, or null. */
export const depthHover = signal<{ side: 'buy' | 'sell'; price: string; amount: string; value: string; x: number; y: number } | null>(null);
/** Pointer y over the price chart in px (null: not over it); the quick-order button follows it. */
export const chartHoverY = signal<number | null>(null);

/** The pointer moved over the price chart: the bar under it (-1: none) and its y in px. */
export function setChartHover(index: number, y: number): void {
  if (chartHoverY.peek() !== y) chartHoverY.value = y;
  if (chartHoverIndex.peek() !== index) chartHoverIndex.value = index;
}

/** The pointer left the price chart (or the chart went): the legend shows the last bar again. */
export function clearChartHover(): void {
  chartHoverIndex.value = -1;
  chartHoverY.value = null;
}

export type DepthHover = NonNullable<typeof depthHover.value>;

/** The depth chart's hovered point as its readout shows it, or null. */
export function setDepthHover(h: DepthHover | null): void {
  depthHover.value = h;
}
