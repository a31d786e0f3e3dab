// Messages between the page and the canvas worker, which draws the order book and the trades
// tape on OffscreenCanvases so their drawing (and Chromium's per-frame canvas copy) is off the
// main thread.
import type { RendererKind } from '../renderer-policy.ts';
import type { RendererSpec } from '../renderer-choice.ts';
import type { Theme } from '../theme.ts';
import type { OrderBookMode } from '../../core/order-book.ts';
import type { BookRowCells } from '../order-book/order-book-widget.ts';
import type { TradeRowCells } from '../trades/trades-widget.ts';
import type { RowPatch } from './row-sync.ts';

export type CanvasKind = 'book' | 'trades';

export interface BookWire {
  view: { bids: RowPatch<BookRowCells>; asks: RowPatch<BookRowCells> } | null;
  mode: OrderBookMode;
  theme: Theme;
  highlight: { side: 0 | 1; row: number } | null;
  stale: boolean;
}

export interface TradesWire {
  rows: RowPatch<TradeRowCells>;
  theme: Theme;
  stale: boolean;
}

export type ToCanvasWorker =
  | { t: 'mount'; id: number; kind: 'book'; canvas: OffscreenCanvas; width: number; rtl: boolean; spec: RendererSpec; input: BookWire }
  | { t: 'mount'; id: number; kind: 'trades'; canvas: OffscreenCanvas; width: number; rtl: boolean; spec: RendererSpec; input: TradesWire }
  | { t: 'input'; id: number; input: BookWire | TradesWire }
  | { t: 'resize'; id: number; width: number }
  | { t: 'unmount'; id: number }
  /** Benchmarks: start (true) or stop (false) recording the worker's animation-frame times. */
  | { t: 'probe'; on: boolean }
  | { t: 'stats' }
  /** Benchmarks: emulate a CPU this many times slower in the worker (see core/slowdown.ts). */
  | { t: 'slowdown'; rate: number };

export type FromCanvasWorker =
  | { t: 'mounted'; id: number; renderer: RendererKind }
  | { t: 'failed'; id: number; message: string }
  /** The worker could not place a row it was sent: send every row again. */
  | { t: 'resync'; id: number }
  | { t: 'probe'; frames: number[] }
  | { t: 'stats'; frames: number; draws: number };
