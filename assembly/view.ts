// What the page shows, computed from the level store: merged rows with cumulative totals,
// depth-bar fractions, the buy/sell ratio, spread and mid, the depth-chart curve and the
// hover sums. Everything is written into static regions read by JS through typed arrays.
import {
  ASK, ASK_CURVE, ASK_ROWS, BID, BID_CURVE, BID_ROWS, H_ASK_CURVE, H_ASK_LEVELS, H_ASK_ROWS,
  H_ASK_TOTAL, H_BAR_MAX, H_BEST_ASK, H_BEST_BID, H_BID_CURVE, H_BID_LEVELS, H_BID_ROWS,
  H_BID_TOTAL, H_BUY_RATIO, H_CROSSED, H_HOVER_AVG, H_HOVER_BASE, H_HOVER_QUOTE, H_MID,
  H_NO_RATIO, H_SELL_RATIO, H_SPREAD, MAX_DEPTH, RATIO_SCALE, ROWS_COMBINED, ROWS_SINGLE,
  ROW_FIELDS, hget, hset,
} from './layout';
import { countOf, pricesOf, sizesOf, totalOf } from './levels';

let step: f64 = 1;
let mode: i32 = 1;

export function setStepTicks(s: f64): void {
  // A step must be a whole number of ticks; anything else falls back to the raw book.
  step = s >= 1.0 && s <= 1e15 && s == Math.floor(s) ? s : 1.0;
}

export function getStep(): f64 {
  return step;
}

export function setViewMode(m: i32): void {
  mode = m >= 1 && m <= 4 ? m : 1;
}

export function getMode(): i32 {
  return mode;
}

// @ts-ignore: decorator
@inline function rowsOf(side: i32): usize {
  return side == BID ? BID_ROWS : ASK_ROWS;
}

/** Rows a side shows in the current mode: 1 = both (13), 2 = bids (40), 3 = asks (40), 4 = both (40). */
function visibleRows(side: i32): i32 {
  if (mode == 1) return ROWS_COMBINED;
  if (mode == 4) return ROWS_SINGLE;
  if (mode == 2) return side == BID ? ROWS_SINGLE : 0;
  return side == ASK ? ROWS_SINGLE : 0;
}

/**
 * Bids round down and asks round up to the step, so a merged row never looks better than its
 * levels. Computed once per row (not per level) with a float division corrected to exact:
 * f64 `%` is a slow software fmod in wasm.
 */
function bucket(p: f64, isBid: bool): f64 {
  if (step == 1.0) return p;
  let b = Math.floor(p / step) * step;
  if (b > p) b -= step;
  else if (b + step <= p) b += step;
  if (!isBid && b < p) b += step;
  return b;
}

/**
 * Fills the rows of one side, walking levels only until the last visible row is closed. Row
 * sums live in locals and are stored when the row closes: stores per level cost more than the
 * arithmetic.
 */
function mergeSide(side: i32, maxRows: i32): i32 {
  const isBid = side == BID;
  const prices = pricesOf(side);
  const sizes = sizesOf(side);
  const n = countOf(side);
  let row: usize = rowsOf(side) - ROW_FIELDS * 8;
  let rows = 0;
  // Bids: the current row holds prices >= edge; asks: prices <= edge (levels are sorted).
  let edge: f64 = 0;
  let size: f64 = 0;
  let cumBase: f64 = 0;
  let cumQuote: f64 = 0;
  for (let i = 0; i < n; i++) {
    const p = load<f64>(prices + (<usize>i << 3));
    if (rows == 0 || (isBid ? p < edge : p > edge)) {
      if (rows > 0) {
        store<f64>(row, size, 8);
        store<f64>(row, cumBase, 16);
        store<f64>(row, cumQuote, 24);
      }
      if (rows == maxRows) return rows;
      rows++;
      row += ROW_FIELDS * 8;
      edge = bucket(p, isBid);
      size = 0;
      store<f64>(row, edge);
    }
    const s = load<f64>(sizes + (<usize>i << 3));
    size += s;
    cumBase += s;
    cumQuote += p * s;
  }
  if (rows > 0) {
    store<f64>(row, size, 8);
    store<f64>(row, cumBase, 16);
    store<f64>(row, cumQuote, 24);
  }
  return rows;
}

function barsOf(side: i32, rows: i32, max: f64): void {
  let row = rowsOf(side);
  for (let i = 0; i < rows; i++) {
    store<f64>(row, max > 0.0 ? load<f64>(row, 16) / max : 0.0, 32);
    row += ROW_FIELDS * 8;
  }
}

// @ts-ignore: decorator
@inline function lastCum(side: i32, rows: i32): f64 {
  return rows > 0 ? load<f64>(rowsOf(side) + <usize>(rows - 1) * ROW_FIELDS * 8, 16) : 0.0;
}

/** Recomputes rows, totals, bars, ratio, spread and mid after one or more batches. */
export function updateView(): void {
  const bidRows = mergeSide(BID, visibleRows(BID));
  const askRows = mergeSide(ASK, visibleRows(ASK));
  const bidCum = lastCum(BID, bidRows);
  const askCum = lastCum(ASK, askRows);
  // Bars share one scale across the shown sides so equal depth looks equal on both.
  const max = bidCum > askCum ? bidCum : askCum;
  barsOf(BID, bidRows, max);
  barsOf(ASK, askRows, max);
  hset(H_BID_ROWS, <f64>bidRows);
  hset(H_ASK_ROWS, <f64>askRows);
  hset(H_BAR_MAX, max);

  const nb = countOf(BID);
  const na = countOf(ASK);
  const bestBid = nb > 0 ? load<f64>(pricesOf(BID)) : 0.0;
  const bestAsk = na > 0 ? load<f64>(pricesOf(ASK)) : 0.0;
  hset(H_BEST_BID, bestBid);
  hset(H_BEST_ASK, bestAsk);
  hset(H_BID_LEVELS, <f64>nb);
  hset(H_ASK_LEVELS, <f64>na);
  if (nb > 0 && na > 0) {
    hset(H_SPREAD, bestAsk - bestBid);
    hset(H_MID, (bestAsk + bestBid) * 0.5);
    hset(H_CROSSED, bestBid >= bestAsk ? 1.0 : 0.0);
  } else {
    hset(H_SPREAD, 0);
    hset(H_MID, 0);
    hset(H_CROSSED, 0);
  }

  // The ratio is over the whole window in base units, as the page's B/S bar shows it.
  const bt = totalOf(BID);
  const at = totalOf(ASK);
  hset(H_BID_TOTAL, bt);
  hset(H_ASK_TOTAL, at);
  const sum = bt + at;
  if (sum > 0.0) {
    const buy = Math.floor((bt * RATIO_SCALE) / sum + 0.5);
    hset(H_BUY_RATIO, buy);
    hset(H_SELL_RATIO, RATIO_SCALE - buy);
    hset(H_NO_RATIO, 0);
  } else {
    hset(H_BUY_RATIO, 0);
    hset(H_SELL_RATIO, 0);
    hset(H_NO_RATIO, 1);
  }
}

function curveSide(side: i32, out: usize): i32 {
  const prices = pricesOf(side);
  const sizes = sizesOf(side);
  const n = countOf(side) < MAX_DEPTH ? countOf(side) : MAX_DEPTH;
  let cum: f64 = 0;
  for (let i = 0; i < n; i++) {
    cum += load<f64>(sizes + (<usize>i << 3));
    store<f64>(out + (<usize>i << 4), load<f64>(prices + (<usize>i << 3)));
    store<f64>(out + (<usize>i << 4), cum, 8);
  }
  return n;
}

/** Depth-chart steps: [price, cumulative base] per raw level, best first, both sides. */
export function updateDepthCurve(): void {
  hset(H_BID_CURVE, <f64>curveSide(BID, BID_CURVE));
  hset(H_ASK_CURVE, <f64>curveSide(ASK, ASK_CURVE));
}

/** Hover sums of a visible row (from the best level through that row); 0 if no such row. */
export function hoverRow(side: i32, row: i32): i32 {
  const rows = <i32>hget(side == BID ? H_BID_ROWS : H_ASK_ROWS);
  if (side != BID && side != ASK || row < 0 || row >= rows) {
    hset(H_HOVER_AVG, 0);
    hset(H_HOVER_BASE, 0);
    hset(H_HOVER_QUOTE, 0);
    return 0;
  }
  const at = rowsOf(side) + <usize>row * ROW_FIELDS * 8;
  const base = load<f64>(at, 16);
  const quote = load<f64>(at, 24);
  hset(H_HOVER_AVG, base > 0.0 ? quote / base : 0.0);
  hset(H_HOVER_BASE, base);
  hset(H_HOVER_QUOTE, quote);
  return 1;
}
