// The price ladder's view (issue 35 item 2): a fixed column of prices at the book's merge step,
// scrolled only when the person asks (wheel, drag, keys) or recentred on a key, and beside each
// price the book's bid and ask size there (the engine's merged levels, as the book shows them),
// the user's own open orders there (summed per price), the volume traded there while the ladder
// was shown, and a mark at the last trade's price. Plain data; the painter draws what it says.
import { formatScaled, fxText, type DecimalScale } from '../../core/decimal.ts';
import { bucketOf, type OwnAtPrice, type ShownLadderRow } from '../../core/ladder.ts';
import type { Theme } from '../theme.ts';

export { bucketOf, ownByPrice, VolumeAtPrice, type LadderOrder, type OwnAtPrice } from '../../core/ladder.ts';

/** One merged level of the book: its bucket in ticks and its size as the book writes it. */
export interface LadderLevel {
  ticks: number;
  size: string;
}

/** What the ladder shows now. */
export interface LadderInput {
  /** The pair and merge step the prices belong to; a change of either recentres. */
  key: string;
  tick: DecimalScale;
  stepTicks: number;
  /** Decimals of the price column (the merge step's), and of sizes. */
  priceDecimals: number;
  sizeDecimals: number;
  bids: readonly LadderLevel[];
  asks: readonly LadderLevel[];
  own: ReadonlyMap<number, OwnAtPrice>;
  volume: ReadonlyMap<number, bigint>;
  /** The last trade's price in ticks, or null. */
  lastTicks: number | null;
  theme: Theme;
  rtl: boolean;
  /** The book's stream is stale: the ladder is dimmed as the book is. */
  stale: boolean;
}

/**
 * Decimals of the ladder's price column: those the book's rows are written with (a frame merged
 * at the step before a new one was chosen keeps its own until the next), else `fallback`.
 */
export function priceDecimalsOf(book: { bids: readonly { price: string }[]; asks: readonly { price: string }[] }, fallback: number): number {
  const p = book.bids[0]?.price ?? book.asks[0]?.price;
  return p === undefined ? fallback : (p.split('.')[1]?.length ?? 0);
}

/** A shown row with its price in ticks (what a click or key at it acts on). */
export interface LadderRow extends ShownLadderRow {
  ticks: number;
}

/** The ladder's columns, in LTR order. */
export const LADDER_COLUMNS = ['own', 'bid', 'price', 'ask', 'volume'] as const;
export type LadderColumn = (typeof LADDER_COLUMNS)[number];

/**
 * The ladder's state: which price is at the top row (kept until the person scrolls or recentres,
 * or the pair or step changes), the keyboard cursor, and the rows it makes of an input.
 */
export class LadderView {
  /** The top row's price in ticks; null until the first book centres it. */
  top: number | null = null;
  /** The keyboard cursor's price in ticks, or null. */
  cursor: number | null = null;
  private key = '';
  /** Rows made (for tests and the per-frame count: none while the ladder is hidden). */
  updates = 0;

  constructor(public rows: number) {}

  /** The middle of the book (between best bid and best ask), or the last trade, in ticks; null if neither. */
  static middle(input: Pick<LadderInput, 'bids' | 'asks' | 'lastTicks'>): number | null {
    const bid = input.bids[0]?.ticks;
    const ask = input.asks[0]?.ticks;
    if (bid && ask) return Math.round((bid + ask) / 2);
    return bid || ask || input.lastTicks || null;
  }

  /** Puts `ticks` in the middle row. */
  centreOn(ticks: number, stepTicks: number): void {
    const b = bucketOf(ticks, stepTicks, 'Buy');
    this.top = b + Math.floor(this.rows / 2) * stepTicks;
  }

  /** Recentres on the book's middle (the recentre key). */
  recentre(input: LadderInput): void {
    const mid = LadderView.middle(input);
    if (mid !== null) this.centreOn(mid, input.stepTicks);
  }

  /** Scrolls by `n` rows (positive: down, to lower prices). */
  scrollBy(n: number, stepTicks: number): void {
    if (this.top === null) return;
    this.top = Math.max(stepTicks, this.top - n * stepTicks);
  }

  /** The price of row `i` in ticks (null before the first centring). */
  ticksAt(i: number, stepTicks: number): number | null {
    return this.top === null ? null : this.top - i * stepTicks;
  }

  /** Moves the cursor `n` rows (positive: down), scrolling to keep it shown. */
  moveCursor(n: number, stepTicks: number): void {
    if (this.top === null) return;
    const at = this.cursor === null ? this.top - Math.floor(this.rows / 2) * stepTicks : this.cursor - n * stepTicks;
    this.cursor = Math.max(stepTicks, at);
    const row = (this.top - this.cursor) / stepTicks;
    if (row < 0) this.scrollBy(row, stepTicks);
    else if (row >= this.rows) this.scrollBy(row - this.rows + 1, stepTicks);
  }

  /** The rows for `input`: the first input of a pair and step centres; later ones keep the scroll. */
  update(input: LadderInput): LadderRow[] {
    this.updates++;
    const step = input.stepTicks;
    if (input.key !== this.key || this.top === null) {
      this.key = input.key;
      this.top = null;
      this.cursor = null;
      this.recentre(input);
    }
    const bids = new Map(input.bids.map((l) => [l.ticks, l.size]));
    const asks = new Map(input.asks.map((l) => [l.ticks, l.size]));
    const last = input.lastTicks === null ? null : bucketOf(input.lastTicks, step, 'Buy');
    const out: LadderRow[] = [];
    if (this.top === null) return out;
    const tick = input.tick;
    for (let i = 0; i < this.rows; i++) {
      const t = this.top - i * step;
      if (t <= 0) break;
      const own = input.own.get(t);
      const vol = input.volume.get(t);
      out.push({
        ticks: t,
        price: formatScaled(t * tick.units, tick.decimals, input.priceDecimals),
        bid: bids.get(t) ?? '',
        ask: asks.get(t) ?? '',
        ownBuy: own && own.buy > 0n ? fxText(own.buy, input.sizeDecimals) : '',
        ownSell: own && own.sell > 0n ? fxText(own.sell, input.sizeDecimals) : '',
        volume: vol ? fxText(vol, input.sizeDecimals) : '',
        last: last === t,
        cursor: this.cursor === t,
      });
    }
    return out;
  }
}

/** Column x-ranges for a width (mirrored in RTL): own, bid, price, ask, volume. */
export function ladderColumns(width: number, rtl: boolean): Array<{ column: LadderColumn; x: number; width: number }> {
  const fractions = [0.16, 0.21, 0.22, 0.21, 0.2];
  let x = 0;
  const cols = LADDER_COLUMNS.map((column, i) => {
    const w = i === LADDER_COLUMNS.length - 1 ? width - x : Math.round(width * fractions[i]!);
    const c = { column, x, width: w };
    x += w;
    return c;
  });
  return rtl ? cols.map((c) => ({ ...c, x: width - c.x - c.width })) : cols;
}

/** Which row and column a point on the ladder is (null outside). */
export function ladderHit(x: number, y: number, width: number, pitch: number, rows: number, rtl: boolean): { row: number; column: LadderColumn } | null {
  const row = Math.floor(y / pitch);
  if (row < 0 || row >= rows || x < 0 || x >= width) return null;
  const col = ladderColumns(width, rtl).find((c) => x >= c.x && x < c.x + c.width);
  return col ? { row, column: col.column } : null;
}
