// Plain-TypeScript model of assembly/: the same algorithm step for step (same float operations
// in the same order), so the two can be compared exactly in tests and timed in the benchmark.
import { ASK, BID, type BookSide, type OrderBookMode, MAX_ORDER_BOOK_DEPTH, RATIO_SCALE, visibleRowCount } from '../core/order-book.ts';
import type { BookEngine } from './book-engine.ts';
import * as L from './book-layout.ts';

interface SideStore {
  prices: Float64Array;
  sizes: Float64Array;
  n: number;
  total: number;
  rows: Float64Array;
  curve: Float64Array;
}

function makeSide(): SideStore {
  return {
    prices: new Float64Array(L.LEVEL_CAP),
    sizes: new Float64Array(L.LEVEL_CAP),
    n: 0,
    total: 0,
    rows: new Float64Array(L.ROW_CAP * L.ROW_FIELDS),
    curve: new Float64Array(L.CURVE_CAP * 2),
  };
}

const validTick = (p: number): boolean => p >= 1 && p <= L.MAX_EXACT && p === Math.floor(p);
const validSize = (s: number): boolean => s >= 0 && s <= L.MAX_EXACT && s === Math.floor(s);

/** Bids round down, asks round up to the step; exact via a corrected float division, as in assembly/view.ts. */
function bucket(p: number, step: number, isBid: boolean): number {
  if (step === 1) return p;
  let b = Math.floor(p / step) * step;
  if (b > p) b -= step;
  else if (b + step <= p) b += step;
  if (!isBid && b < p) b += step;
  return b;
}

/** First index whose price is not better than p (bids: <= p, asks: >= p). */
function search(prices: Float64Array, n: number, p: number, isBid: boolean): number {
  let lo = 0;
  let hi = n;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const q = prices[mid]!;
    if (isBid ? q > p : q < p) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export class ReferenceBookEngine implements BookEngine {
  readonly kind = 'reference' as const;
  private readonly sides: [SideStore, SideStore] = [makeSide(), makeSide()];
  private readonly inputArea = new Float64Array(L.INPUT_CAP * 2);
  private readonly head = new Float64Array(L.HEADER_LEN);
  private depth = 50;
  private step = 1;
  private mode: OrderBookMode = 1;

  constructor() {
    this.clear();
  }

  input(): Float64Array {
    return this.inputArea;
  }

  apply(side: BookSide, count: number, reset: boolean): number {
    count = Math.min(Math.max(count | 0, 0), L.INPUT_CAP);
    const isBid = side !== ASK;
    const st = this.sides[isBid ? BID : ASK];
    const { prices, sizes } = st;
    const inp = this.inputArea;
    let n = reset ? 0 : st.n;
    let total = reset ? 0 : st.total;
    let rejected = 0;
    for (let i = 0; i < count; i++) {
      const p = inp[2 * i]!;
      const s = inp[2 * i + 1]!;
      if (!validTick(p) || !validSize(s)) {
        rejected++;
        continue;
      }
      const idx = search(prices, n, p, isBid);
      const found = idx < n && prices[idx] === p;
      if (found) {
        const old = sizes[idx]!;
        if (s === 0) {
          total -= old;
          prices.copyWithin(idx, idx + 1, n);
          sizes.copyWithin(idx, idx + 1, n);
          n--;
        } else {
          total += s - old;
          sizes[idx] = s;
        }
      } else if (s !== 0) {
        if (n === L.LEVEL_CAP) {
          // Full mid-batch: the worst level would be trimmed anyway, so it makes room.
          if (idx === n) continue;
          n--;
          total -= sizes[n]!;
        }
        prices.copyWithin(idx + 1, idx, n);
        sizes.copyWithin(idx + 1, idx, n);
        prices[idx] = p;
        sizes[idx] = s;
        total += s;
        n++;
      }
    }
    st.n = n;
    st.total = this.trim(st, total);
    this.head[L.H_REJECTED] = this.head[L.H_REJECTED]! + rejected;
    return rejected;
  }

  private trim(st: SideStore, total: number): number {
    let n = st.n;
    while (n > this.depth) {
      n--;
      total -= st.sizes[n]!;
    }
    st.n = n;
    return total;
  }

  setDepth(depth: number): void {
    const d = depth | 0;
    this.depth = d < 1 ? 1 : d > MAX_ORDER_BOOK_DEPTH ? MAX_ORDER_BOOK_DEPTH : d;
    for (const st of this.sides) st.total = this.trim(st, st.total);
    this.head[L.H_DEPTH] = this.depth;
  }

  setStep(stepTicks: number): void {
    const s = stepTicks;
    this.step = s >= 1 && s <= 1e15 && s === Math.floor(s) ? s : 1;
    this.head[L.H_STEP] = this.step;
  }

  setMode(mode: OrderBookMode): void {
    const m = mode | 0;
    this.mode = (m >= 1 && m <= 4 ? m : 1) as OrderBookMode;
    this.head[L.H_MODE] = this.mode;
  }

  clear(): void {
    for (const st of this.sides) {
      st.n = 0;
      st.total = 0;
    }
    this.head.fill(0);
    this.head[L.H_DEPTH] = this.depth;
    this.head[L.H_STEP] = this.step;
    this.head[L.H_MODE] = this.mode;
  }

  private mergeSide(side: BookSide, maxRows: number): number {
    const isBid = side === BID;
    const { prices, sizes, n, rows: out } = this.sides[side];
    const step = this.step;
    let row = -L.ROW_FIELDS;
    let rows = 0;
    // Bids: the current row holds prices >= edge; asks: prices <= edge (levels are sorted).
    let edge = 0;
    let size = 0;
    let cumBase = 0;
    let cumQuote = 0;
    for (let i = 0; i < n; i++) {
      const p = prices[i]!;
      if (rows === 0 || (isBid ? p < edge : p > edge)) {
        if (rows > 0) {
          out[row + 1] = size;
          out[row + 2] = cumBase;
          out[row + 3] = cumQuote;
        }
        if (rows === maxRows) return rows;
        rows++;
        row += L.ROW_FIELDS;
        edge = bucket(p, step, isBid);
        size = 0;
        out[row] = edge;
      }
      const s = sizes[i]!;
      size += s;
      cumBase += s;
      cumQuote += p * s;
    }
    if (rows > 0) {
      out[row + 1] = size;
      out[row + 2] = cumBase;
      out[row + 3] = cumQuote;
    }
    return rows;
  }

  update(): void {
    const h = this.head;
    const [bid, ask] = this.sides;
    const bidRows = this.mergeSide(BID, visibleRowCount(this.mode, BID));
    const askRows = this.mergeSide(ASK, visibleRowCount(this.mode, ASK));
    const bidCum = bidRows > 0 ? bid.rows[(bidRows - 1) * L.ROW_FIELDS + 2]! : 0;
    const askCum = askRows > 0 ? ask.rows[(askRows - 1) * L.ROW_FIELDS + 2]! : 0;
    const max = bidCum > askCum ? bidCum : askCum;
    for (const [st, count] of [[bid, bidRows], [ask, askRows]] as const) {
      for (let i = 0, at = 0; i < count; i++, at += L.ROW_FIELDS) st.rows[at + 4] = max > 0 ? st.rows[at + 2]! / max : 0;
    }
    h[L.H_BID_ROWS] = bidRows;
    h[L.H_ASK_ROWS] = askRows;
    h[L.H_BAR_MAX] = max;
    const bestBid = bid.n > 0 ? bid.prices[0]! : 0;
    const bestAsk = ask.n > 0 ? ask.prices[0]! : 0;
    h[L.H_BEST_BID] = bestBid;
    h[L.H_BEST_ASK] = bestAsk;
    h[L.H_BID_LEVELS] = bid.n;
    h[L.H_ASK_LEVELS] = ask.n;
    const both = bid.n > 0 && ask.n > 0;
    h[L.H_SPREAD] = both ? bestAsk - bestBid : 0;
    h[L.H_MID] = both ? (bestAsk + bestBid) * 0.5 : 0;
    h[L.H_CROSSED] = both && bestBid >= bestAsk ? 1 : 0;
    const bt = bid.total;
    const at = ask.total;
    h[L.H_BID_TOTAL] = bt;
    h[L.H_ASK_TOTAL] = at;
    const sum = bt + at;
    if (sum > 0) {
      const buy = Math.floor((bt * RATIO_SCALE) / sum + 0.5);
      h[L.H_BUY_RATIO] = buy;
      h[L.H_SELL_RATIO] = RATIO_SCALE - buy;
      h[L.H_NO_RATIO] = 0;
    } else {
      h[L.H_BUY_RATIO] = 0;
      h[L.H_SELL_RATIO] = 0;
      h[L.H_NO_RATIO] = 1;
    }
  }

  depthCurve(): void {
    for (const side of [BID, ASK] as const) {
      const { prices, sizes, curve } = this.sides[side];
      const n = Math.min(this.sides[side].n, L.CURVE_CAP);
      let cum = 0;
      for (let i = 0; i < n; i++) {
        cum += sizes[i]!;
        curve[2 * i] = prices[i]!;
        curve[2 * i + 1] = cum;
      }
      this.head[side === BID ? L.H_BID_CURVE : L.H_ASK_CURVE] = n;
    }
  }

  hover(side: BookSide, row: number): boolean {
    const h = this.head;
    const rows = side === BID ? h[L.H_BID_ROWS]! : side === ASK ? h[L.H_ASK_ROWS]! : 0;
    if ((side !== BID && side !== ASK) || row < 0 || row >= rows || !Number.isInteger(row)) {
      h[L.H_HOVER_AVG] = 0;
      h[L.H_HOVER_BASE] = 0;
      h[L.H_HOVER_QUOTE] = 0;
      return false;
    }
    const at = row * L.ROW_FIELDS;
    const out = this.sides[side].rows;
    const base = out[at + 2]!;
    const quote = out[at + 3]!;
    h[L.H_HOVER_AVG] = base > 0 ? quote / base : 0;
    h[L.H_HOVER_BASE] = base;
    h[L.H_HOVER_QUOTE] = quote;
    return true;
  }

  header(): Float64Array {
    return this.head;
  }
  rows(side: BookSide): Float64Array {
    return this.sides[side === ASK ? ASK : BID].rows;
  }
  prices(side: BookSide): Float64Array {
    return this.sides[side === ASK ? ASK : BID].prices;
  }
  sizes(side: BookSide): Float64Array {
    return this.sides[side === ASK ? ASK : BID].sizes;
  }
  levelCount(side: BookSide): number {
    return this.sides[side === ASK ? ASK : BID].n;
  }
  curve(side: BookSide): Float64Array {
    return this.sides[side === ASK ? ASK : BID].curve;
  }
  destroy(): void {
    this.clear();
  }
}
