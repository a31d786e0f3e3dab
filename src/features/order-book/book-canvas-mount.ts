// The order-book canvas wired to the page: drawn in the canvas worker (from its own feed frames)
// where OffscreenCanvas exists, else, or when the worker fails, here on the main thread. This
// mount owns the signal effects; the widget and the remote canvas are only told to redraw.
import { CanvasHost } from '../../render/canvas-host.ts';
import { RemoteCanvas, offscreenCanvasWanted, replaceCanvas, setCanvasFeedAttacher } from '../../render/offscreen/host.ts';
import type { BookWire } from '../../render/offscreen/protocol.ts';
import { bookLayout, type BookLayout } from '../../render/order-book/layout.ts';
import type { OrderBookInput, OrderBookWidget } from '../../render/order-book/order-book-widget.ts';
import { bookScales, bookView } from '../../state/active-market.ts';
import { bookMode, highlightedRow, noteBookShown } from '../../state/book-view.ts';
import { attachCanvasFeed, feedStatus } from '../../state/market-data.ts';
import { effect } from '../../state/signals.ts';
import { canvasTheme } from '../hooks/canvas-theme.ts';
import type { MountedCanvas } from '../hooks/useCanvasHost.ts';

/** The order-book canvas as its host element sees it, wherever it is drawn. */
export interface OrderBookCanvas extends MountedCanvas {
  /** The geometry drawn now, for hit-testing pointer and keyboard on the host element. */
  currentLayout(): BookLayout | null;
  /** The price the canvas shows at a row now (what a click there means), or null. */
  priceAt(side: 0 | 1, row: number): Promise<string | null>;
}

/**
 * The book drawn on the main thread (no OffscreenCanvas, `?offscreen=0`, or the worker failed).
 * PixiJS and the widget load only then: when the canvas worker draws, the page's first load
 * carries neither (they arrive later with the chart, from the same cached chunks).
 */
function mountHere(canvas: HTMLCanvasElement, width: number, rtl: boolean): OrderBookCanvas {
  let host: CanvasHost<OrderBookWidget> | null = null;
  let dispose: (() => void) | null = null;
  let destroyed = false;
  let w = width;
  const read = (): OrderBookInput => ({
    view: bookView.value,
    mode: bookMode.value,
    theme: canvasTheme.value,
    rtl,
    highlight: highlightedRow.value,
    stale: feedStatus.value?.stale.book ?? true,
  });
  import('../../render/order-book/order-book-widget.ts').then(
    ({ OrderBookWidget }) => {
      if (destroyed) return;
      const h = new CanvasHost(new OrderBookWidget(canvas, w, read, noteBookShown));
      host = h;
      // Reading the inputs subscribes the effect; it only marks the widget dirty.
      dispose = effect(() => {
        read();
        h.invalidate();
      });
    },
    (err: unknown) => console.error('order book failed to load:', err),
  );
  return {
    currentLayout: () => host?.widget.currentLayout() ?? null,
    priceAt: (side, row) => Promise.resolve(host?.widget.priceShownAt(side, row) ?? null),
    resize: (next) => {
      w = next;
      host?.widget.resize(next);
    },
    destroy: () => {
      destroyed = true;
      dispose?.();
      host?.destroy();
    },
  };
}

/** Mounts the order-book canvas on `canvas`, in the canvas worker where it can be drawn there. */
export function mountOrderBook(canvas: HTMLCanvasElement, width: number, rtl: boolean): OrderBookCanvas {
  if (!offscreenCanvasWanted()) return mountHere(canvas, width, rtl);
  setCanvasFeedAttacher(attachCanvasFeed);
  const wire = (): BookWire => ({ market: bookScales.value, mode: bookMode.value, theme: canvasTheme.value, highlight: highlightedRow.value });
  let current: OrderBookCanvas;
  const remote = new RemoteCanvas<BookWire>({
    kind: 'book',
    canvas,
    width,
    rtl,
    input: wire(),
    cssSize: (i, w) => bookLayout(i.mode, w),
    onFailed: () => {
      stop();
      current = mountHere(replaceCanvas(canvas), remote.currentWidth, rtl);
    },
    onShown: noteBookShown,
  });
  let first = true;
  const stop = effect(() => {
    const input = wire();
    if (first) first = false;
    else remote.update(input);
  });
  current = {
    currentLayout: () => bookLayout(bookMode.peek(), remote.currentWidth),
    priceAt: (side, row) => remote.rowPrice(side, row),
    resize: (w) => remote.resize(w),
    destroy: () => {
      stop();
      remote.destroy();
    },
  };
  return {
    currentLayout: () => current.currentLayout(),
    priceAt: (side, row) => current.priceAt(side, row),
    resize: (w) => current.resize(w, 0),
    destroy: () => current.destroy(),
  };
}
