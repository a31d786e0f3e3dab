import { useEffect, type RefObject } from 'react';
import { RESIZE_THROTTLE_MS } from '../../core/constants.ts';
import { fittedRowPitch } from '../../core/order-book.ts';
import { PRICE_LINE_HEIGHT } from '../../render/order-book/layout.ts';
import { setBookRowPitch } from '../../state/market/book-view.ts';

/**
 * What must still show below the canvas in the window: the ratio bar (18 px), the region's
 * padding (8), a grid gap (4) and the orders panel's tab row (about 44), with a little spare.
 */
export const BELOW_BOOK_CANVAS = 80;
/**
 * On the desktop page the book's region has the height the page's grid gives it (the window's,
 * less the header, symbol row and footer; issue 33 item 1): what must show below the canvas inside
 * it is the ratio bar (18 px), the region's padding (8) and a little spare.
 */
export const BELOW_BOOK_CANVAS_IN_REGION = 34;

/**
 * Keeps the book's row pitch at what fits the window (core fittedRowPitch): measured from where
 * the canvas starts in the page, again when the window or the page above it changes size.
 */
export function useFittedRowPitch(hostRef: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    const fit = () => {
      const region = host.closest('.page--desktop .region');
      if (region) {
        const r = region.getBoundingClientRect();
        setBookRowPitch(fittedRowPitch(r.bottom, host.getBoundingClientRect().top, BELOW_BOOK_CANVAS_IN_REGION, PRICE_LINE_HEIGHT));
        return;
      }
      const top = host.getBoundingClientRect().top + window.scrollY;
      setBookRowPitch(fittedRowPitch(window.innerHeight, top, BELOW_BOOK_CANVAS, PRICE_LINE_HEIGHT));
    };
    let timer: ReturnType<typeof setTimeout> | undefined;
    const later = () => {
      if (timer === undefined) timer = setTimeout(() => ((timer = undefined), fit()), RESIZE_THROTTLE_MS);
    };
    fit();
    window.addEventListener('resize', later);
    // A banner or notice appearing above moves the canvas down: the page's box changes size.
    const page = host.closest('.page');
    const observer = page && typeof ResizeObserver !== 'undefined' ? new ResizeObserver(later) : null;
    if (page) observer?.observe(page);
    return () => {
      window.removeEventListener('resize', later);
      observer?.disconnect();
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [hostRef]);
}
