import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { clampOrdersHeight, ORDERS_MIN_HEIGHT, setOrdersHeight } from '../state/layout.ts';

/** Pixels an arrow key moves the split (Page Up/Down: four times as far). */
const KEY_STEP = 20;

/** The chart's and the orders area's boxes in the page (both are regions of the trade grid). */
function boxes(grid: Element | null): { chart: DOMRect; orders: DOMRect } | null {
  const chart = grid?.querySelector('[data-region="chart"]');
  const orders = grid?.querySelector('[data-region="orders"]');
  return chart && orders ? { chart: chart.getBoundingClientRect(), orders: orders.getBoundingClientRect() } : null;
}

/**
 * The handle between the chart and the order lists (issue 33 item 1): drag it, or focus it and use
 * the arrow keys (Home and End: least and most orders), to give the orders area more or fewer rows;
 * double-click or Enter returns to the page's default. The height is kept (state/layout.ts).
 */
export function OrdersSplitter() {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const drag = useRef<{ y: number; height: number; total: number } | null>(null);
  const [now, setNow] = useState<{ value: number; max: number } | null>(null);

  // aria-valuenow and -max follow the orders area's height as the window and the split change it.
  useEffect(() => {
    const grid = ref.current?.parentElement ?? null;
    const measure = () => {
      const b = boxes(grid);
      if (b) setNow({ value: Math.round(b.orders.height), max: clampOrdersHeight(Infinity, b.chart.height + b.orders.height) });
    };
    measure();
    const orders = grid?.querySelector('[data-region="orders"]');
    if (!orders || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(orders);
    return () => observer.disconnect();
  }, []);

  const resizeBy = (delta: number, from?: { height: number; total: number }) => {
    const b = from ?? (() => {
      const m = boxes(ref.current?.parentElement ?? null);
      return m ? { height: m.orders.height, total: m.chart.height + m.orders.height } : null;
    })();
    if (b) setOrdersHeight(clampOrdersHeight(b.height + delta, b.total));
  };

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (e.button !== 0) return;
    const b = boxes(ref.current?.parentElement ?? null);
    if (!b) return;
    e.preventDefault();
    e.currentTarget.setPointerCapture(e.pointerId);
    drag.current = { y: e.clientY, height: b.orders.height, total: b.chart.height + b.orders.height };
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    // Dragging up (a smaller y) gives the orders more room.
    if (d) resizeBy(d.y - e.clientY, d);
  };
  const onPointerUp = (e: PointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    drag.current = null;
    e.currentTarget.releasePointerCapture(e.pointerId);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const step = e.key === 'PageUp' || e.key === 'PageDown' ? KEY_STEP * 4 : KEY_STEP;
    if (e.key === 'ArrowUp' || e.key === 'PageUp') resizeBy(step);
    else if (e.key === 'ArrowDown' || e.key === 'PageDown') resizeBy(-step);
    else if (e.key === 'Home') resizeBy(-Infinity);
    else if (e.key === 'End') resizeBy(Infinity);
    else if (e.key === 'Enter') setOrdersHeight(null);
    else return;
    e.preventDefault();
  };

  return (
    <div
      ref={ref}
      className="orders-splitter"
      role="separator"
      aria-orientation="horizontal"
      aria-label={t('layout.resizeOrders')}
      aria-valuemin={ORDERS_MIN_HEIGHT}
      aria-valuemax={now?.max}
      aria-valuenow={now?.value}
      tabIndex={0}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      onKeyDown={onKeyDown}
      onDoubleClick={() => setOrdersHeight(null)}
    />
  );
}
