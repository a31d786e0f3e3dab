import { useEffect, useState } from 'react';
import { bookShown, chartsPending } from '../state/market/book-view.ts';
import { effect } from '../state/signals.ts';

/** The longest what loads after the order book waits for the book's first rows before it loads anyway. */
export const BOOK_FIRST_MS = 3000;

/**
 * False until the order book has drawn its first rows (or BOOK_FIRST_MS passed), then true for
 * good; true at once when not `enabled`. On the desktop page the book is what must come first:
 * the code of the regions around it waits, so it does not compete with the book for the network
 * and the main thread. With `afterChart`, also until the chart has shown its first candles (issue
 * 37 item 4: mounted together, the order form, the lists and the right-hand column held the chart's
 * first candle back by seconds at CPU ×1); BOOK_FIRST_MS still bounds the wait.
 */
export function useAfterFirstBook(enabled: boolean, afterChart = false): boolean {
  const [ready, setReady] = useState(!enabled);
  useEffect(() => {
    if (ready) return;
    const done = () => setReady(true);
    const timer = setTimeout(done, BOOK_FIRST_MS);
    const stop = effect(() => {
      if (bookShown.value && (!afterChart || chartsPending.value === 0)) done();
    });
    return () => {
      clearTimeout(timer);
      stop();
    };
  }, [ready, afterChart]);
  return ready;
}
