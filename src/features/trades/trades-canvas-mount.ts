// The trades tape wired to the page: in the canvas worker where it can be, else here (see
// ../order-book/book-canvas-mount.ts). This mount owns the signal effects.
import { CanvasHost } from '../../render/canvas-host.ts';
import { RemoteCanvas, offscreenCanvasWanted, replaceCanvas, setCanvasFeedAttacher } from '../../render/offscreen/host.ts';
import type { TradesWire } from '../../render/offscreen/protocol.ts';
import { TRADE_ROWS, TRADE_ROW_HEIGHT } from '../../render/trades/tape.ts';
import type { TradesInput, TradesWidget } from '../../render/trades/trades-widget.ts';
import { activeSymbol } from '../../state/active-market.ts';
import { attachCanvasFeed, feedStatus } from '../../state/market-data.ts';
import { effect } from '../../state/signals.ts';
import { tradeRows } from '../../state/trades-view.ts';
import { canvasTheme } from '../hooks/canvas-theme.ts';
import type { MountedCanvas } from '../hooks/useCanvasHost.ts';

/** The tape drawn on the main thread; PixiJS and the widget load only then. */
function mountHere(canvas: HTMLCanvasElement, width: number, rtl: boolean): MountedCanvas {
  let host: CanvasHost<TradesWidget> | null = null;
  let dispose: (() => void) | null = null;
  let destroyed = false;
  let w = width;
  const read = (): TradesInput => ({ rows: tradeRows.value, theme: canvasTheme.value, rtl, stale: feedStatus.value?.stale.trades ?? true });
  import('../../render/trades/trades-widget.ts').then(
    ({ TradesWidget }) => {
      if (destroyed) return;
      const h = new CanvasHost(new TradesWidget(canvas, w, read));
      host = h;
      dispose = effect(() => {
        read();
        h.invalidate();
      });
    },
    (err: unknown) => console.error('trades tape failed to load:', err),
  );
  return {
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

/** Mounts the trades tape on `canvas`, in the canvas worker where it can be drawn there. */
export function mountTrades(canvas: HTMLCanvasElement, width: number, rtl: boolean): MountedCanvas {
  if (!offscreenCanvasWanted()) return mountHere(canvas, width, rtl);
  setCanvasFeedAttacher(attachCanvasFeed);
  const wire = (): TradesWire => {
    const s = activeSymbol.value;
    return { market: s ? { pricePrecision: s.pricePrecision, quantityPrecision: s.quantityPrecision } : null, theme: canvasTheme.value };
  };
  let current: MountedCanvas;
  const remote = new RemoteCanvas<TradesWire>({
    kind: 'trades',
    canvas,
    width,
    rtl,
    input: wire(),
    cssSize: (_i, w) => ({ width: w, height: TRADE_ROWS * TRADE_ROW_HEIGHT }),
    onFailed: () => {
      stop();
      current = mountHere(replaceCanvas(canvas), remote.currentWidth, rtl);
    },
  });
  let first = true;
  const stop = effect(() => {
    const input = wire();
    if (first) first = false;
    else remote.update(input);
  });
  current = {
    resize: (w) => remote.resize(w),
    destroy: () => {
      stop();
      remote.destroy();
    },
  };
  return { resize: (w, h) => current.resize(w, h), destroy: () => current.destroy() };
}
