import { feedStatus } from '../../state/market-data.ts';
import { tradeRows } from '../../state/trades-view.ts';
import { theme } from '../theme.ts';
import { TradesWidget } from './trades-widget.ts';

export function mountTrades(canvas: HTMLCanvasElement, width: number, rtl: boolean): TradesWidget {
  const w = new TradesWidget(canvas, width, () => ({
    rows: tradeRows.value,
    theme: theme.value,
    rtl,
    stale: feedStatus.value?.stale.trades ?? true,
  }));
  void w.init();
  return w;
}

export type { TradesWidget } from './trades-widget.ts';
