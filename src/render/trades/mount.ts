import { activeSymbol } from '../../state/active-market.ts';
import { feedStatus } from '../../state/market-data.ts';
import { tradeRows } from '../../state/trades-view.ts';
import { theme } from '../theme.ts';
import { RemoteCanvas, offscreenCanvasWanted, replaceCanvas } from '../offscreen/host.ts';
import type { TradesWire } from '../offscreen/protocol.ts';
import { TRADE_ROWS, TRADE_ROW_HEIGHT } from './tape.ts';
import type { TradesWidget } from './trades-widget.ts';

/** The trades canvas as its host element sees it, wherever it is drawn. */
export interface TradesCanvas {
  resize(width: number): void;
  destroy(): void;
}

/** The tape drawn on the main thread; PixiJS and the widget load only then (see order-book/mount.ts). */
function mountHere(canvas: HTMLCanvasElement, width: number, rtl: boolean): TradesCanvas {
  let widget: TradesWidget | null = null;
  let destroyed = false;
  let w = width;
  import('./trades-widget.ts').then(
    ({ TradesWidget }) => {
      if (destroyed) return;
      widget = new TradesWidget(canvas, w, () => ({ rows: tradeRows.value, theme: theme.value, rtl, stale: feedStatus.value?.stale.trades ?? true }));
      void widget.init();
    },
    (err: unknown) => console.error('trades tape failed to load:', err),
  );
  return {
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

/** The trades tape wired to the page's signals: in the canvas worker where it can be, else here. */
export function mountTrades(canvas: HTMLCanvasElement, width: number, rtl: boolean): TradesCanvas {
  if (!offscreenCanvasWanted()) return mountHere(canvas, width, rtl);
  let current: TradesCanvas;
  const remote = new RemoteCanvas<TradesWire>({
    kind: 'trades',
    canvas,
    width,
    rtl,
    read: () => {
      const s = activeSymbol.value;
      return { market: s ? { pricePrecision: s.pricePrecision, quantityPrecision: s.quantityPrecision } : null, theme: theme.value };
    },
    cssSize: (_i, w) => ({ width: w, height: TRADE_ROWS * TRADE_ROW_HEIGHT }),
    onFailed: () => (current = mountHere(replaceCanvas(canvas), remote.currentWidth, rtl)),
  });
  current = remote;
  return { resize: (w) => current.resize(w), destroy: () => current.destroy() };
}
