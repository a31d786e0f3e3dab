import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { BOOK_MAX_WIDTH } from '../core/workspace.ts';
import { setBookWidth } from '../state/account/workspace.ts';

/** Pixels an arrow key moves the split (Page Up/Down: four times as far). */
const KEY_STEP = 20;
/** What the chart keeps beside the book. */
const CHART_MIN_WIDTH = 320;

interface Props {
  /** The grid place of the book's column (where the handle sits, at its inline-start edge). */
  place: string;
  /** The regions in the book's column and in the chart's (flexible) column. */
  bookRegion: string;
  chartRegion: string;
  /** The least width now (wider where the tape sits beside the book). */
  min: number;
}

/**
 * The handle between the chart and the order book's column (issue 36 item 3): drag it, or focus it
 * and use the arrow keys (Home and End: narrowest and widest), to give the book more or less width;
 * double-click or Enter returns to the page's default. Kept with the layout (state/account/workspace.ts).
 */
export function BookSplitter({ place, bookRegion, chartRegion, min }: Props) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const drag = useRef<{ x: number; width: number; max: number } | null>(null);
  const [now, setNow] = useState<{ value: number; max: number } | null>(null);

  const measure = (): { width: number; max: number } | null => {
    const grid = ref.current?.parentElement;
    const book = grid?.querySelector(`[data-region="${bookRegion}"]`);
    const chart = grid?.querySelector(`[data-region="${chartRegion}"]`);
    if (!book || !chart) return null;
    const width = book.getBoundingClientRect().width;
    const slack = Math.max(0, chart.getBoundingClientRect().width - CHART_MIN_WIDTH);
    return { width, max: Math.max(min, Math.min(BOOK_MAX_WIDTH, Math.round(width + slack))) };
  };

  useEffect(() => {
    const grid = ref.current?.parentElement;
    const update = () => {
      const m = measure();
      if (m) setNow({ value: Math.round(m.width), max: m.max });
    };
    update();
    const book = grid?.querySelector(`[data-region="${bookRegion}"]`);
    if (!book || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(update);
    observer.observe(book);
    return () => observer.disconnect();
    // measure reads the props it needs; they are the deps.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [bookRegion, chartRegion, min]);

  const rtl = () => ref.current !== null && getComputedStyle(ref.current).direction === 'rtl';
  const resizeTo = (w: number, max: number) => setBookWidth(Math.max(min, Math.min(max, w)));
  const resizeBy = (delta: number) => {
    const m = measure();
    if (m) resizeTo(m.width + delta, m.max);
  };

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (e.button !== 0) return;
    const m = measure();
    if (!m) return;
    e.preventDefault();
    e.currentTarget.setPointerCapture(e.pointerId);
    drag.current = { x: e.clientX, width: m.width, max: m.max };
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    // Towards the chart (left, or right on a right-to-left page) widens the book.
    if (d) resizeTo(d.width + (rtl() ? e.clientX - d.x : d.x - e.clientX), d.max);
  };
  const onPointerUp = (e: PointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    drag.current = null;
    e.currentTarget.releasePointerCapture(e.pointerId);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const step = e.key === 'PageUp' || e.key === 'PageDown' ? KEY_STEP * 4 : KEY_STEP;
    const wider = rtl() ? 'ArrowRight' : 'ArrowLeft';
    const narrower = rtl() ? 'ArrowLeft' : 'ArrowRight';
    if (e.key === wider || e.key === 'PageUp') resizeBy(step);
    else if (e.key === narrower || e.key === 'PageDown') resizeBy(-step);
    else if (e.key === 'Home') resizeBy(-Infinity);
    else if (e.key === 'End') resizeBy(Infinity);
    else if (e.key === 'Enter') setBookWidth(null);
    else return;
    e.preventDefault();
  };

  return (
    <div
      ref={ref}
      className="book-splitter"
      style={{ gridArea: place }}
      role="separator"
      aria-orientation="vertical"
      aria-label={t('layout.resizeBook')}
      aria-valuemin={min}
      aria-valuemax={now?.max}
      aria-valuenow={now?.value}
      tabIndex={0}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      onKeyDown={onKeyDown}
      onDoubleClick={() => setBookWidth(null)}
    />
  );
}
