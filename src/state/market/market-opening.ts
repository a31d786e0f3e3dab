// Whether the active market has opened (issue 33 item 6), as the chart's opening notice (spec 4.1)
// last said: the book and the tape say "not open yet" rather than "data delayed" before it opens.
// Here, below the chart's room, so that the book reads it without loading the chart's code.
import { signal } from '../signals.ts';

/** The last opening notice: for which symbol, and whether it said open. Null before any. */
export const marketOpening = signal<{ symbol: string; open: boolean } | null>(null);

/** The chart's notice check says whether `symbol` is open. */
export function noteMarketOpening(symbol: string, open: boolean): void {
  const was = marketOpening.peek();
  if (was?.symbol !== symbol || was.open !== open) marketOpening.value = { symbol, open };
}
