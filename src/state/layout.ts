// The desktop page's split between the chart and the order lists (issue 33 item 1): the orders
// area's height as the person dragged it, kept locally like the page's other view preferences
// (storage.ts). Null is the page's own default (styles.css: --orders-h).
import { signal } from './signals.ts';
import { readStored, removeStored, writeStored } from './storage.ts';

const KEY = 'spot.layout.ordersHeight';
/** The least the orders area may be: its tab row, a header and two rows. */
export const ORDERS_MIN_HEIGHT = 140;
/** The least the chart (and the book beside it) keeps above the orders area. */
export const CHART_MIN_HEIGHT = 200;

/**
 * Spec 9 "orders-table height is reported only if at most 600 px": the orders area's height is
 * reported to the kept layout only up to this; a taller area holds for the page as it is, and the
 * next visit opens at the last height reported.
 */
export const ORDERS_REPORT_MAX_HEIGHT = 600;

const isHeight = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v >= ORDERS_MIN_HEIGHT && v <= ORDERS_REPORT_MAX_HEIGHT;

/** The orders area's height in CSS pixels, or null for the default. */
export const ordersHeight = signal<number | null>(readStored(KEY, isHeight) ?? null);

/** Sets the orders area's height, and keeps it when it is at most ORDERS_REPORT_MAX_HEIGHT; null returns to the default. */
export function setOrdersHeight(px: number | null): void {
  if (px === null) {
    ordersHeight.value = null;
    removeStored(KEY);
    return;
  }
  const h = Math.max(ORDERS_MIN_HEIGHT, Math.round(px));
  ordersHeight.value = h;
  if (h <= ORDERS_REPORT_MAX_HEIGHT) writeStored(KEY, h);
}

/** The orders height a drag or key asks for, kept between the minimum and what leaves the chart its minimum. */
export function clampOrdersHeight(wanted: number, chartPlusOrders: number): number {
  return Math.max(ORDERS_MIN_HEIGHT, Math.min(Math.round(wanted), Math.round(chartPlusOrders) - CHART_MIN_HEIGHT));
}

const LADDER_KEY = 'spot.layout.ladder';

/** The price ladder shown beside the book (issue 35 item 2; desktop only: the phone has no room for it). */
export const ladderShown = signal<boolean>(readStored(LADDER_KEY, (v): v is boolean => typeof v === 'boolean') ?? false);

/** Shows or hides the ladder, and keeps the choice. */
export function setLadderShown(on: boolean): void {
  ladderShown.value = on;
  writeStored(LADDER_KEY, on);
}
