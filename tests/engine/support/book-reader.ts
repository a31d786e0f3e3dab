// Test readers over a BookEngine: rows, levels, curves and hover sums out, formatted back to exact
// decimal strings. They allocate; the page reads the engine's views through frames instead.
import { type DecimalScale, divideToDecimal, formatScaled, scaledToDecimal, ticksToDecimal } from '../../../src/core/decimal.ts';
import { ASK, BID, type BookSide } from '../../../src/core/order-book.ts';
import type { BookEngine } from '../../../src/engine/book-engine.ts';
import * as L from '../../../src/engine/book-layout.ts';
export { applyPairs } from '../../../src/engine/apply-pairs.ts';

export interface BookRowNumbers {
  price: number;
  size: number;
  cumBase: number;
  cumQuote: number;
  bar: number;
}

export function readRows(engine: BookEngine, side: BookSide): BookRowNumbers[] {
  const h = engine.header();
  const n = h[side === BID ? L.H_BID_ROWS : L.H_ASK_ROWS]!;
  const r = engine.rows(side);
  const out: BookRowNumbers[] = [];
  for (let i = 0, at = 0; i < n; i++, at += L.ROW_FIELDS) {
    out.push({ price: r[at]!, size: r[at + 1]!, cumBase: r[at + 2]!, cumQuote: r[at + 3]!, bar: r[at + 4]! });
  }
  return out;
}

export function readLevels(engine: BookEngine, side: BookSide): Array<[number, number]> {
  const n = engine.levelCount(side);
  const p = engine.prices(side);
  const s = engine.sizes(side);
  const out: Array<[number, number]> = [];
  for (let i = 0; i < n; i++) out.push([p[i]!, s[i]!]);
  return out;
}

export function readCurve(engine: BookEngine, side: BookSide): Array<[number, number]> {
  const n = engine.header()[side === ASK ? L.H_ASK_CURVE : L.H_BID_CURVE]!;
  const c = engine.curve(side);
  const out: Array<[number, number]> = [];
  for (let i = 0; i < n; i++) out.push([c[2 * i]!, c[2 * i + 1]!]);
  return out;
}

/** The symbol's scales: price ticks, size decimals, and the quote total's display decimals. */
export interface BookScales {
  tick: DecimalScale;
  sizeDecimals: number;
  quoteDecimals: number;
}

export interface FormattedRow {
  price: string;
  size: string;
  totalBase: string;
  totalQuote: string;
}

/** Exact decimal strings of a row: price at the tick's precision, base at size precision, quote rounded half-up. */
export function formatRow(row: BookRowNumbers, s: BookScales): FormattedRow {
  return {
    price: ticksToDecimal(row.price, s.tick),
    size: scaledToDecimal(row.size, s.sizeDecimals),
    totalBase: scaledToDecimal(row.cumBase, s.sizeDecimals),
    // cumQuote is Σ ticks × scaled size: units of tick.units × 10^-(tick.decimals + sizeDecimals).
    totalQuote: formatScaled(BigInt(row.cumQuote) * BigInt(s.tick.units), s.tick.decimals + s.sizeDecimals, s.quoteDecimals),
  };
}

export interface HoverSums {
  avgPrice: string;
  totalBase: string;
  totalQuote: string;
}

/** Hover tooltip of a visible row: average price (rounded to the price precision) and totals. */
export function hoverSums(engine: BookEngine, side: BookSide, row: number, s: BookScales): HoverSums | null {
  if (!engine.hover(side, row)) return null;
  const h = engine.header();
  const base = h[L.H_HOVER_BASE]!;
  const quote = h[L.H_HOVER_QUOTE]!;
  // avg = Σ(ticks·size)/Σsize ticks; done in BigInt so the shown price is exactly rounded.
  const avgUnits = BigInt(quote) * BigInt(s.tick.units);
  return {
    avgPrice: base > 0 ? divideToDecimal(avgUnits, BigInt(base) * 10n ** BigInt(s.tick.decimals), s.tick.decimals) : '--',
    totalBase: scaledToDecimal(base, s.sizeDecimals),
    totalQuote: formatScaled(avgUnits, s.tick.decimals + s.sizeDecimals, s.quoteDecimals),
  };
}
