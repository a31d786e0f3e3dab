import { parseScale, decimalPlaces } from '../../core/decimal.ts';
import type { SpotSymbol } from '../../core/symbols.ts';
import { BookRowFormatter, bookRowSums, type BookRowSums, type BookView, type RowScales } from '../../core/book-rows.ts';
import { bookMode, clearBookHighlight, stepFor, saveStep, totalIn } from './book-view.ts';
import { toV5Interval } from '../../core/chart/intervals.ts';
import { chartInterval } from './chart-interval.ts';
import { bookFrame, marketSpecFor, setActiveMarket, setBookView, startFeed } from './market-data.ts';
import { computed, effect, signal } from '../signals.ts';
import { rememberDefaultQuote } from './default-quote.ts';

/** The symbol the page trades, once the symbol list has it. */
export const activeSymbol = signal<SpotSymbol | null>(null);
/** The depth-merge step in use (a decimal string from the symbol's list), or null for the raw book. */
export const activeStep = signal<string | null>(null);

/** Default merge steps when an endpoint gives no list: the tick, ×10, ×100 (only 0/1 digits by construction). */
export function defaultMergeSteps(tickSize: string): string {
  const d = decimalPlaces(tickSize);
  const steps: string[] = [];
  for (let k = 0; k < 3; k++) {
    const e = d - k;
    steps.push(e > 0 ? `0.${'0'.repeat(e - 1)}1` : `1${'0'.repeat(-e)}`);
  }
  return steps.join(',');
}

export function mergeStepsOf(symbol: SpotSymbol): string {
  return symbol.digitMerge || defaultMergeSteps(symbol.tickSize);
}

/**
 * While a market is active, the worker follows changes made anywhere on the page: the book's mode
 * and the chart's interval (its kline topic). Each effect skips its first run (activation sent
 * both already). Returns the disposer; deactivateSymbol calls it.
 */
function followViewChanges(): () => void {
  let modeSeen = false;
  const stopMode = effect(() => {
    const mode = bookMode.value;
    if (modeSeen) setBookView(mode, activeStep.peek());
    modeSeen = true;
  });
  let intervalSeen = false;
  const stopInterval = effect(() => {
    const interval = toV5Interval(chartInterval.value);
    if (intervalSeen) startFeed().send({ type: 'interval', interval });
    intervalSeen = true;
  });
  return () => {
    stopMode();
    stopInterval();
  };
}
let stopFollowing: (() => void) | null = null;

/**
 * Makes `symbol` the page's market: subscribes its streams (the market list's tickers follow the
 * list, state/ticker-watch.ts). A null
 * `interval` means the chart's chosen one, so its last candle streams in realtime.
 */
export function activateSymbol(symbol: SpotSymbol, all: readonly SpotSymbol[], interval: string | null): void {
  const step = stepFor(symbol.symbolId, mergeStepsOf(symbol), symbol.pricePrecision);
  // The book's highlight is a price of the market it was chosen in.
  if (activeSymbol.peek()?.symbolId !== symbol.symbolId) clearBookHighlight();
  activeSymbol.value = symbol;
  activeStep.value = step;
  rememberDefaultQuote(symbol.quoteTokenName, all);
  setActiveMarket(marketSpecFor(symbol, bookMode.peek(), step, interval ?? toV5Interval(chartInterval.peek())));
  stopFollowing?.();
  stopFollowing = followViewChanges();
}

export function deactivateSymbol(): void {
  stopFollowing?.();
  stopFollowing = null;
  activeSymbol.value = null;
  setActiveMarket(null);
}

export function chooseStep(step: string): void {
  const symbol = activeSymbol.peek();
  if (!symbol) return;
  activeStep.value = step;
  saveStep(symbol.symbolId, step);
  setBookView(bookMode.peek(), step);
}


const formatter = new BookRowFormatter();

/** The symbol the book shows and how its rows are written (precision, step, total unit). */
export const bookScales = computed<{ symbol: string; scales: RowScales } | null>(() => {
  const symbol = activeSymbol.value;
  if (!symbol) return null;
  const tick = parseScale(symbol.tickSize);
  if (!tick) return null;
  const step = activeStep.value;
  return {
    symbol: symbol.symbolId,
    scales: {
      tick,
      sizeDecimals: symbol.quantityPrecision,
      quoteDecimals: symbol.amountPrecision,
      priceDecimals: step ? decimalPlaces(step) : symbol.pricePrecision,
      totalIn: totalIn.value,
    },
  };
});

/** The rows the order book shows, as strings, derived from the latest frame. */
export const bookView = computed<BookView | null>(() => {
  const frame = bookFrame.value;
  const m = bookScales.value;
  if (!frame || !m || frame.symbol !== m.symbol) return null;
  return formatter.format(frame, m.scales);
});
/** The hover tooltip's sums for one row of the book shown now (computed for that row only, when asked). */
export function rowSumsNow(side: 0 | 1, row: number): BookRowSums | null {
  const frame = bookFrame.peek();
  const m = bookScales.peek();
  if (!frame || !m || frame.symbol !== m.symbol) return null;
  return bookRowSums(frame, side, row, m.scales);
}

export type { BookView, BookRowText, BookRowSums } from '../../core/book-rows.ts';
