// The one interface both book engines implement: the WebAssembly build and the plain-TS
// reference. Callers write [priceTicks, sizeScaled] pairs into input(), call apply(), then
// update() and read header()/rows() — views stay valid across calls (no copies).
import type { BookSide, OrderBookMode } from '../core/order-book.ts';
import type { HeatSampler } from './heat-sampler.ts';

export interface BookEngine {
  readonly kind: 'wasm' | 'reference';
  /** The order-book heatmap's sampler (wasm only: the reference model is the fallback without one). */
  readonly heat?: HeatSampler;
  /** Input area: pairs [priceTicks, sizeScaled]; holds INPUT_CAP pairs. */
  input(): Float64Array;
  /** Applies `count` pairs from input() to a side; reset = snapshot. Returns the rejected count. */
  apply(side: BookSide, count: number, reset: boolean): number;
  /** Window depth 1..1000 (Bybit: 1, 50, 200, 1000); trims both sides at once. */
  setDepth(depth: number): void;
  /** Merge step in whole ticks (1 = raw book); invalid values fall back to 1. */
  setStep(stepTicks: number): void;
  setMode(mode: OrderBookMode): void;
  /** Empties the book and the header (keeps depth, step and mode). */
  clear(): void;
  /** Recomputes rows, totals, bars, ratio, spread and mid. */
  update(): void;
  /** Recomputes the depth-chart curves. */
  depthCurve(): void;
  /** Writes the hover sums of a visible row into the header; false if the row is not shown. */
  hover(side: BookSide, row: number): boolean;
  header(): Float64Array;
  /** ROW_CAP rows × ROW_FIELDS; the header says how many are valid. */
  rows(side: BookSide): Float64Array;
  /** Raw levels, best first; levelCount() of them are valid. */
  prices(side: BookSide): Float64Array;
  sizes(side: BookSide): Float64Array;
  levelCount(side: BookSide): number;
  /** Pairs [priceTicks, cumulativeBase] per raw level; header H_BID_CURVE/H_ASK_CURVE give counts. */
  curve(side: BookSide): Float64Array;
  destroy(): void;
}
