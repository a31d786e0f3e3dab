// Memory layout shared by every part of the engine. src/engine/book-layout.ts mirrors these
// numbers for the JS side (assembly/ may import nothing outside itself, so they are repeated
// there; tests/engine checks both agree by behaviour).

/** Deepest window Bybit offers for spot (orderbook.1000). */
export const MAX_DEPTH: i32 = 1000;
/** Levels a side can hold while a batch is applied: the window plus room for a batch's inserts
 *  before the end-of-batch trim (window-edge inserts may arrive before their deletes). */
export const LEVEL_CAP: i32 = 4096;
/** Level pairs the input area holds for one applyLevels call. */
export const INPUT_CAP: i32 = 4096;
/** Rows a side shows at most (modes 2, 3 and 4 show 40; mode 1 shows 13). */
export const ROW_CAP: i32 = 40;
export const ROWS_COMBINED: i32 = 13;
export const ROWS_SINGLE: i32 = 40;
/** f64 fields per row: price (ticks), size, cumulative base, cumulative quote, bar fraction. */
export const ROW_FIELDS: i32 = 5;
export const HEADER_LEN: i32 = 32;

// Header slots (f64 each).
export const H_BEST_BID: i32 = 0;
export const H_BEST_ASK: i32 = 1;
export const H_SPREAD: i32 = 2;
export const H_MID: i32 = 3;
export const H_BUY_RATIO: i32 = 4;
export const H_SELL_RATIO: i32 = 5;
export const H_NO_RATIO: i32 = 6;
export const H_BID_ROWS: i32 = 7;
export const H_ASK_ROWS: i32 = 8;
export const H_BID_LEVELS: i32 = 9;
export const H_ASK_LEVELS: i32 = 10;
export const H_BID_TOTAL: i32 = 11;
export const H_ASK_TOTAL: i32 = 12;
export const H_CROSSED: i32 = 13;
export const H_BAR_MAX: i32 = 14;
export const H_REJECTED: i32 = 15;
export const H_HOVER_AVG: i32 = 16;
export const H_HOVER_BASE: i32 = 17;
export const H_HOVER_QUOTE: i32 = 18;
export const H_BID_CURVE: i32 = 19;
export const H_ASK_CURVE: i32 = 20;
export const H_STEP: i32 = 21;
export const H_DEPTH: i32 = 22;
export const H_MODE: i32 = 23;

/** Largest integer an f64 holds exactly; ticks and scaled sizes above it are rejected. */
export const MAX_EXACT: f64 = 9007199254740991.0;
/** Ratios are integers of 1/100 percent so B + S is exactly 100.00 %. */
export const RATIO_SCALE: f64 = 10000.0;

export const BID: i32 = 0;
export const ASK: i32 = 1;

// Static regions: the stub runtime never allocates, so every buffer is reserved here once.
export const BID_PRICES: usize = memory.data(LEVEL_CAP * 8, 16);
export const BID_SIZES: usize = memory.data(LEVEL_CAP * 8, 16);
export const ASK_PRICES: usize = memory.data(LEVEL_CAP * 8, 16);
export const ASK_SIZES: usize = memory.data(LEVEL_CAP * 8, 16);
export const INPUT: usize = memory.data(INPUT_CAP * 16, 16);
export const HEADER: usize = memory.data(HEADER_LEN * 8, 16);
export const BID_ROWS: usize = memory.data(ROW_CAP * ROW_FIELDS * 8, 16);
export const ASK_ROWS: usize = memory.data(ROW_CAP * ROW_FIELDS * 8, 16);
export const BID_CURVE: usize = memory.data(MAX_DEPTH * 16, 16);
export const ASK_CURVE: usize = memory.data(MAX_DEPTH * 16, 16);

// @ts-ignore: decorator
@inline export function hset(slot: i32, v: f64): void {
  store<f64>(HEADER + (<usize>slot << 3), v);
}

// @ts-ignore: decorator
@inline export function hget(slot: i32): f64 {
  return load<f64>(HEADER + (<usize>slot << 3));
}
