import { bookMode, highlightedRow } from '../../state/book-view.ts';
import { bookView } from '../../state/active-market.ts';
import { feedStatus } from '../../state/market-data.ts';
import { theme } from '../theme.ts';
import { OrderBookWidget } from './order-book-widget.ts';

/** Creates the order-book canvas widget wired to the page's signals. */
export function mountOrderBook(canvas: HTMLCanvasElement, width: number, rtl: boolean): OrderBookWidget {
  const widget = new OrderBookWidget(canvas, width, () => ({
    view: bookView.value,
    mode: bookMode.value,
    theme: theme.value,
    rtl,
    highlight: highlightedRow.value,
    stale: feedStatus.value?.stale.book ?? true,
  }));
  void widget.init();
  return widget;
}

export { rowAt, bookLayout, PRICE_LINE_HEIGHT, ROW_PITCH } from './layout.ts';
export type { BookLayout } from './layout.ts';
export type { OrderBookWidget } from './order-book-widget.ts';
