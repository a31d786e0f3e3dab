import { useLayoutEffect, type RefObject } from 'react';

/**
 * Marks the sides of a box that scrolls sideways where its content runs on past the edge
 * (data-cut-left / data-cut-right, as OverflowTabs marks its strip), so CSS can fade them: a
 * column cut at the box's edge reads as more to scroll to, not as a cut word (issue 33: order
 * history's Status read "Oper"). Screen sides, so a right-to-left table is marked as it shows.
 * Not where a row's actions are held at the end (.sticky-end-col): their drawn edge says it already.
 * Measured at most once a frame, on a resize of the box or its content or a sideways scroll: a
 * vertical scroll (a long table's every frame, issue 37) reads one number and measures nothing.
 */
export function useSideFade(boxRef: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    let frame = 0;
    let lastLeft = box.scrollLeft;
    const measure = () => {
      frame = 0;
      lastLeft = box.scrollLeft;
      const held = box.querySelector('.sticky-end-col') !== null;
      // scrollLeft runs 0 → negative in a right-to-left box (the start is at the right).
      const fromStart = Math.abs(box.scrollLeft);
      const beyond = box.scrollWidth - box.clientWidth - fromStart;
      const rtl = box.scrollLeft < 0 || getComputedStyle(box).direction === 'rtl';
      const cutStart = !held && fromStart > 1;
      const cutEnd = !held && beyond > 1;
      box.toggleAttribute('data-cut-left', rtl ? cutEnd : cutStart);
      box.toggleAttribute('data-cut-right', rtl ? cutStart : cutEnd);
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(measure);
    };
    const onScroll = () => {
      if (box.scrollLeft !== lastLeft) schedule();
    };
    const resize = new ResizeObserver(schedule);
    resize.observe(box);
    if (box.firstElementChild) resize.observe(box.firstElementChild);
    box.addEventListener('scroll', onScroll, { passive: true });
    measure();
    return () => {
      if (frame) cancelAnimationFrame(frame);
      resize.disconnect();
      box.removeEventListener('scroll', onScroll);
    };
  }, [boxRef]);
}
