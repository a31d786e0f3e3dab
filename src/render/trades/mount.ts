import { feedStatus } from '../../state/market-data.ts';
import { tradeRows } from '../../state/trades-view.ts';
import { theme } from '../theme.ts';
import { RemoteCanvas, offscreenCanvasWanted } from '../offscreen/host.ts';
import type { TradesWire } from '../offscreen/protocol.ts';
import { RowSender } from '../offscreen/row-sync.ts';
import { TRADE_ROWS, TRADE_ROW_HEIGHT, TradesWidget, type TradeRowCells, type TradesInput } from './trades-widget.ts';

/** The trades canvas as its host element sees it, wherever it is drawn. */
export interface TradesCanvas {
  resize(width: number): void;
  destroy(): void;
}

function readInput(rtl: boolean): TradesInput {
  return { rows: tradeRows.value, theme: theme.value, rtl, stale: feedStatus.value?.stale.trades ?? true };
}

function mountHere(canvas: HTMLCanvasElement, width: number, rtl: boolean): TradesCanvas {
  const w = new TradesWidget(canvas, width, () => readInput(rtl));
  void w.init();
  return w;
}

/** The trades tape wired to the page's signals: in the canvas worker where it can be, else here. */
export function mountTrades(canvas: HTMLCanvasElement, width: number, rtl: boolean): TradesCanvas {
  if (!offscreenCanvasWanted()) return mountHere(canvas, width, rtl);
  const rows = new RowSender<TradeRowCells, TradeRowCells>((r) => ({ price: r.price, qty: r.qty, time: r.time, buy: r.buy, arrivedAt: r.arrivedAt }));
  let current: TradesCanvas;
  const remote = new RemoteCanvas<TradesInput, TradesWire>({
    kind: 'trades',
    canvas,
    width,
    rtl,
    read: () => readInput(rtl),
    encoder: { encode: (i) => ({ rows: rows.encode(i.rows), theme: i.theme, stale: i.stale }), reset: () => rows.reset() },
    cssSize: (_i, w) => ({ width: w, height: TRADE_ROWS * TRADE_ROW_HEIGHT }),
    onFailed: () => {
      const fresh = document.createElement('canvas');
      fresh.setAttribute('aria-hidden', 'true');
      canvas.replaceWith(fresh);
      current = mountHere(fresh, remote.currentWidth, rtl);
    },
  });
  current = remote;
  return { resize: (w) => current.resize(w), destroy: () => current.destroy() };
}
