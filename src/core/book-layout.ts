// JS mirror of assembly/layout.ts: header slots and row fields of the engine's output. Both
// engines (wasm and reference) fill the same layout, so readers work with either. It lives in
// core/ because the row formatter (core/book-rows.ts) reads frames laid out this way.

export const LEVEL_CAP = 4096;
export const INPUT_CAP = 4096;
export const ROW_CAP = 40;
export const ROW_FIELDS = 5;
export const HEADER_LEN = 32;
export const CURVE_CAP = 1000;

/** Row fields, f64 each: price (ticks, bucket of the step), size, cumulative base, cumulative quote, bar fraction. */
export const R_PRICE = 0;
export const R_SIZE = 1;
export const R_CUM_BASE = 2;
export const R_CUM_QUOTE = 3;
export const R_BAR = 4;

export const H_BEST_BID = 0;
export const H_BEST_ASK = 1;
export const H_SPREAD = 2;
export const H_MID = 3;
export const H_BUY_RATIO = 4;
export const H_SELL_RATIO = 5;
export const H_NO_RATIO = 6;
export const H_BID_ROWS = 7;
export const H_ASK_ROWS = 8;
export const H_BID_LEVELS = 9;
export const H_ASK_LEVELS = 10;
export const H_BID_TOTAL = 11;
export const H_ASK_TOTAL = 12;
export const H_CROSSED = 13;
export const H_BAR_MAX = 14;
export const H_REJECTED = 15;
export const H_HOVER_AVG = 16;
export const H_HOVER_BASE = 17;
export const H_HOVER_QUOTE = 18;
export const H_BID_CURVE = 19;
export const H_ASK_CURVE = 20;
export const H_STEP = 21;
export const H_DEPTH = 22;
export const H_MODE = 23;

/** Largest integer an f64 holds exactly; larger ticks or sizes are rejected by the engine. */
export const MAX_EXACT = Number.MAX_SAFE_INTEGER;
