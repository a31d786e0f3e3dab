// Messages between the page and the canvas worker, which draws the order book, the trades tape
// and the price ladder on OffscreenCanvases. Market data reaches the worker straight from the feed
// worker (a MessagePort); the page sends only what it decides: the symbol and its precision, the
// mode, the theme and the highlighted price; for the ladder its merge step, the user's own orders
// per price, its height, and what the person asked of it (scroll, cursor, recentre).
import type { RendererKind } from '../renderer-policy.ts';
import type { RendererSpec } from '../renderer-policy.ts';
import type { Theme } from '../theme.ts';
import type { OrderBookMode } from '../../core/order-book.ts';
import type { RowScales } from '../../core/book-rows.ts';
import type { FrameLoad } from '../../core/frame-governor.ts';
import type { OwnAtPrice } from '../../core/ladder.ts';
import type { LadderRow } from '../ladder/ladder-view.ts';
import type { LadderNav } from '../ladder/ladder-widget.ts';

export type CanvasKind = 'book' | 'trades' | 'ladder';

export interface BookWire {
  /** The symbol whose frames the book shows and how its rows are written; null: nothing yet. */
  market: { symbol: string; scales: RowScales } | null;
  mode: OrderBookMode;
  theme: Theme;
  highlight: { side: 0 | 1; price: string } | null;
  /** Row pitch in pixels (render/order-book/core/order-book.ts clampRowPitch). */
  pitch: number;
}

/** The row the book outlines: side, row index and the price it shows. */
export interface ShownHighlight {
  side: 0 | 1;
  row: number;
  price: string;
}

export interface TradesWire {
  market: { pricePrecision: number; quantityPrecision: number } | null;
  theme: Theme;
}

export interface LadderWire {
  /**
   * The symbol whose book frames (merged at the chosen step by the engine) and trades the ladder
   * shows, how the book writes them, and the step in ticks; null: nothing yet.
   */
  market: { symbol: string; scales: RowScales; stepTicks: number } | null;
  /** The user's open orders summed per price bucket at the step (state/trading/ladder.ts). */
  own: ReadonlyMap<number, OwnAtPrice>;
  theme: Theme;
  /** The ladder's height in CSS pixels (its width comes with mount and resize). */
  height: number;
}

export type ToCanvasWorker =
  /** The port the feed worker sends this worker's frames through (credits go back the same way). */
  | { t: 'feed'; port: MessagePort }
  /** Get PixiJS ready for renderers of this spec before the first canvas arrives. */
  | { t: 'warm'; spec: RendererSpec }
  | { t: 'mount'; id: number; kind: 'book'; canvas: OffscreenCanvas; width: number; rtl: boolean; spec: RendererSpec; input: BookWire }
  | { t: 'mount'; id: number; kind: 'trades'; canvas: OffscreenCanvas; width: number; rtl: boolean; spec: RendererSpec; input: TradesWire }
  | { t: 'mount'; id: number; kind: 'ladder'; canvas: OffscreenCanvas; width: number; rtl: boolean; spec: RendererSpec; input: LadderWire }
  | { t: 'input'; id: number; input: BookWire | TradesWire | LadderWire }
  /** The person scrolled the ladder, moved its cursor or recentred it. */
  | { t: 'ladderNav'; id: number; nav: LadderNav }
  /** The ladder's row `row` as drawn last (what a click there means), or its cursor row now (what a key acts on). */
  | { t: 'ladderRow'; id: number; query: number; row: number | 'cursor' }
  | { t: 'resize'; id: number; width: number }
  | { t: 'unmount'; id: number }
  /** The price the book shows now at a row (what a click there means). */
  | { t: 'rowPrice'; id: number; query: number; side: 0 | 1; row: number; at?: number }
  /** The book's outlined row as drawn last (the page's tests read it). */
  | { t: 'highlightShown'; id: number; query: number }
  /** Benchmarks: start (true) or stop (false) recording the worker's animation-frame times. */
  | { t: 'probe'; on: boolean }
  | { t: 'stats' };

export type FromCanvasWorker =
  | { t: 'mounted'; id: number; renderer: RendererKind }
  /** The canvas has drawn rows for the first time. */
  | { t: 'shown'; id: number }
  | { t: 'failed'; id: number; message: string }
  | { t: 'rowPrice'; id: number; query: number; price: string | null }
  | { t: 'highlightShown'; id: number; query: number; shown: ShownHighlight | null }
  | { t: 'ladderRow'; id: number; query: number; row: LadderRow | null }
  /** The ladder drew these rows (the page's screen-reader mirror and its clicks' readiness follow them). */
  | { t: 'ladderRows'; id: number; rows: LadderRow[] }
  | { t: 'probe'; frames: number[] }
  | { t: 'stats'; frames: number; draws: number; load: FrameLoad }
  /** The worker's frame governor changed level (issue 37 item 3). */
  | { t: 'load'; load: FrameLoad };
