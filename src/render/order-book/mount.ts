import { bookMode, highlightedRow, noteBookShown } from '../../state/book-view.ts';
import { bookScales, bookView } from '../../state/active-market.ts';
import { feedStatus } from '../../state/market-data.ts';
import { theme } from '../theme.ts';
import { RemoteCanvas, offscreenCanvasWanted, replaceCanvas } from '../offscreen/host.ts';
import type { BookWire } from '../offscreen/protocol.ts';
import { bookLayout, type BookLayout } from './layout.ts';
import type { OrderBookWidget } from './order-book-widget.ts';

/** The order-book canvas as its host element sees it, wherever it is drawn. */
export interface OrderBookCanvas {
  /** The geometry drawn now, for hit-testing pointer and keyboard on the host element. */
  currentLayout(): BookLayout | null;
  /** The price the canvas shows at a row now (what a click there means), or null. */
  priceAt(side: 0 | 1, row: number): Promise<string | null>;
  resize(width: number): void;
  destroy(): void;
}

/**
 * The book drawn on the main thread (no OffscreenCanvas, `?offscreen=0`, or the worker failed).
 * PixiJS and the widget load only then: when the canvas worker draws, the page's first load
 * carries neither (they arrive later with the chart, from the same cached chunks).
 */
function mountHere(canvas: HTMLCanvasElement, width: number, rtl: boolean): OrderBookCanvas {
  let widget: OrderBookWidget | null = null;
  let destroyed = false;
  let w = width;
  import('./order-book-widget.ts').then(
    ({ OrderBookWidget }) => {
      if (destroyed) return;
      const read = () => ({
        view: bookView.value,
        mode: bookMode.value,
        theme: theme.value,
        rtl,
        highlight: highlightedRow.value,
        stale: feedStatus.value?.stale.book ?? true,
      });
      widget = new OrderBookWidget(canvas, w, read, undefined, noteBookShown);
      void widget.init();
    },
    (err: unknown) => console.error('order book failed to load:', err),
  );
  return {
    currentLayout: () => widget?.currentLayout() ?? null,
    priceAt: (side, row) => Promise.resolve(widget?.priceShownAt(side, row) ?? null),
    resize: (next) => {
      w = next;
      widget?.resize(next);
    },
    destroy: () => {
      destroyed = true;
      widget?.destroy();
    },
  };
}

/**
 * Creates the order-book canvas wired to the page's signals: drawn in the canvas worker (from
 * its own feed frames) where OffscreenCanvas exists, else, or when the worker fails, here.
 */
export function mountOrderBook(canvas: HTMLCanvasElement, width: number, rtl: boolean): OrderBookCanvas {
  if (!offscreenCanvasWanted()) return mountHere(canvas, width, rtl);
  let current: OrderBookCanvas;
  const remote = new RemoteCanvas<BookWire>({
    kind: 'book',
    canvas,
    width,
    rtl,
    read: () => ({ market: bookScales.value, mode: bookMode.value, theme: theme.value, highlight: highlightedRow.value }),
    cssSize: (i, w) => bookLayout(i.mode, w),
    onFailed: () => (current = mountHere(replaceCanvas(canvas), remote.currentWidth, rtl)),
    onShown: noteBookShown,
  });
  current = {
    currentLayout: () => bookLayout(bookMode.peek(), remote.currentWidth),
    priceAt: (side, row) => remote.rowPrice(side, row),
    resize: (w) => remote.resize(w),
    destroy: () => remote.destroy(),
  };
  return {
    currentLayout: () => current.currentLayout(),
    priceAt: (side, row) => current.priceAt(side, row),
    resize: (w) => current.resize(w),
    destroy: () => current.destroy(),
  };
}

export { rowAt, bookLayout, PRICE_LINE_HEIGHT, ROW_PITCH } from './layout.ts';
export type { BookLayout } from './layout.ts';
