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
