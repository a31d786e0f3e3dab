import { lazy, Suspense, useEffect, useLayoutEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../ui/Spinner.tsx';
import { DataBoundary } from './ErrorBoundaries.tsx';
import { useAfterFirstBook } from './useAfterFirstBook.ts';
import { holdForChart } from '../state/market/book-view.ts';
import { effect } from '../state/signals.ts';

/** The longest the regions after the chart wait for its first candles once its code has started loading. */
const CHART_FIRST_MS = 2000;

// The chart (and the depth chart inside it) is a chunk of its own; PixiJS comes with it on the
// page, from the chunks the canvas worker has already fetched.
const ChartPanel = lazy(() => import('../features/chart-panel/ChartPanel.tsx').then((m) => ({ default: m.ChartPanel })));

interface Props {
  /** Load only once the order book has drawn rows (the desktop page, where the book shows too). */
  afterBook: boolean;
}

/** Runs `run` once, when it mounts: inside a Suspense boundary, once what it waits for has loaded. */
function OnMount({ run }: { run: () => void }) {
  useEffect(run, []);
  return null;
}

/** The chart panel, with a placeholder of the panel's size while its code loads. */
export function ChartSlot({ afterBook }: Props) {
  const { t } = useTranslation();
  // Released once the chart's code has mounted and its first candles are in (or CHART_FIRST_MS).
  const [hold] = useState(() => ({ release: () => {}, mounted: false, candles: false }));
  const ready = useAfterFirstBook(afterBook);
  // The candles start loading with the chart's code, once the book has rows: their module and
  // request then stay out of the book's first load (bench:load), and are there when the chart is.
  // The regions after the book also wait for this chart's first candles (book-view.ts holdForChart).
  useLayoutEffect(() => {
    if (!afterBook) return;
    const release = holdForChart();
    hold.release = release;
    return release;
  }, [afterBook]);
  useEffect(() => {
    if (!ready) return;
    let stop: (() => void) | null = null;
    let gone = false;
    const release = hold.release;
    const timer = setTimeout(release, CHART_FIRST_MS);
    hold.candles = false;
    let watch: (() => void) | null = null;
    // The first page's request goes out now, from a chunk that needs nothing the chart's code brings;
    // the candles' loader takes its answer (api/kline.ts prefetchKlinePage).
    void import('../state/chart/candle-prefetch.ts').then(({ prefetchFirstCandles }) => {
      if (!gone) prefetchFirstCandles();
    });
    void import('../state/chart/candles.ts').then(({ startCandleSync, candleState }) => {
      if (gone) return;
      stop = startCandleSync();
      watch = effect(() => {
        hold.candles = candleState.value === 'ready' || candleState.value === 'empty';
        if (hold.candles && hold.mounted) release();
      });
    });
    return () => {
      gone = true;
      clearTimeout(timer);
      watch?.();
      stop?.();
    };
  }, [ready]);
  const placeholder = (
    <div className="chart-placeholder" data-testid="chart-placeholder">
      <Spinner label={t('chart.loading')} />
    </div>
  );
  if (!ready) return placeholder;
  return (
    <DataBoundary name="chart">
      <Suspense fallback={placeholder}>
        <ChartPanel />
        <OnMount
          run={() => {
            hold.mounted = true;
            if (hold.candles) hold.release();
          }}
        />
      </Suspense>
    </DataBoundary>
  );
}
