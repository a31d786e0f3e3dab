// Turns the numbers of a book frame into the strings a row shows: the one book formatter, used
// by the page (its DOM mirror, ratio bar) and by whichever thread draws the book canvas. Each
// side keeps the numbers it formatted last per row slot and formats again only where they
// changed, so a busy book costs a few string operations per changed row. The hover tooltip's
// sums (BigInt work) are made for the hovered row only (`bookRowSums`).
import * as L from './book-layout.ts';
import { divideToDecimal, formatScaled, type DecimalScale } from './decimal.ts';
import { abbreviate } from './format.ts';
import { ASK, BID } from './order-book.ts';

/** One book as the engine laid it out: header, then bid rows, then ask rows (ROW_CAP × ROW_FIELDS each). */
export interface BookFrame {
  symbol: string;
  updateId: number;
  numbers: Float64Array;
}

export interface BookRowText {
  /** Price of the row in ticks (the merge bucket), for clicks and keyboard selection. */
  ticks: number;
  price: string;
  size: string;
  total: string;
  /** Depth-bar fraction 0..1. */
  bar: number;
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

/** Σ ticks·size (the engine's cumulative quote) is in units of tick.units × 10^-(tick.decimals + sizeDecimals). */
function quoteScaled(cumQuote: number, s: RowScales): bigint {
  return BigInt(Math.round(cumQuote)) * BigInt(s.tick.units);
}

function quoteText(cumQuote: number, s: RowScales): string {
  return formatScaled(quoteScaled(cumQuote, s), s.tick.decimals + s.sizeDecimals, s.quoteDecimals);
}

const ABBREVIATE_DIGITS = 6;

/**
 * A size or total as its column shows it (spec 5.12: large quantities abbreviated K, M, B or T):
 * over six integer digits abbreviated, so a meme coin's 5073051210 reads 5.07B beside its total's
 * 32.13B (walk 7, C3) and fits the column; smaller ones at their places.
 */
function shortAmount(text: string): string {
  const dot = text.indexOf('.');
  return (dot < 0 ? text.length : dot) > ABBREVIATE_DIGITS ? abbreviate(text) : text;
}

const scalesKey = (s: RowScales) => `${s.tick.units}/${s.tick.decimals}/${s.sizeDecimals}/${s.quoteDecimals}/${s.priceDecimals}/${s.totalIn}`;

class SideFormatter {
  private readonly last = new Float64Array(L.ROW_CAP * 3).fill(-1);
  private readonly rows: BookRowText[] = [];
  private key = '';

  format(numbers: Float64Array, offset: number, count: number, s: RowScales): BookRowText[] {
    const key = scalesKey(s);
    if (key !== this.key) {
      this.last.fill(-1);
      this.key = key;
    }
    const quote = s.totalIn === 'quote';
    const out: BookRowText[] = new Array(count);
    for (let i = 0; i < count; i++) {
      const at = offset + i * L.ROW_FIELDS;
      const slot = i * 3;
      const ticks = numbers[at + L.R_PRICE]!;
      const size = numbers[at + L.R_SIZE]!;
      const cum = numbers[at + (quote ? L.R_CUM_QUOTE : L.R_CUM_BASE)]!;
      const bar = numbers[at + L.R_BAR]!;
      const prev = this.rows[i];
      if (prev && this.last[slot] === ticks && this.last[slot + 1] === size && this.last[slot + 2] === cum) {
        out[i] = prev.bar === bar ? prev : { ...prev, bar };
      } else {
        out[i] = {
          ticks,
          price: priceText(ticks, s),
          size: shortAmount(fixed(size, s.sizeDecimals)),
          total: shortAmount(quote ? quoteText(cum, s) : fixed(cum, s.sizeDecimals)),
          bar,
        };
        this.last[slot] = ticks;
        this.last[slot + 1] = size;
        this.last[slot + 2] = cum;
      }
      this.rows[i] = out[i]!;
    }
    this.rows.length = count;
    return out;
  }
}

/** Decimals of a merge step of `stepTicks` ticks: 1000 ticks of 0.01 are 10, no decimals. */
export function stepDecimals(stepTicks: number, tick: DecimalScale): number {
  let decimals = tick.decimals;
  let scaled = stepTicks * tick.units;
  while (decimals > 0 && scaled % 10 === 0) {
    scaled /= 10;
    decimals--;
  }
  return decimals;
}

/** Formats book frames of one symbol; keep one per thread that shows the book. */
export class BookRowFormatter {
  private readonly sides = [new SideFormatter(), new SideFormatter()];
  private scales: RowScales | null = null;
  private framed: RowScales | null = null;

  /**
   * Prices are written at the decimals of the step the frame was merged with (its header), not the
   * step chosen now: for a frame or two after a new choice they differ, and the rows must not show
   * the old buckets at the new step's decimals (issue 13 soak, e2e "a merge step regroups…").
   */
  private scalesFor(n: Float64Array, s: RowScales): RowScales {
    const stepTicks = n[L.H_STEP]!;
    // A merged frame shows its step's decimals; an unmerged one at least the tick's (the symbol's
    // own price precision may ask for more); a frame without a step (0) as the scales say.
    const decimals = stepTicks > 1 ? stepDecimals(stepTicks, s.tick) : stepTicks === 1 ? Math.max(s.priceDecimals, stepDecimals(1, s.tick)) : s.priceDecimals;
    if (decimals === s.priceDecimals) return s;
    if (this.scales !== s || this.framed?.priceDecimals !== decimals) {
      this.scales = s;
      this.framed = { ...s, priceDecimals: decimals };
    }
    return this.framed!;
  }

  format(frame: BookFrame, scales: RowScales): BookView {
    const n = frame.numbers;
    const s = this.scalesFor(n, scales);
    const rowsLen = L.ROW_CAP * L.ROW_FIELDS;
    const priceOf = (t: number) => (t > 0 ? formatScaled(t * s.tick.units, s.tick.decimals, s.tick.decimals) : '--');
    return {
      symbol: frame.symbol,
      updateId: frame.updateId,
      bids: this.sides[BID]!.format(n, L.HEADER_LEN, n[L.H_BID_ROWS]!, s),
      asks: this.sides[ASK]!.format(n, L.HEADER_LEN + rowsLen, n[L.H_ASK_ROWS]!, s),
      buyRatio: n[L.H_BUY_RATIO]!,
      sellRatio: n[L.H_SELL_RATIO]!,
      noRatio: n[L.H_NO_RATIO]! === 1,
      bestBid: priceOf(n[L.H_BEST_BID]!),
      bestAsk: priceOf(n[L.H_BEST_ASK]!),
    };
  }
}

/** The hover tooltip of a row (spec 2.10): exact cumulative base and quote up to it, and their average price. */
export interface BookRowSums {
  cumBase: string;
  cumQuote: string;
  /** Average price from the best level to this row, at the tick's precision; '--' for no size. */
  avgPrice: string;
}

/** The sums of one row of `frame` (side 0 bids, 1 asks), or null when the row has no level. */
export function bookRowSums(frame: BookFrame, side: 0 | 1, row: number, s: RowScales): BookRowSums | null {
  const n = frame.numbers;
  if (row < 0 || row >= n[side === BID ? L.H_BID_ROWS : L.H_ASK_ROWS]!) return null;
  const at = L.HEADER_LEN + side * L.ROW_CAP * L.ROW_FIELDS + row * L.ROW_FIELDS;
  const cumBase = n[at + L.R_CUM_BASE]!;
  const quote = quoteScaled(n[at + L.R_CUM_QUOTE]!, s);
  return {
    cumBase: fixed(cumBase, s.sizeDecimals),
    cumQuote: formatScaled(quote, s.tick.decimals + s.sizeDecimals, s.quoteDecimals),
    // avg = Σ(ticks·size)/Σsize ticks; in BigInt so the shown price is exactly rounded.
    avgPrice: cumBase > 0 ? divideToDecimal(quote, BigInt(Math.round(cumBase)) * 10n ** BigInt(s.tick.decimals), s.tick.decimals) : '--',
  };
}
