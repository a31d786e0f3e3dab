import { bookMode, highlightedRow } from '../../state/book-view.ts';
import { bookView } from '../../state/active-market.ts';
import { feedStatus } from '../../state/market-data.ts';
import { theme } from '../theme.ts';
import { RemoteCanvas, offscreenCanvasWanted } from '../offscreen/host.ts';
import type { BookWire } from '../offscreen/protocol.ts';
import { RowSender } from '../offscreen/row-sync.ts';
import { bookLayout, type BookLayout } from './layout.ts';
import { OrderBookWidget, type BookRowCells, type OrderBookInput } from './order-book-widget.ts';

/** The order-book canvas as its host element sees it, wherever it is drawn. */
export interface OrderBookCanvas {
  /** The geometry drawn now, for hit-testing pointer and keyboard on the host element. */
  currentLayout(): BookLayout | null;
  resize(width: number): void;
  destroy(): void;
}

function readInput(rtl: boolean): OrderBookInput {
  return {
    view: bookView.value,
    mode: bookMode.value,
    theme: theme.value,
    rtl,
    highlight: highlightedRow.value,
    stale: feedStatus.value?.stale.book ?? true,
  };
}

const cells = (r: BookRowCells): BookRowCells => ({ price: r.price, size: r.size, total: r.total, bar: r.bar });

function mountHere(canvas: HTMLCanvasElement, width: number, rtl: boolean): OrderBookCanvas {
  const widget = new OrderBookWidget(canvas, width, () => readInput(rtl));
  void widget.init();
  return widget;
}

/**
 * Creates the order-book canvas wired to the page's signals: drawn in the canvas worker where
 * OffscreenCanvas exists, else (or when the worker fails) on the main thread.
 */
export function mountOrderBook(canvas: HTMLCanvasElement, width: number, rtl: boolean): OrderBookCanvas {
  if (!offscreenCanvasWanted()) return mountHere(canvas, width, rtl);
  const bids = new RowSender<BookRowCells, BookRowCells>(cells);
  const asks = new RowSender<BookRowCells, BookRowCells>(cells);
  let current: OrderBookCanvas;
  const remote = new RemoteCanvas<OrderBookInput, BookWire>({
    kind: 'book',
    canvas,
    width,
    rtl,
    read: () => readInput(rtl),
    encoder: {
      encode: (i) => ({
        view: i.view ? { bids: bids.encode(i.view.bids), asks: asks.encode(i.view.asks) } : null,
        mode: i.mode,
        theme: i.theme,
        highlight: i.highlight,
        stale: i.stale,
      }),
      reset: () => {
        bids.reset();
        asks.reset();
      },
    },
    cssSize: (i, w) => bookLayout(i.mode, w),
    onFailed: () => {
      const fresh = document.createElement('canvas');
      fresh.className = canvas.className;
      fresh.setAttribute('aria-hidden', 'true');
      canvas.replaceWith(fresh);
      current = mountHere(fresh, remote.currentWidth, rtl);
    },
  });
  current = {
    currentLayout: () => bookLayout(bookMode.peek(), remote.currentWidth),
    resize: (w) => remote.resize(w),
    destroy: () => remote.destroy(),
  };
  return {
    currentLayout: () => current.currentLayout(),
    resize: (w) => current.resize(w),
    destroy: () => current.destroy(),
  };
}

export { rowAt, bookLayout, PRICE_LINE_HEIGHT, ROW_PITCH } from './layout.ts';
export type { BookLayout } from './layout.ts';
