import { useTranslation } from 'react-i18next';
import { BOOK_MAX_WIDTH } from '../core/workspace.ts';
import { setBookWidth } from '../state/account/workspace.ts';
import { Splitter } from './Splitter.tsx';

/** What the chart keeps beside the book. */
const CHART_MIN_WIDTH = 320;

interface Props {
  /** The grid place of the book's column (where the handle sits, at its inline-start edge). */
  place: string;
  /** The regions in the book's column and in the chart's (flexible) column. */
  bookRegion: string;
  chartRegion: string;
  /** The least width now (wider where the tape sits beside the book). */
  min: number;
}

/**
 * The handle between the chart and the order book's column (issue 36 item 3): more or less width
 * for the book, never leaving the chart under CHART_MIN_WIDTH; kept with the layout
 * (state/account/workspace.ts).
 */
export function BookSplitter({ place, bookRegion, chartRegion, min }: Props) {
  const { t } = useTranslation();
  return (
    <Splitter
      className="book-splitter"
      style={{ gridArea: place }}
      orientation="vertical"
      label={t('layout.resizeBook')}
      measure={(grid) => {
        const book = grid.querySelector(`[data-region="${bookRegion}"]`);
        const chart = grid.querySelector(`[data-region="${chartRegion}"]`);
        if (!book || !chart) return null;
        const width = book.getBoundingClientRect().width;
        const slack = Math.max(0, chart.getBoundingClientRect().width - CHART_MIN_WIDTH);
        return { size: width, min, max: Math.max(min, Math.min(BOOK_MAX_WIDTH, Math.round(width + slack))) };
      }}
      observed={(grid) => grid.querySelector(`[data-region="${bookRegion}"]`)}
      setSize={setBookWidth}
      reset={() => setBookWidth(null)}
      deps={[bookRegion, chartRegion, min]}
    />
  );
}
