import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../ui/Spinner.tsx';
import { DataBoundary } from './ErrorBoundaries.tsx';
import { useAfterFirstBook } from './useAfterFirstBook.ts';

// The chart (and the depth chart inside it) is a chunk of its own; PixiJS comes with it on the
// page, from the chunks the canvas worker has already fetched.
const ChartPanel = lazy(() => import('../features/chart-panel/ChartPanel.tsx').then((m) => ({ default: m.ChartPanel })));

interface Props {
  /** Load only once the order book has drawn rows (the desktop page, where the book shows too). */
  afterBook: boolean;
}

/** The chart panel, with a placeholder of the panel's size while its code loads. */
export function ChartSlot({ afterBook }: Props) {
  const { t } = useTranslation();
  const ready = useAfterFirstBook(afterBook);
  // The candles start loading with the chart's code, once the book has rows: their module and
  // request then stay out of the book's first load (bench:load), and are there when the chart is.
  useEffect(() => {
    if (!ready) return;
    let stop: (() => void) | null = null;
    let gone = false;
    // The first page's request goes out now, from a chunk that needs nothing the chart's code brings;
    // the candles' loader takes its answer (api/kline.ts prefetchKlinePage).
    void import('../state/chart/candle-prefetch.ts').then(({ prefetchFirstCandles }) => {
      if (!gone) prefetchFirstCandles();
    });
    void import('../state/chart/candles.ts').then(({ startCandleSync }) => {
      if (!gone) stop = startCandleSync();
    });
    return () => {
      gone = true;
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
      </Suspense>
    </DataBoundary>
  );
}
