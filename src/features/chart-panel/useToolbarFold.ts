import { useLayoutEffect, useRef, useState, type RefObject } from 'react';

/** Space between the toolbar's items (chart-panel.css .chart-toolbar gap). */
const GAP = 6;
/** The "more" button's width before it has been drawn once. */
const MORE_GUESS = 40;

/**
 * How many of a toolbar's foldable items fit in its strip: the rest go into its "more" popover
 * (issue 15 item 6). Items keep their order; the ones at the end fold first. Each item's width is
 * read while it is in the strip and remembered (per language: a new language draws them all
 * again to measure); the strip's size and each of its children's sizes are watched.
 *
 * The strip holds a fixed part (not marked) and the foldable items, each in an element with
 * `data-fold="<key>"`; the "more" button, while shown, has `data-fold-more`.
 */
export function useToolbarFold(stripRef: RefObject<HTMLElement | null>, keys: readonly string[], language: string): number {
  const signature = `${language}|${keys.join(',')}`;
  const [state, setState] = useState({ signature, shown: keys.length });
  const widths = useRef(new Map<string, number>());
  const keysNow = useRef(keys);
  keysNow.current = keys;
  const measuredFor = useRef('');
  // A new language or item set: all items back in the strip, measured afresh.
  const shown = state.signature === signature ? state.shown : keys.length;
  if (state.signature !== signature) setState({ signature, shown: keys.length });

  useLayoutEffect(() => {
    const strip = stripRef.current;
    if (!strip) return;
    const fit = () => {
      if (measuredFor.current !== signature) {
        widths.current.clear();
        measuredFor.current = signature;
      }
      let fixed = 0;
      let more = MORE_GUESS;
      for (const child of Array.from(strip.children) as HTMLElement[]) {
        const key = child.dataset['fold'];
        if (key !== undefined) widths.current.set(key, child.offsetWidth);
        else if (child.dataset['foldMore'] !== undefined) more = child.offsetWidth;
        else fixed += child.offsetWidth + GAP;
      }
      const room = strip.clientWidth - fixed;
      const keys = keysNow.current;
      const sizes = keys.map((k) => (widths.current.get(k) ?? 0) + GAP);
      let n = keys.length;
      if (sizes.reduce((a, b) => a + b, 0) > room) {
        let used = more;
        n = 0;
        while (n < keys.length && used + sizes[n]! <= room) used += sizes[n++]!;
      }
      setState((s) => (s.signature === signature && s.shown === n ? s : { signature, shown: n }));
    };
    fit();
    if (typeof ResizeObserver === 'undefined') return;
    // The strip's size, and each child's: an item that draws later or changes its label (the
    // display options once the compliance answer is in, more pinned intervals) changes the room
    // without changing the strip, and must be measured again.
    const observer = new ResizeObserver(fit);
    observer.observe(strip);
    for (const child of Array.from(strip.children)) observer.observe(child);
    return () => observer.disconnect();
  }, [stripRef, signature, shown]);

  return shown;
}
