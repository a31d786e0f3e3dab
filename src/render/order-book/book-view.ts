// The order book's view: what each row slot shows (texts, colours, bar width, outline) as plain
// data, and which slots changed since the last draw. No PixiJS: the painters (canvas-painter.ts
// for PixiJS's Canvas renderer, gpu-painter.ts for WebGL/WebGPU) draw what it says.
import type { BookRowText } from '../../core/book-rows.ts';
import type { OrderBookMode } from '../../core/order-book.ts';
import type { Theme } from '../theme.ts';
import { bookLayout, rowTop, type BookLayout, type SideBlock } from './layout.ts';

/** The part of a book row the canvas draws. */
export type BookRowCells = Pick<BookRowText, 'price' | 'size' | 'total' | 'bar'>;

/** What the widget draws; its mount passes the page's (or the canvas worker's) values in through `read`. */
export interface OrderBookInput {
  view: { bids: readonly BookRowCells[]; asks: readonly BookRowCells[] } | null;
  mode: OrderBookMode;
  theme: Theme;
  rtl: boolean;
  /** The highlighted price (a click's choice or the keyboard's focus) as the rows show it; its row is outlined wherever it is. */
  highlight: { side: 0 | 1; price: string } | null;
  stale: boolean;
  /** Row pitch in pixels (core/order-book.ts clampRowPitch): spec 9's 22 unless the window is short. */
  pitch: number;
}

/** One row slot of the book as shown. */
export interface BookSlot {
  side: 0 | 1;
  /** Top edge, and the block's left edge and width in canvas pixels (mirrored in RTL). */
  top: number;
  x0: number;
  width: number;
  /** Too narrow for three columns (mode 4 below 2037 px): price and size only, no total. */
  narrow: boolean;
  /** Price, size, total; '' for an empty row. */
  readonly texts: [string, string, string];
  readonly colors: [number, number, number];
  /** Depth bar width in pixels, from the outer edge (right in LTR, left in RTL). */
  barWidth: number;
  /** Outlined: it shows the highlighted price. */
  highlighted: boolean;
  /** The row object shown, to skip rows whose content did not change. */
  shown: BookRowCells | null;
  color: number;
  /**
   * The slot's last few changes, newest last: when each was drawn (ms since the epoch) and the
   * price shown before it. A click is answered with the price shown when it was made, not the one
   * a book update drew since (issue 33: another trader's order landing above moved the rows between
   * the click and the answer, and the form got the neighbouring level).
   */
  readonly changes: Array<{ at: number; before: string | null }>;
}

/** Changes a slot remembers: more than a click's round trip to the canvas worker can see. */
const SLOT_HISTORY = 4;

/** Now, in milliseconds since the epoch, comparable between the page and the canvas worker. */
export const epochNow = (): number => performance.timeOrigin + performance.now();

/** What changed at an update. */
export interface BookChanges {
  /** The layout was rebuilt (mode, width, direction or theme): every slot is new. */
  relayout: boolean;
  /** Slots whose texts, bar or outline changed (reused between updates). */
  readonly rows: BookSlot[];
  /** The stale dimming turned on or off. */
  staleChanged: boolean;
}

export class BookView {
  /** When the rows were last laid out: clicks from before then were on rows whose history is gone. */
  private laidOutAt = 0;
  layout: BookLayout | null = null;
  /** Slots per side (0 bids, 1 asks), in row order. */
  slots: BookSlot[][] = [[], []];
  private key = '';
  private lastStale: boolean | null = null;
  private readonly changes: BookChanges = { relayout: false, rows: [], staleChanged: false };
  /** Rows rewritten, for tests and the benchmark. */
  rowWrites = 0;

  /** Brings the slots up to `input` at `width` (drawn at `now`); says what changed. */
  update(input: OrderBookInput, width: number, now: number = epochNow()): BookChanges {
    const c = this.changes;
    c.rows.length = 0;
    const key = `${input.mode}/${width}/${input.pitch}/${input.rtl}/${input.theme.background}/${input.theme.up}`;
    c.relayout = key !== this.key;
    if (c.relayout) {
      this.key = key;
      this.relayout(input, width);
      this.laidOutAt = now;
    }
    const view = input.view;
    for (const block of this.layout!.blocks) this.updateBlock(block, view ? (block.side === 0 ? view.bids : view.asks) : [], input, now);
    c.staleChanged = input.stale !== this.lastStale;
    this.lastStale = input.stale;
    return c;
  }

  /**
   * The price a row showed at `at` (ms since the epoch: when the click was made; now if not
   * given), or null for an empty row. A click means the row the person saw.
   */
  priceShownAt(side: 0 | 1, row: number, at?: number): string | null {
    const s = this.slots[side]?.[row];
    if (!s) return null;
    const now = s.shown?.price ?? null;
    // A click from before the rows were last laid out (a resize, a new row height) was on rows
    // whose history is gone: the row as shown now is the best answer there is.
    if (at === undefined || at < this.laidOutAt) return now;
    let price = now;
    for (let i = s.changes.length - 1; i >= 0 && s.changes[i]!.at > at; i--) price = s.changes[i]!.before;
    return price;
  }

  /** The outlined row as drawn last (for the page's tests), or null when none is. */
  highlightShown(): { side: 0 | 1; row: number; price: string } | null {
    for (const list of this.slots)
      for (let r = 0; r < list.length; r++) {
        const s = list[r]!;
        if (s.highlighted) return { side: s.side, row: r, price: s.texts[0] };
      }
    return null;
  }

  private relayout(input: OrderBookInput, width: number): void {
    const layout = bookLayout(input.mode, width, input.pitch);
    this.layout = layout;
    this.slots = [[], []];
    for (const block of layout.blocks) {
      const list: BookSlot[] = [];
      for (let r = 0; r < block.rows; r++) {
        list.push({
          side: block.side,
          top: rowTop(block, r),
          x0: input.rtl ? layout.width - block.x - block.width : block.x,
          width: block.width,
          narrow: block.width < THREE_COLUMNS_MIN_WIDTH,
          texts: ['', '', ''],
          colors: [0, 0, 0],
          barWidth: 0,
          highlighted: false,
          shown: null,
          color: -1,
          changes: [],
        });
      }
      this.slots[block.side] = list;
    }
    this.lastStale = null;
  }

  private updateBlock(block: SideBlock, rows: readonly BookRowCells[], input: OrderBookInput, now: number): void {
    const list = this.slots[block.side]!;
    const color = block.side === 0 ? input.theme.up : input.theme.down;
    const hl = input.highlight;
    const dirty = this.changes.rows;
    for (let r = 0; r < list.length; r++) {
      const s = list[r]!;
      const row = rows[r] ?? null;
      // The highlight follows its price: the row showing it now (none while no row does).
      const highlighted = hl !== null && row !== null && hl.side === block.side && row.price === hl.price;
      const same = row === s.shown && s.color === color;
      if (highlighted !== s.highlighted) {
        s.highlighted = highlighted;
        if (same) dirty.push(s);
      }
      if (same) continue;
      dirty.push(s);
      this.rowWrites++;
      const before = s.shown?.price ?? null;
      if ((row?.price ?? null) !== before) {
        if (s.changes.length >= SLOT_HISTORY) s.changes.shift();
        s.changes.push({ at: now, before });
      }
      s.shown = row;
      s.color = color;
      s.texts[0] = row ? row.price : '';
      s.texts[1] = row ? row.size : '';
      s.texts[2] = row && !s.narrow ? row.total : '';
      s.colors[0] = color;
      s.colors[1] = input.theme.text;
      s.colors[2] = input.theme.text;
      s.barWidth = row ? Math.round(Math.min(1, Math.max(0, row.bar)) * block.width) : 0;
    }
  }
}

/** Space between a cell and the block's edge. */
const PAD = 8;
/** Where the size column ends, as a fraction of the block's width. */
const SIZE_COLUMN_END = 0.62;

/**
 * A side narrower than this shows price and size only: three columns of up to ten digits each do
 * not fit in mode 4's half of a 296 px book (they overprinted one another there).
 */
export const THREE_COLUMNS_MIN_WIDTH = 220;

/** Where a slot's three cells sit: x and alignment (0 start, 1 end), mirrored in RTL. A narrow slot's size ends at the edge. */
export function cellXs(s: Pick<BookSlot, 'x0' | 'width' | 'narrow'>, rtl: boolean): ReadonlyArray<{ x: number; anchorX: 0 | 1 }> {
  const size = s.narrow ? s.width - PAD : Math.round(s.width * SIZE_COLUMN_END);
  return rtl
    ? [
        { x: s.x0 + s.width - PAD, anchorX: 1 },
        { x: s.x0 + s.width - size, anchorX: 0 },
        { x: s.x0 + PAD, anchorX: 0 },
      ]
    : [
        { x: s.x0 + PAD, anchorX: 0 },
        { x: s.x0 + size, anchorX: 1 },
        { x: s.x0 + s.width - PAD, anchorX: 1 },
      ];
}

/** A stale book is dimmed with its background at this opacity. */
export const STALE_DIM = 0.55;

/** Draws a BookView with one PixiJS backend. */
export interface BookPainter {
  /** Draws what changed; true when it repainted everything. */
  paint(view: BookView, input: OrderBookInput, changes: BookChanges): boolean;
  destroy(): void;
}
