// Issue 36 item 3: two or four charts side by side. The page's own chart keeps its singleton state
// (candles.ts); each extra chart is a candle loader of its own for the pair and interval the
// workspace gives it (its first page from the exchange's kline endpoint, then the feed's kline
// topic of that pair and interval, through the same feed worker), drawn by the same chart widget.
import { fetchKlinePage } from '../../api/kline.ts';
import { toV5Interval } from '../../core/chart/intervals.ts';
import type { ChartPick } from '../../core/workspace.ts';
import { workspace } from '../account/workspace.ts';
import { watchKlines } from '../market/market-data.ts';
import { symbolsState } from '../market/markets.ts';
import { effect, signal, whileHeld, type Signal } from '../signals.ts';
import { CandleLoader, type CandleLoadState } from './candles-loader.ts';

/** At most three charts besides the page's own. */
export const MAX_EXTRA_CHARTS = 3;

export interface ExtraChart {
  loader: CandleLoader;
  /** Bumps whenever the series changes (the widget reads it, never the arrays). */
  version: Signal<number>;
  state: Signal<CandleLoadState>;
}

function makeSlot(): ExtraChart {
  const version = signal(0);
  const state = signal<CandleLoadState>('idle');
  const loader: CandleLoader = new CandleLoader((req) => fetchKlinePage(req), {
    onState: (s) => (state.value = s),
    onChange: () => (version.value = loader.series.version),
    onOlder: () => {},
  });
  return { loader, version, state };
}

export const extraCharts: readonly ExtraChart[] = Array.from({ length: MAX_EXTRA_CHARTS }, makeSlot);

const same = (a: ChartPick | undefined, b: { symbol: string; interval: string } | null) => (a && b ? a.symbol === b.symbol && a.interval === b.interval : !a && !b);

/** Keeps the extra charts' candles loaded and live while the chart area shows them; returns the matching stop. */
export const startExtraCharts: () => () => void = whileHeld(() => start());

function start(): () => void {
  let watched = '';
  let unwatch: (() => void) | null = null;
  const onCandle = (symbol: string, interval: string, candle: Parameters<CandleLoader['merge']>[0]) => {
    for (const slot of extraCharts) {
      const src = slot.loader.current;
      if (src && src.symbol === symbol && toV5Interval(src.interval) === interval) slot.loader.merge(candle);
    }
  };
  const dispose = effect(() => {
    const grid = workspace.value.charts;
    const list = symbolsState.value;
    extraCharts.forEach((slot, i) => {
      const pick = grid.extra[i];
      if (same(pick, slot.loader.current)) return;
      if (!pick) return void slot.loader.rebuild(null);
      const sym = list.status === 'ready' ? list.value.find((s) => s.symbolId === pick.symbol) : undefined;
      // The pair's precision comes with the symbol list; an unknown pair shows no candles.
      if (list.status === 'ready' || sym) void slot.loader.rebuild(sym ? { symbol: sym.symbolId, interval: pick.interval, decimals: sym.pricePrecision } : null);
    });
    const topics = grid.extra.map((p) => ({ symbol: p.symbol, interval: toV5Interval(p.interval) }));
    const key = JSON.stringify(topics);
    if (key === watched) return;
    watched = key;
    unwatch?.();
    unwatch = topics.length > 0 ? watchKlines(topics, onCandle) : null;
  });
  return () => {
    dispose();
    unwatch?.();
    for (const slot of extraCharts) void slot.loader.rebuild(null);
  };
}
