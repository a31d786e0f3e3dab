import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { bookFrame } from '../state/market-data.ts';
import { effect } from '../state/signals.ts';
import { Spinner } from '../ui/Spinner.tsx';
import { DataBoundary } from './ErrorBoundaries.tsx';

// The chart (and the depth chart inside it) is a chunk of its own; PixiJS comes with it on the
// page, from the chunks the canvas worker has already fetched.
const ChartPanel = lazy(() => import('../features/chart-panel/ChartPanel.tsx').then((m) => ({ default: m.ChartPanel })));

/** The longest the chart waits for the order book's first data before it loads anyway. */
const BOOK_FIRST_MS = 3000;

/** False until the page has the order book's first data (or BOOK_FIRST_MS passed), then true for good. */
function useAfterFirstBook(enabled: boolean): boolean {
  const [ready, setReady] = useState(!enabled);
  useEffect(() => {
    if (ready) return;
    const done = () => setReady(true);
    const timer = setTimeout(done, BOOK_FIRST_MS);
    const stop = effect(() => {
      if (bookFrame.value !== null) done();
    });
    return () => {
      clearTimeout(timer);
      stop();
    };
  }, [ready]);
  return ready;
}

interface Props {
  /**
   * Load the chart only once the order book has data: on the desktop page the book is what must
   * come first, and the chart's code, PixiJS on the main thread and candles would compete with it.
   */
  afterBook: boolean;
}

/** The chart panel, with a placeholder of the panel's size while its code loads. */
export function ChartSlot({ afterBook }: Props) {
  const { t } = useTranslation();
  const ready = useAfterFirstBook(afterBook);
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
