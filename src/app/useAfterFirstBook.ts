import { useEffect, useState } from 'react';
import { bookShown } from '../state/market/book-view.ts';
import { effect } from '../state/signals.ts';

/** The longest what loads after the order book waits for the book's first rows before it loads anyway. */
export const BOOK_FIRST_MS = 3000;

/**
 * False until the order book has drawn its first rows (or BOOK_FIRST_MS passed), then true for
 * good; true at once when not `enabled`. On the desktop page the book is what must come first:
 * the code of the regions around it waits, so it does not compete with the book for the network
 * and the main thread.
 */
export function useAfterFirstBook(enabled: boolean): boolean {
  const [ready, setReady] = useState(!enabled);
  useEffect(() => {
    if (ready) return;
    const done = () => setReady(true);
    const timer = setTimeout(done, BOOK_FIRST_MS);
    const stop = effect(() => {
      if (bookShown.value) done();
    });
    return () => {
      clearTimeout(timer);
      stop();
    };
  }, [ready]);
  return ready;
}
