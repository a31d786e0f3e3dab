import { signal } from './signals.ts';

/** Series index of the bar under the pointer (-1: none; the legend then shows the last bar). */
export const chartHoverIndex = signal(-1);
/** Depth-chart hover readout: price, cumulative amount and value as shown, or null. */
export const depthHover = signal<{ side: 'buy' | 'sell'; price: string; amount: string; value: string; x: number; y: number } | null>(null);
/** Pointer y over the price chart in px (null: not over it); the quick-order button follows it. */
export const chartHoverY = signal<number | null>(null);
