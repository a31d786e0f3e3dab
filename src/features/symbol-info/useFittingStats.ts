import { useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { STATS_RESIZE_DEBOUNCE_MS } from '../../core/constants.ts';

/** Breathing room so a value growing by a digit between re-measures does not clip. */
const SLACK_PX = 8;

/**
 * How many of the list's children fit its width, counted from the start (spec 2.8: stats are
 * hidden from the right/end when short, shown again when there is room). Re-measured after
 * resizes settle for STATS_RESIZE_DEBOUNCE_MS, and when `contentKey` changes (symbol, language,
 * first data) since those change the stats' own widths. Hidden children must stay laid out
 * (visibility, not display) so their widths can still be read.
 */
export function useFittingStats(listRef: RefObject<HTMLElement | null>, total: number, contentKey: string): number {
  const [fitting, setFitting] = useState(total);
  const measureRef = useRef<() => void>(() => {});

  measureRef.current = () => {
    const list = listRef.current;
    if (!list) return;
    const gap = Number.parseFloat(getComputedStyle(list).columnGap) || 0;
    const room = list.clientWidth - SLACK_PX;
    let used = 0;
    let n = 0;
    for (const child of Array.from(list.children) as HTMLElement[]) {
      const next = used + (n > 0 ? gap : 0) + child.offsetWidth;
      if (next > room) break;
      used = next;
      n++;
    }
    setFitting(n);
  };

  useLayoutEffect(() => {
    measureRef.current();
  }, [contentKey]);

  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list || typeof ResizeObserver === 'undefined') return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let first = true;
    const observer = new ResizeObserver(() => {
      // The observer reports once on observe; that size was measured already.
      if (first) {
        first = false;
        return;
      }
      if (timer !== undefined) clearTimeout(timer);
      // Marked on the element while a re-measure waits, so that whoever times the debounce
      // (the e2e test) can start from a settled header.
      list.dataset.fitPending = '';
      timer = setTimeout(() => {
        timer = undefined;
        delete list.dataset.fitPending;
        measureRef.current();
      }, STATS_RESIZE_DEBOUNCE_MS);
    });
    observer.observe(list);
    return () => {
      observer.disconnect();
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [listRef]);

  return fitting;
}
