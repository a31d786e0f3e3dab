import { useEffect, useRef, useState, type CSSProperties, type KeyboardEvent, type PointerEvent } from 'react';

/** Pixels an arrow key moves a split (Page Up/Down: four times as far). */
const KEY_STEP = 20;

/** A sized area's size now and the bounds it may take, in px. */
export interface SplitSize {
  size: number;
  min: number;
  max: number;
}

interface Props {
  className: string;
  style?: CSSProperties;
  label: string;
  /**
   * 'horizontal': a bar above the sized area (the orders under the chart): up, Arrow Up and Page Up
   * grow it. 'vertical': a bar at the sized column's inline-start edge (the book beside the chart):
   * towards the inline start (left; right on a right-to-left page) grows it.
   */
  orientation: 'horizontal' | 'vertical';
  /** The sized area's size and bounds, from the handle's grid (its parent); null while not laid out. */
  measure: (grid: Element) => SplitSize | null;
  /** The element whose resizes change what aria-valuenow says. */
  observed: (grid: Element) => Element | null;
  /** Keeps a size, already within the bounds. */
  setSize: (px: number) => void;
  /** Back to the page's default (double-click, Enter). */
  reset: () => void;
  /** What measure and observed read besides the page (their regions' names, a minimum). */
  deps: readonly unknown[];
}

/**
 * A handle between two areas of the trade grid (issue 33 item 1, issue 36 item 3): drag it, or
 * focus it and use the arrow keys (Home and End: least and most), to resize the one it sizes;
 * double-click or Enter returns to the default. A separator with its value for assistive technology.
 */
export function Splitter({ className, style, label, orientation, measure, observed, setSize, reset, deps }: Props) {
  const ref = useRef<HTMLDivElement>(null);
  const drag = useRef<{ at: number; from: SplitSize } | null>(null);
  const [now, setNow] = useState<SplitSize | null>(null);
  const vertical = orientation === 'vertical';
  const grid = () => ref.current?.parentElement ?? null;
  const sizeNow = () => {
    const g = grid();
    return g ? measure(g) : null;
  };
  const rtl = () => ref.current !== null && getComputedStyle(ref.current).direction === 'rtl';

  // aria-valuenow and -max follow the sized area as the window and the split change it.
  useEffect(() => {
    const g = grid();
    const update = () => {
      const m = g ? measure(g) : null;
      if (m) setNow({ size: Math.round(m.size), min: m.min, max: m.max });
    };
    update();
    const target = g ? observed(g) : null;
    if (!target || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(update);
    observer.observe(target);
    return () => observer.disconnect();
    // measure and observed read only the page and `deps`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);

  const resize = (from: SplitSize, delta: number) => setSize(Math.max(from.min, Math.min(from.max, from.size + delta)));
  const resizeBy = (delta: number) => {
    const m = sizeNow();
    if (m) resize(m, delta);
  };
  /** How far the pointer moved in the growing direction. */
  const grown = (e: PointerEvent<HTMLDivElement>, at: number) => (vertical ? (rtl() ? e.clientX - at : at - e.clientX) : at - e.clientY);

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (e.button !== 0) return;
    const m = sizeNow();
    if (!m) return;
    e.preventDefault();
    e.currentTarget.setPointerCapture(e.pointerId);
    drag.current = { at: vertical ? e.clientX : e.clientY, from: m };
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (d) resize(d.from, grown(e, d.at));
  };
  const onPointerUp = (e: PointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    drag.current = null;
    e.currentTarget.releasePointerCapture(e.pointerId);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const step = e.key === 'PageUp' || e.key === 'PageDown' ? KEY_STEP * 4 : KEY_STEP;
    const grow = vertical ? (rtl() ? 'ArrowRight' : 'ArrowLeft') : 'ArrowUp';
    const shrink = vertical ? (rtl() ? 'ArrowLeft' : 'ArrowRight') : 'ArrowDown';
    if (e.key === grow || e.key === 'PageUp') resizeBy(step);
    else if (e.key === shrink || e.key === 'PageDown') resizeBy(-step);
    else if (e.key === 'Home') resizeBy(-Infinity);
    else if (e.key === 'End') resizeBy(Infinity);
    else if (e.key === 'Enter') reset();
    else return;
    e.preventDefault();
  };

  return (
    <div
      ref={ref}
      className={className}
      style={style}
      role="separator"
      aria-orientation={orientation}
      aria-label={label}
      aria-valuemin={now?.min}
      aria-valuemax={now?.max}
      aria-valuenow={now?.size}
      tabIndex={0}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      onKeyDown={onKeyDown}
      onDoubleClick={reset}
    />
  );
}
