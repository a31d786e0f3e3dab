// The level store: per side a price array (integer ticks) and a size array (scaled integers),
// best level first. Kept sorted so a delta costs one binary search and one memmove; no
// allocation ever happens here.
import {
  ASK, ASK_PRICES, ASK_SIZES, BID, BID_PRICES, BID_SIZES, INPUT, LEVEL_CAP, MAX_DEPTH, MAX_EXACT,
} from './layout';

let bidCount: i32 = 0;
let askCount: i32 = 0;
let bidTotal: f64 = 0;
let askTotal: f64 = 0;
let depth: i32 = 50;

// @ts-ignore: decorator
@inline export function pricesOf(side: i32): usize {
  return side == BID ? BID_PRICES : ASK_PRICES;
}

// @ts-ignore: decorator
@inline export function sizesOf(side: i32): usize {
  return side == BID ? BID_SIZES : ASK_SIZES;
}

// @ts-ignore: decorator
@inline export function countOf(side: i32): i32 {
  return side == BID ? bidCount : askCount;
}

// @ts-ignore: decorator
@inline export function totalOf(side: i32): f64 {
  return side == BID ? bidTotal : askTotal;
}

export function getDepth(): i32 {
  return depth;
}

/** First index whose price is not better than p (bids: <= p, asks: >= p). */
function search(prices: usize, n: i32, p: f64, isBid: bool): i32 {
  let lo = 0;
  let hi = n;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const q = load<f64>(prices + (<usize>mid << 3));
    const before = isBid ? q > p : q < p;
    if (before) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

// @ts-ignore: decorator
@inline function validTick(p: f64): bool {
  // NaN fails every comparison, so it is rejected here too.
  return p >= 1.0 && p <= MAX_EXACT && p == Math.floor(p);
}

// @ts-ignore: decorator
@inline function validSize(s: f64): bool {
  return s >= 0.0 && s <= MAX_EXACT && s == Math.floor(s);
}

/** Drops levels beyond n from a side; returns the new total. */
function trim(side: i32, keep: i32, n: i32, total: f64): f64 {
  const sizes = sizesOf(side);
  while (n > keep) {
    n--;
    total -= load<f64>(sizes + (<usize>n << 3));
  }
  if (side == BID) bidCount = n;
  else askCount = n;
  return total;
}

/**
 * Applies `count` [priceTicks, sizeScaled] pairs from the input area to one side. reset
 * replaces the side (a snapshot); size 0 deletes. Invalid pairs are skipped and counted.
 * The window is trimmed to the depth at the end of the batch, not per level, because Bybit
 * may list an insert beyond the old edge before the delete that makes room for it.
 */
export function applyLevels(side: i32, count: i32, reset: bool): i32 {
  const isBid = side == BID;
  const prices = pricesOf(side);
  const sizes = sizesOf(side);
  let n = reset ? 0 : countOf(side);
  let total = reset ? 0.0 : totalOf(side);
  let rejected = 0;
  for (let i = 0; i < count; i++) {
    const at = INPUT + (<usize>i << 4);
    const p = load<f64>(at);
    const s = load<f64>(at, 8);
    if (!validTick(p) || !validSize(s)) {
      rejected++;
      continue;
    }
    const idx = search(prices, n, p, isBid);
    const pa = prices + (<usize>idx << 3);
    const sa = sizes + (<usize>idx << 3);
    const found = idx < n && load<f64>(pa) == p;
    if (found) {
      const old = load<f64>(sa);
      if (s == 0.0) {
        total -= old;
        const tail = <usize>(n - idx - 1) << 3;
        memory.copy(pa, pa + 8, tail);
        memory.copy(sa, sa + 8, tail);
        n--;
      } else {
        total += s - old;
        store<f64>(sa, s);
      }
    } else if (s != 0.0) {
      if (n == LEVEL_CAP) {
        // Full mid-batch: the worst level would be trimmed anyway, so it makes room.
        if (idx == n) continue;
        n--;
        total -= load<f64>(sizes + (<usize>n << 3));
      }
      const tail = <usize>(n - idx) << 3;
      memory.copy(pa + 8, pa, tail);
      memory.copy(sa + 8, sa, tail);
      store<f64>(pa, p);
      store<f64>(sa, s);
      total += s;
      n++;
    }
  }
  total = trim(side, depth, n, total);
  if (isBid) bidTotal = total;
  else askTotal = total;
  return rejected;
}

/** Sets the window depth (clamped to 1..1000) and trims both sides to it. */
export function setDepthLevels(d: i32): void {
  depth = d < 1 ? 1 : d > MAX_DEPTH ? MAX_DEPTH : d;
  bidTotal = trim(BID, depth, bidCount, bidTotal);
  askTotal = trim(ASK, depth, askCount, askTotal);
}

export function clearLevels(): void {
  bidCount = 0;
  askCount = 0;
  bidTotal = 0;
  askTotal = 0;
}
