// The order-book canvas wired to the page: drawn in the canvas worker (from its own feed frames)
// where OffscreenCanvas exists, else, or when the worker fails, here on the main thread. This
// mount owns the signal effects (canvas-mount.ts); the widget and the remote canvas are only told to redraw.
import { offscreenCanvasWanted } from '../../render/offscreen/host.ts';
import type { BookWire, ShownHighlight } from '../../render/offscreen/protocol.ts';
import { bookLayout, type BookLayout } from '../../render/order-book/layout.ts';
import type { OrderBookInput } from '../../render/order-book/order-book-widget.ts';
import { bookScales, bookView } from '../../state/market/active-market.ts';
import { bookHighlight, bookMode, bookRowPitch, noteBookShown } from '../../state/market/book-view.ts';
import { provideCanvasReader } from '../../state/debug.ts';
import { feedStatus } from '../../state/market/market-data.ts';
import { canvasTheme } from '../canvas/canvas-theme.ts';
import { hostWhenLoaded, mountInWorker } from '../canvas/canvas-mount.ts';
import type { MountedCanvas } from '../canvas/useCanvasHost.ts';

/** The order-book canvas as its host element sees it, wherever it is drawn. */
export interface OrderBookCanvas extends MountedCanvas {
  /** The geometry drawn now, for hit-testing pointer and keyboard on the host element. */
  currentLayout(): BookLayout | null;
  /** The price the canvas shows at a row now (what a click there means), or null. */
  /** The price a row showed at `at` (ms since the epoch; now if not given), or null. */
  priceAt(side: 0 | 1, row: number, at?: number): Promise<string | null>;
  /** The outlined row as drawn last, or null (the page's tests read it through the debug hooks). */
  highlightShown(): Promise<ShownHighlight | null>;
}

/**
 * The book drawn on the main thread (no OffscreenCanvas, `?offscreen=0`, or the worker failed).
 * PixiJS and the widget load only then: when the canvas worker draws, the page's first load
 * carries neither (they arrive later with the chart, from the same cached chunks).
 */
function mountHere(canvas: HTMLCanvasElement, width: number, rtl: boolean): OrderBookCanvas {
  let w = width;
  const read = (): OrderBookInput => ({
    view: bookView.value,
    mode: bookMode.value,
    theme: canvasTheme.value,
    rtl,
    highlight: bookHighlight.value,
    stale: feedStatus.value?.stale.book ?? true,
    pitch: bookRowPitch.value,
  });
  const hosted = hostWhenLoaded(
    () => import('../../render/order-book/order-book-widget.ts').then(({ OrderBookWidget }) => new OrderBookWidget(canvas, w, read, noteBookShown)),
    read,
    'order book',
  );
  return {
    currentLayout: () => hosted.host?.widget.currentLayout() ?? null,
    priceAt: (side, row, at) => Promise.resolve(hosted.host?.widget.priceShownAt(side, row, at) ?? null),
    highlightShown: () => Promise.resolve(hosted.host?.widget.highlightShown() ?? null),
    resize: (next) => {
      w = next;
      hosted.host?.widget.resize(next);
    },
    destroy: () => hosted.destroy(),
  };
}

/** Mounts the order-book canvas on `canvas`, in the canvas worker where it can be drawn there. */
export function mountOrderBook(canvas: HTMLCanvasElement, width: number, rtl: boolean): OrderBookCanvas {
  const here = offscreenCanvasWanted() ? null : mountHere(canvas, width, rtl);
  const current = here
    ? () => here
    : mountInWorker<BookWire, OrderBookCanvas>({
        remote: { kind: 'book', canvas, width, rtl, cssSize: (i, w) => bookLayout(i.mode, w, i.pitch), onShown: noteBookShown },
        wire: () => ({ market: bookScales.value, mode: bookMode.value, theme: canvasTheme.value, highlight: bookHighlight.value, pitch: bookRowPitch.value }),
        face: (remote, destroy) => ({
          currentLayout: () => bookLayout(bookMode.peek(), remote.currentWidth, bookRowPitch.peek()),
          priceAt: (side, row, at) => remote.rowPrice(side, row, at),
          highlightShown: () => remote.highlightShown(),
          resize: (w) => remote.resize(w),
          destroy,
        }),
        here: (fresh, w) => mountHere(fresh, w, rtl),
      });
  const unread = provideCanvasReader('bookHighlight', () => current().highlightShown());
  return {
    currentLayout: () => current().currentLayout(),
    priceAt: (side, row, at) => current().priceAt(side, row, at),
    highlightShown: () => current().highlightShown(),
    resize: (w, h) => current().resize(w, h),
    destroy: () => {
      unread();
      current().destroy();
    },
  };
}
