import { useLayoutEffect, type RefObject } from 'react';

/**
 * Marks the sides of a box that scrolls sideways where its content runs on past the edge
 * (data-cut-left / data-cut-right, as OverflowTabs marks its strip), so CSS can fade them: a
 * column cut at the box's edge reads as more to scroll to, not as a cut word (issue 33: order
 * history's Status read "Oper"). Screen sides, so a right-to-left table is marked as it shows.
 * Measured at most once a frame, on a scroll or a resize of the box or its content.
 */
export function useSideFade(boxRef: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    let frame = 0;
    const measure = () => {
      frame = 0;
      const content = box.firstElementChild;
      if (!content) return;
      const b = box.getBoundingClientRect();
      const c = content.getBoundingClientRect();
      // What the box shows: its client area (a vertical scrollbar is on the end side).
      const left = getComputedStyle(box).direction === 'rtl' ? b.right - box.clientLeft - box.clientWidth : b.left + box.clientLeft;
      box.toggleAttribute('data-cut-left', c.left < left - 1);
      box.toggleAttribute('data-cut-right', c.right > left + box.clientWidth + 1);
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(measure);
    };
    const resize = new ResizeObserver(schedule);
    resize.observe(box);
    if (box.firstElementChild) resize.observe(box.firstElementChild);
    box.addEventListener('scroll', schedule, { passive: true });
    measure();
    return () => {
      if (frame) cancelAnimationFrame(frame);
      resize.disconnect();
      box.removeEventListener('scroll', schedule);
    };
  }, [boxRef]);
}
