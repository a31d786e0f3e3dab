// The trades tape wired to the page: in the canvas worker where it can be, else here (see
// ../order-book/book-canvas-mount.ts). This mount owns the signal effects (canvas-mount.ts).
import { offscreenCanvasWanted } from '../../render/offscreen/host.ts';
import type { TradesWire } from '../../render/offscreen/protocol.ts';
import { TRADE_ROWS, TRADE_ROW_HEIGHT } from '../../render/trades/tape.ts';
import type { TradesInput } from '../../render/trades/trades-widget.ts';
import { activeSymbol } from '../../state/market/active-market.ts';
import { feedStatus } from '../../state/market/market-data.ts';
import { tradeRows } from '../../state/market/trades-view.ts';
import { canvasTheme } from '../canvas/canvas-theme.ts';
import { hostWhenLoaded, mountInWorker } from '../canvas/canvas-mount.ts';
import type { MountedCanvas } from '../canvas/useCanvasHost.ts';

/** The tape drawn on the main thread; PixiJS and the widget load only then. */
function mountHere(canvas: HTMLCanvasElement, width: number, rtl: boolean): MountedCanvas {
  let w = width;
  const read = (): TradesInput => ({ rows: tradeRows.value, theme: canvasTheme.value, rtl, stale: feedStatus.value?.stale.trades ?? true });
  const hosted = hostWhenLoaded(() => import('../../render/trades/trades-widget.ts').then(({ TradesWidget }) => new TradesWidget(canvas, w, read)), read, 'trades tape');
  return {
    resize: (next) => {
      w = next;
      hosted.host?.widget.resize(next);
    },
    destroy: () => hosted.destroy(),
  };
}

/** Mounts the trades tape on `canvas`, in the canvas worker where it can be drawn there. */
export function mountTrades(canvas: HTMLCanvasElement, width: number, rtl: boolean): MountedCanvas {
  if (!offscreenCanvasWanted()) return mountHere(canvas, width, rtl);
  const current = mountInWorker<TradesWire, MountedCanvas>({
    remote: { kind: 'trades', canvas, width, rtl, cssSize: (_i, w) => ({ width: w, height: TRADE_ROWS * TRADE_ROW_HEIGHT }) },
    wire: () => {
      const s = activeSymbol.value;
      return { market: s ? { pricePrecision: s.pricePrecision, quantityPrecision: s.quantityPrecision } : null, theme: canvasTheme.value };
    },
    face: (remote, destroy) => ({ resize: (w) => remote.resize(w), destroy }),
    here: (fresh, w) => mountHere(fresh, w, rtl),
  });
  return { resize: (w, h) => current().resize(w, h), destroy: () => current().destroy() };
}
