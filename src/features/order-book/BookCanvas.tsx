import { memo, useEffect, useRef, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { rowAt } from '../../render/order-book/layout.ts';
import { bookView } from '../../state/active-market.ts';
import { bookMode, highlightedRow, hoveredRow, selectPrice } from '../../state/book-view.ts';
import { visibleRowCount } from '../../core/order-book.ts';
import { useCanvasHost } from '../hooks/useCanvasHost.ts';
import { mountOrderBook } from './book-canvas-mount.ts';

interface Props {
  rtl: boolean;
}

/** Whether the page's copy of the book has a level at a row (for the hover tooltip). */
function rowHasLevel(side: 0 | 1, row: number): boolean {
  const view = bookView.peek();
  return !!(side === 0 ? view?.bids : view?.asks)?.[row]?.price;
}

/**
 * Hosts the order-book canvas. React renders this once per mount; the canvas redraws on its
 * own schedule. Pointer and keyboard turn into rows here and into signals for the rest.
 */
export const BookCanvas = memo(function BookCanvas({ rtl }: Props) {
  const { t } = useTranslation();
  const hostRef = useRef<HTMLDivElement>(null);
  const widgetRef = useCanvasHost(hostRef, { className: 'book-canvas__canvas', mount: ([canvas], width) => mountOrderBook(canvas!, width, rtl) }, [rtl]);
  // The hover tooltip belongs to this canvas: it goes with it.
  useEffect(() => () => void (hoveredRow.value = null), [rtl]);

  const hit = (e: PointerEvent<HTMLDivElement>) => {
    const layout = widgetRef.current?.currentLayout();
    if (!layout) return null;
    const rect = e.currentTarget.getBoundingClientRect();
    return rowAt(layout, e.clientX - rect.left, e.clientY - rect.top, rtl);
  };

  const onMove = (e: PointerEvent<HTMLDivElement>) => {
    const r = hit(e);
    const rect = e.currentTarget.getBoundingClientRect();
    hoveredRow.value = r && rowHasLevel(r.side, r.row) ? { ...r, x: e.clientX - rect.left, y: e.clientY - rect.top } : null;
  };

  // The price is the one the canvas shows at that row now (it may be drawn in a worker, ahead of
  // the page's copy of the book), so a click never picks a neighbouring level.
  const choose = (r: { side: 0 | 1; row: number }, highlight: boolean) => {
    void widgetRef.current?.priceAt(r.side, r.row).then((price) => {
      if (!price) return;
      selectPrice(price);
      if (highlight) highlightedRow.value = r;
    });
  };

  const onClick = (e: PointerEvent<HTMLDivElement>) => {
    const r = hit(e);
    if (r) choose(r, true);
  };

  const onKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const mode = bookMode.peek();
    const sides: Array<0 | 1> = mode === 2 ? [0] : mode === 3 ? [1] : [1, 0];
    const cur = highlightedRow.peek() ?? { side: sides[0]!, row: 0 };
    // Visual order top to bottom: asks (best at the bottom) then bids (best at the top).
    const order: Array<{ side: 0 | 1; row: number }> = [];
    for (const side of sides) {
      const n = visibleRowCount(mode, side);
      for (let i = 0; i < n; i++) order.push({ side, row: side === 1 && mode !== 4 ? n - 1 - i : i });
    }
    let at = order.findIndex((o) => o.side === cur.side && o.row === cur.row);
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      at = at < 0 ? 0 : Math.max(0, Math.min(order.length - 1, at + (e.key === 'ArrowDown' ? 1 : -1)));
      highlightedRow.value = order[at]!;
    } else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      choose(cur, false);
    } else if (e.key === 'Escape') {
      highlightedRow.value = null;
    }
  };

  return (
    <div
      ref={hostRef}
      className="book-canvas"
      role="grid"
      aria-label={t('book.canvasLabel')}
      aria-describedby="book-keyboard-help"
      tabIndex={0}
      onPointerMove={onMove}
      onPointerLeave={() => (hoveredRow.value = null)}
      onPointerUp={onClick}
      onKeyDown={onKey}
      data-testid="order-book-canvas"
    >
      <span id="book-keyboard-help" className="visually-hidden">
        {t('book.keyboardHelp')}
      </span>
    </div>
  );
});
