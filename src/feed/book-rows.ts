// Turns the numbers of a book frame into the strings a row shows. Each side keeps the numbers
// it formatted last per row slot and formats again only where they changed, so a busy book
// costs a few string operations per changed row rather than BigInt work for all 80.
import { abbreviate } from '../core/format.ts';
import { divideToDecimal, formatScaled, type DecimalScale } from '../core/decimal.ts';
import { ASK, BID } from '../core/order-book.ts';
import * as L from '../engine/book-layout.ts';
import type { BookFrame } from './frame.ts';

export interface BookRowText {
  /** Price of the row in ticks (the merge bucket), for clicks and keyboard selection. */
  ticks: number;
  price: string;
  size: string;
  total: string;
  /** Depth-bar fraction 0..1. */
  bar: number;
  /** Cumulative base and quote up to this row, exact decimal strings, for the hover tooltip. */
  cumBase: string;
  cumQuote: string;
  /** Average price from the best level to this row, at the price precision. */
  avgPrice: string;
}

export interface BookView {
  symbol: string;
  updateId: number;
  bids: BookRowText[];
  asks: BookRowText[];
  /** Percent × 100 (integers); noRatio when the book is empty. */
  buyRatio: number;
  sellRatio: number;
  noRatio: boolean;
  bestBid: string;
  bestAsk: string;
}

export interface RowScales {
  tick: DecimalScale;
  sizeDecimals: number;
  quoteDecimals: number;
  /** Decimals of the merge step (the price column shows these). */
  priceDecimals: number;
  totalIn: 'base' | 'quote';
}

/** An integer (safe) scaled by 10^decimals, as a decimal string, without BigInt. */
export function fixed(n: number, decimals: number): string {
  const neg = n < 0;
  let s = String(Math.abs(Math.round(n)));
  if (decimals > 0) {
    if (s.length <= decimals) s = s.padStart(decimals + 1, '0');
    s = `${s.slice(0, s.length - decimals)}.${s.slice(s.length - decimals)}`;
  }
  return neg ? `-${s}` : s;
}

function priceText(ticks: number, s: RowScales): string {
  // ticks × units is the price scaled by 10^tick.decimals; show it at the step's decimals.
  const scaled = ticks * s.tick.units;
  if (s.priceDecimals >= s.tick.decimals) return fixed(scaled * 10 ** (s.priceDecimals - s.tick.decimals), s.priceDecimals);
  return formatScaled(scaled, s.tick.decimals, s.priceDecimals);
}

const TOTAL_ABBREVIATE_DIGITS = 6;

function shortTotal(text: string): string {
  const dot = text.indexOf('.');
  return (dot < 0 ? text.length : dot) > TOTAL_ABBREVIATE_DIGITS ? abbreviate(text) : text;
}

class SideFormatter {
  private readonly last = new Float64Array(L.ROW_CAP * L.ROW_FIELDS).fill(-1);
  private readonly rows: BookRowText[] = [];
  private key = '';

  format(numbers: Float64Array, offset: number, count: number, s: RowScales): BookRowText[] {
    const key = `${s.tick.units}/${s.tick.decimals}/${s.sizeDecimals}/${s.quoteDecimals}/${s.priceDecimals}/${s.totalIn}`;
    if (key !== this.key) {
      this.last.fill(-1);
      this.key = key;
    }
    const out: BookRowText[] = new Array(count);
    for (let i = 0; i < count; i++) {
      const at = offset + i * L.ROW_FIELDS;
      const slot = i * L.ROW_FIELDS;
      const ticks = numbers[at + L.R_PRICE]!;
      const size = numbers[at + L.R_SIZE]!;
      const cumBase = numbers[at + L.R_CUM_BASE]!;
      const cumQuote = numbers[at + L.R_CUM_QUOTE]!;
      const bar = numbers[at + L.R_BAR]!;
      const prev = this.rows[i];
      if (
        prev &&
        this.last[slot] === ticks &&
        this.last[slot + 1] === size &&
        this.last[slot + 2] === cumBase &&
        this.last[slot + 3] === cumQuote
      ) {
        out[i] = prev.bar === bar ? prev : { ...prev, bar };
      } else {
        // Σ ticks·size is in units of tick.units × 10^-(tick.decimals + sizeDecimals).
        const quoteScaled = BigInt(Math.round(cumQuote)) * BigInt(s.tick.units);
        const cumQuoteText = formatScaled(quoteScaled, s.tick.decimals + s.sizeDecimals, s.quoteDecimals);
        const cumBaseText = fixed(cumBase, s.sizeDecimals);
        const avgPrice =
          cumBase > 0 ? divideToDecimal(quoteScaled, BigInt(Math.round(cumBase)) * 10n ** BigInt(s.tick.decimals), s.tick.decimals) : '--';
        out[i] = {
          ticks,
          price: priceText(ticks, s),
          size: fixed(size, s.sizeDecimals),
          total: shortTotal(s.totalIn === 'base' ? cumBaseText : cumQuoteText),
          bar,
          cumBase: cumBaseText,
          cumQuote: cumQuoteText,
          avgPrice,
        };
        this.last[slot] = ticks;
        this.last[slot + 1] = size;
        this.last[slot + 2] = cumBase;
        this.last[slot + 3] = cumQuote;
      }
      this.rows[i] = out[i]!;
    }
    this.rows.length = count;
    return out;
  }
}

/** Formats book frames of one symbol; keep one per canvas. */
export class BookRowFormatter {
  private readonly sides = [new SideFormatter(), new SideFormatter()];

  format(frame: BookFrame, s: RowScales): BookView {
    const n = frame.numbers;
    const rowsLen = L.ROW_CAP * L.ROW_FIELDS;
    const bidCount = n[L.H_BID_ROWS]!;
    const askCount = n[L.H_ASK_ROWS]!;
    const bestBid = n[L.H_BEST_BID]!;
    const bestAsk = n[L.H_BEST_ASK]!;
    const priceOf = (t: number) => (t > 0 ? formatScaled(t * s.tick.units, s.tick.decimals, s.tick.decimals) : '--');
    return {
      symbol: frame.symbol,
      updateId: frame.updateId,
      bids: this.sides[BID]!.format(n, L.HEADER_LEN, bidCount, s),
      asks: this.sides[ASK]!.format(n, L.HEADER_LEN + rowsLen, askCount, s),
      buyRatio: n[L.H_BUY_RATIO]!,
      sellRatio: n[L.H_SELL_RATIO]!,
      noRatio: n[L.H_NO_RATIO]! === 1,
      bestBid: priceOf(bestBid),
      bestAsk: priceOf(bestAsk),
    };
  }
}

