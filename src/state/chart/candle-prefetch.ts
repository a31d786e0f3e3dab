// The chart's first page of candles, asked for as soon as the order book has drawn (issue 37 item
// 4), beside the chart's code rather than after it: a chunk of its own that needs only what the
// first load has (the active symbol, the stored interval), so its request goes out at once.
import { prefetchKlinePage } from '../../api/kline.ts';
import { toV5Interval } from '../../core/chart/intervals.ts';
import { activeSymbol } from '../market/active-market.ts';
import { chartInterval } from '../market/chart-interval.ts';

export function prefetchFirstCandles(): void {
  const symbol = activeSymbol.peek();
  if (symbol) prefetchKlinePage({ symbol: symbol.symbolId, interval: toV5Interval(chartInterval.peek()) });
}
