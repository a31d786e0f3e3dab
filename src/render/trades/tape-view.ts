// The trades tape's view: 40 row slots as plain data (texts, colours, highlight step, position),
// which rotate with their trades so a trade's texts are set once, and what changed since the
// last draw. No PixiJS: canvas-painter.ts (Canvas renderer) and gpu-painter.ts (WebGL/WebGPU)
// draw what it says.
import type { TradeRowText } from '../../core/trade-rows.ts';
import type { Theme } from '../theme.ts';
import { flashStep, nextFlashAge, tapeShift, TRADE_ROWS } from './tape.ts';

/** New trades flash this long (a brief highlight, spec 2.11). */
export const FLASH_MS = 600;
/** A stale tape is dimmed with its background at this opacity. */
export const STALE_DIM = 0.55;
/** Space between a cell and the tape's edge. */
export const PAD = 8;
/** Where the quantity column ends, as a fraction of the width. */
export const QTY_COLUMN_END = 0.62;

/** The part of a trade row the tape draws. */
export type TradeRowCells = Pick<TradeRowText, 'price' | 'qty' | 'time' | 'buy' | 'arrivedAt'>;

export interface TradesInput {
  rows: readonly TradeRowCells[];
  theme: Theme;
  rtl: boolean;
  stale: boolean;
}

export interface TapeSlot {
  /** The row it shows now (0: newest, at the top). */
  index: number;
  /** Price, quantity, time; '' for an empty row. */
  readonly texts: [string, string, string];
  readonly colors: [number, number, number];
  shown: TradeRowCells | null;
  /** Highlight step drawn now (FLASH_STEPS … 0), -1 before the first draw. */
  flash: number;
  /** The highlight's trade was a buy (up colour) or a sell. */
  buy: boolean;
}

export interface TapeChanges {
  /** Width, direction or theme changed: every slot is new. */
  relayout: boolean;
  /** New rows on top of what showed (0: none; -1: not a shift, everything changed). */
  shift: number;
  /** Slots whose texts or highlight changed (reused between updates). */
  readonly rows: TapeSlot[];
  staleChanged: boolean;
  /** Wall-clock ms when a highlight steps down next (Infinity: none). */
  nextFlashChange: number;
}

export class TapeView {
  /** Slots in row order (slot 0 = newest trade, at the top). */
  slots: TapeSlot[] = [];
  private key = '';
  private lastStale: boolean | null = null;
  private readonly changes: TapeChanges = { relayout: false, shift: 0, rows: [], staleChanged: false, nextFlashChange: Infinity };
  rowWrites = 0;

  update(input: TradesInput, width: number, wall: number): TapeChanges {
    const c = this.changes;
    c.rows.length = 0;
    const key = `${width}/${input.rtl}/${input.theme.up}`;
    c.relayout = key !== this.key;
    if (c.relayout) {
      this.key = key;
      this.slots = [];
      for (let i = 0; i < TRADE_ROWS; i++) this.slots.push({ index: i, texts: ['', '', ''], colors: [0, 0, 0], shown: null, flash: -1, buy: false });
      this.lastStale = null;
    }
    const rows = input.rows;
    const k = tapeShift(
      this.slots.map((s) => s.shown),
      rows,
    );
    c.shift = k;
    // The slots that fell off the bottom come back on top for the new trades.
    if (k > 0 && k < TRADE_ROWS) this.slots = [...this.slots.slice(TRADE_ROWS - k), ...this.slots.slice(0, TRADE_ROWS - k)];
    c.nextFlashChange = Infinity;
    const theme = input.theme;
    for (let i = 0; i < TRADE_ROWS; i++) {
      const s = this.slots[i]!;
      s.index = i;
      const row = rows[i] ?? null;
      let changed = false;
      if (row !== s.shown) {
        changed = true;
        this.rowWrites++;
        s.shown = row;
        s.texts[0] = row ? row.price : '';
        s.texts[1] = row ? row.qty : '';
        s.texts[2] = row ? row.time : '';
        s.colors[0] = row?.buy ? theme.up : theme.down;
        s.colors[1] = theme.text;
        s.colors[2] = theme.muted;
      }
      const step = row ? flashStep(wall - row.arrivedAt, FLASH_MS) : 0;
      if (step > 0 && row) c.nextFlashChange = Math.min(c.nextFlashChange, row.arrivedAt + nextFlashAge(step, FLASH_MS));
      if (step !== s.flash || changed) {
        changed = true;
        s.flash = step;
        s.buy = row?.buy ?? false;
      }
      if (changed) c.rows.push(s);
    }
    c.staleChanged = input.stale !== this.lastStale;
    this.lastStale = input.stale;
    return c;
  }
}

/** Draws a TapeView with one PixiJS backend. */
export interface TapePainter {
  /** Draws what changed; which kind of paint it was, for the stats. */
  paint(view: TapeView, input: TradesInput, changes: TapeChanges, width: number): 'full' | 'all' | 'rows' | 'none';
  destroy(): void;
}

/** Where the three cells sit: x and alignment (0 start, 1 end), mirrored in RTL. */
export function tapeCellXs(width: number, rtl: boolean): ReadonlyArray<{ x: number; anchorX: 0 | 1 }> {
  const mx = (x: number) => (rtl ? width - x : x);
  return [
    { x: mx(PAD), anchorX: rtl ? 1 : 0 },
    { x: mx(Math.round(width * QTY_COLUMN_END)), anchorX: rtl ? 0 : 1 },
    { x: mx(width - PAD), anchorX: rtl ? 0 : 1 },
  ];
}
