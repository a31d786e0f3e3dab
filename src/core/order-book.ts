// Order-book domain constants (spec section 9 "Layout", 2.10 modes, Bybit spot depths).

export const BID = 0;
export const ASK = 1;
export type BookSide = typeof BID | typeof ASK;

/** 1: both sides stacked, 2: buy only, 3: sell only, 4: both side by side. */
export type OrderBookMode = 1 | 2 | 3 | 4;
export const ORDER_BOOK_MODES: readonly OrderBookMode[] = [1, 2, 3, 4];

export const ORDER_BOOK_ROWS_COMBINED = 13;
export const ORDER_BOOK_ROWS_SINGLE = 40;
export const ORDER_BOOK_ROW_HEIGHT = 22;
export const ORDER_BOOK_ROW_GAP = 2;
/**
 * The least row pitch a short window gets. Spec 9's 22 px is kept wherever the window has room;
 * issue 15 item 6 asks that 13 rows a side fit 1366×768 beside the chart, with the order form and
 * the orders panel's tab row, which 22 px rows cannot (they need 608 px of canvas alone).
 */
export const ORDER_BOOK_MIN_ROW_HEIGHT = 16;

/** A row pitch the book accepts: whole pixels from the minimum to spec 9's 22 (anything else: 22). */
export function clampRowPitch(pitch: number): number {
  return Number.isFinite(pitch) ? Math.max(ORDER_BOOK_MIN_ROW_HEIGHT, Math.min(ORDER_BOOK_ROW_HEIGHT, Math.floor(pitch))) : ORDER_BOOK_ROW_HEIGHT;
}

/**
 * The pitch at which mode 1's 13 + 13 rows and the price band between them end `below` pixels
 * above the window's bottom, for a canvas whose top is `canvasTop` pixels down the page.
 */
export function fittedRowPitch(viewportHeight: number, canvasTop: number, below: number, priceBand: number): number {
  return clampRowPitch((viewportHeight - canvasTop - below - priceBand) / (2 * ORDER_BOOK_ROWS_COMBINED));
}
export const DEPTH_CANVAS_WIDTH = 296;
export const DEPTH_CANVAS_HEIGHT = 20;
export const RATIO_ANIMATION_MS = 300;

/** Depths Bybit offers for spot `orderbook.{depth}.{symbol}`. */
export const ORDER_BOOK_DEPTHS = [1, 50, 200, 1000] as const;
export type OrderBookDepth = (typeof ORDER_BOOK_DEPTHS)[number];
export const MAX_ORDER_BOOK_DEPTH = 1000;

/** Buy/sell ratios are integers of 1/100 percent, so B + S is exactly 100.00 %. */
export const RATIO_SCALE = 10000;

/** Rows a side shows in a mode. */
export function visibleRowCount(mode: OrderBookMode, side: BookSide): number {
  if (mode === 1) return ORDER_BOOK_ROWS_COMBINED;
  if (mode === 4) return ORDER_BOOK_ROWS_SINGLE;
  if (mode === 2) return side === BID ? ORDER_BOOK_ROWS_SINGLE : 0;
  return side === ASK ? ORDER_BOOK_ROWS_SINGLE : 0;
}

export function isOrderBookDepth(n: unknown): n is OrderBookDepth {
  return (ORDER_BOOK_DEPTHS as readonly unknown[]).includes(n);
}
