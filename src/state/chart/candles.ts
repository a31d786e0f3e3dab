// The chart's candles as page state: the loader for the active symbol and interval, its
// realtime merge from the feed, and the rebuild rules of spec 4.10 (symbol or interval change,
// page hidden or offline longer than the interval).
import { fetchKlinePage } from '../../api/kline.ts';
import { refreshThresholdMs } from '../../core/chart/intervals.ts';
import { activeSymbol } from '../market/active-market.ts';
import { CandleLoader, type CandleLoadState } from './candles-loader.ts';
import { chartInterval, compareSymbol } from './chart-settings.ts';
import { lastCandle } from '../market/market-data.ts';
import { batch, effect, signal, whileHeld } from '../signals.ts';
import { symbolsState } from '../market/markets.ts';
import { replayJumps } from '../market/replay.ts';

/** Bumps whenever the series changes; the canvas subscribes to it, never to the arrays. */
export const candleVersion = signal(0);
export const candleState = signal<CandleLoadState>('idle');
export const olderPages = signal(0);
export const olderLoading = signal(false);
/** Rebuilds so far (for tests and the diagnostics panel). */
export const candleRebuilds = signal(0);

const fetcher = (req: Parameters<typeof fetchKlinePage>[0]) => fetchKlinePage(req);

export const candleLoader = new CandleLoader(fetcher, {
  onState: (s) => (candleState.value = s),
  onChange: () => (candleVersion.value = candleLoader.series.version),
  onOlder: (pages, loading) =>
    batch(() => {
      olderPages.value = pages;
      olderLoading.value = loading;
    }),
});
export const candleSeries = candleLoader.series;

/** The compared symbol's candles (one page, same interval), drawn on a percent scale. */
export const compareVersion = signal(0);
export const compareLoader = new CandleLoader(fetcher, {
  onState: () => {},
  onChange: () => (compareVersion.value = compareLoader.series.version),
  onOlder: () => {},
});

/** The first candle request for the active symbol (spec 4.1 step 7 counts the open delay from it). */
let firstRequest: { symbol: string; at: number } | null = null;

/** When the chart first asked for `symbol`'s candles (ms), or null when it has not. */
export function firstCandleRequestAt(symbol: string): number | null {
  return firstRequest?.symbol === symbol ? firstRequest.at : null;
}

export function rebuildCandles(): void {
  const symbol = activeSymbol.peek();
  if (symbol && firstRequest?.symbol !== symbol.symbolId) firstRequest = { symbol: symbol.symbolId, at: Date.now() };
  candleRebuilds.value = candleRebuilds.peek() + 1;
  void candleLoader.rebuild(symbol ? { symbol: symbol.symbolId, interval: chartInterval.peek(), decimals: symbol.pricePrecision } : null);
}

export function loadOlderCandles(): void {
  void candleLoader.loadOlder();
}

/** Keeps candles in sync while a chart is shown; returns the matching stop. */
export const startCandleSync: () => () => void = whileHeld(() => start());

function start(): () => void {
  const disposeRebuild = effect(() => {
    // Reading both subscribes: a symbol or interval change rebuilds.
    void activeSymbol.value;
    void chartInterval.value;
    rebuildCandles();
  });
  // A replay's seek: the candles are the new time's (REST), not the old ones merged on.
  let jumps = replayJumps.peek();
  const disposeJumps = effect(() => {
    if (replayJumps.value === jumps) return;
    jumps = replayJumps.peek();
    rebuildCandles();
  });
  const disposeMerge = effect(() => {
    const c = lastCandle.value;
    if (c) candleLoader.merge(c);
  });
  const disposeCompare = effect(() => {
    const other = compareSymbol.value;
    const interval = chartInterval.value;
    const list = symbolsState.value;
    const sym = other && list.status === 'ready' ? list.value.find((s) => s.symbolId === other) : undefined;
    void compareLoader.rebuild(sym ? { symbol: sym.symbolId, interval, decimals: sym.pricePrecision } : null);
  });
  let hiddenAt = 0;
  let offlineAt = 0;
  const stale = (since: number) => since > 0 && Date.now() - since > refreshThresholdMs(chartInterval.peek());
  const onVisibility = () => {
    if (document.visibilityState === 'hidden') hiddenAt = Date.now();
    else {
      if (stale(hiddenAt)) rebuildCandles();
      hiddenAt = 0;
    }
  };
  const onOffline = () => (offlineAt = Date.now());
  const onOnline = () => {
    if (stale(offlineAt)) rebuildCandles();
    offlineAt = 0;
  };
  document.addEventListener('visibilitychange', onVisibility);
  window.addEventListener('offline', onOffline);
  window.addEventListener('online', onOnline);
  return () => {
    disposeRebuild();
    disposeJumps();
    disposeMerge();
    disposeCompare();
    document.removeEventListener('visibilitychange', onVisibility);
    window.removeEventListener('offline', onOffline);
    window.removeEventListener('online', onOnline);
    candleLoader.destroy();
    compareLoader.destroy();
  };
}
