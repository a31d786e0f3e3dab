import { useEffect, useState, type RefObject } from 'react';

/** Spec 9: the toolbar scroll hint uses a 10 px threshold and a 100 ms debounce. */
export const SCROLL_HINT_THRESHOLD_PX = 10;
export const SCROLL_HINT_DEBOUNCE_MS = 100;

/** Whether a horizontally scrolling strip has more content before / after what shows. */
export function scrollHint(el: { scrollLeft: number; scrollWidth: number; clientWidth: number }): { before: boolean; after: boolean } {
  const left = Math.abs(el.scrollLeft);
  return {
    before: left > SCROLL_HINT_THRESHOLD_PX,
    after: el.scrollWidth - el.clientWidth - left > SCROLL_HINT_THRESHOLD_PX,
  };
}

export interface ScrollHint {
  before: boolean;
  after: boolean;
  /** The same on the screen's sides (before is the right in a right-to-left page), for the strip's fade marks. */
  left: boolean;
  right: boolean;
}

/** Tracks the scroll hint of `ref`'s element, debounced on scroll and resize. */
export function useScrollHint(ref: RefObject<HTMLElement | null>): ScrollHint {
  const [hint, setHint] = useState<ScrollHint>({ before: false, after: false, left: false, right: false });
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const update = () => {
      const { before, after } = scrollHint(el);
      const rtl = getComputedStyle(el).direction === 'rtl';
      const next = { before, after, left: rtl ? after : before, right: rtl ? before : after };
      setHint((h) => (h.before === next.before && h.after === next.after && h.left === next.left ? h : next));
    };
    const debounced = () => {
      if (timer) clearTimeout(timer);
      timer = setTimeout(update, SCROLL_HINT_DEBOUNCE_MS);
    };
    update();
    el.addEventListener('scroll', debounced, { passive: true });
    const ro = new ResizeObserver(debounced);
    ro.observe(el);
    return () => {
      if (timer) clearTimeout(timer);
      el.removeEventListener('scroll', debounced);
      ro.disconnect();
    };
  }, [ref]);
  return hint;
}
