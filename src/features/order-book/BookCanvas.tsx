import { memo, useEffect, useRef, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { rowAt } from '../../render/order-book/layout.ts';
import { bookView } from '../../state/market/active-market.ts';
import { bookHighlight, bookMode, chooseBookPrice, clearBookHighlight, highlightBookPrice, hoverBookRow, selectPrice } from '../../state/market/book-view.ts';
import { visibleRowCount } from '../../core/order-book.ts';
import { useCanvasHost } from '../canvas/useCanvasHost.ts';
import { mountOrderBook } from './book-canvas-mount.ts';
import { useFittedRowPitch } from './useFittedRowPitch.ts';

interface Props {
  rtl: boolean;
}

interface Row {
  side: 0 | 1;
  row: number;
}

/** The price the page's copy of the book has at a row ('' or undefined: an empty row). */
function pagePriceAt(side: 0 | 1, row: number): string | undefined {
  const view = bookView.peek();
  return (side === 0 ? view?.bids : view?.asks)?.[row]?.price;
}

/** The row of the page's copy of the book that shows `price` on `side`, or -1. */
function pageRowOf(side: 0 | 1, price: string): number {
  const view = bookView.peek();
  return (side === 0 ? view?.bids : view?.asks)?.findIndex((r) => r.price === price) ?? -1;
}

/**
 * Hosts the order-book canvas. React renders this once per mount; the canvas redraws on its
 * own schedule. Pointer and keyboard turn into rows here and into state actions for the rest.
 * The highlight is a price, not a row: the canvas outlines the row showing it wherever it moves.
 */
export const BookCanvas = memo(function BookCanvas({ rtl }: Props) {
  const { t } = useTranslation();
  const hostRef = useRef<HTMLDivElement>(null);
  /** Where the keyboard focus last stood, to go on from when its price has left the book. */
  const keyRow = useRef<Row | null>(null);
  const widgetRef = useCanvasHost(hostRef, { className: 'book-canvas__canvas', mount: ([canvas], width) => mountOrderBook(canvas!, width, rtl) }, [rtl]);
  useFittedRowPitch(hostRef);
  // The hover tooltip belongs to this canvas: it goes with it.
  useEffect(() => () => hoverBookRow(null), [rtl]);

  const hit = (e: PointerEvent<HTMLDivElement>) => {
    const layout = widgetRef.current?.currentLayout();
    if (!layout) return null;
    const rect = e.currentTarget.getBoundingClientRect();
    return rowAt(layout, e.clientX - rect.left, e.clientY - rect.top, rtl);
  };

  const onMove = (e: PointerEvent<HTMLDivElement>) => {
    const r = hit(e);
    const rect = e.currentTarget.getBoundingClientRect();
    hoverBookRow(r && pagePriceAt(r.side, r.row) ? { ...r, x: e.clientX - rect.left, y: e.clientY - rect.top } : null);
  };

  // The price is the one the canvas showed at that row when the click was made (it may be drawn in
  // a worker, ahead of the page's copy of the book, and may have drawn a book update since): a
  // click never picks a neighbouring level, and the form gets the row the person saw.
  const onClick = (e: PointerEvent<HTMLDivElement>) => {
    const r = hit(e);
    if (!r) return;
    void widgetRef.current?.priceAt(r.side, r.row, performance.timeOrigin + e.timeStamp).then((price) => {
      if (!price) return;
      keyRow.current = r;
      chooseBookPrice(r.side, price);
    });
  };

  const onKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const mode = bookMode.peek();
    const sides: Array<0 | 1> = mode === 2 ? [0] : mode === 3 ? [1] : [1, 0];
    // Visual order top to bottom: asks (best at the bottom) then bids (best at the top).
    const order: Row[] = [];
    for (const side of sides) {
      const n = visibleRowCount(mode, side);
      for (let i = 0; i < n; i++) order.push({ side, row: side === 1 && mode !== 4 ? n - 1 - i : i });
    }
    // The focus is where its price is now; else where it last stood.
    const hl = bookHighlight.peek();
    const shownAt = hl ? pageRowOf(hl.side, hl.price) : -1;
    const cur: Row | null = hl && shownAt >= 0 ? { side: hl.side, row: shownAt } : keyRow.current;
    let at = cur ? order.findIndex((o) => o.side === cur.side && o.row === cur.row) : -1;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      at = at < 0 ? 0 : Math.max(0, Math.min(order.length - 1, at + (e.key === 'ArrowDown' ? 1 : -1)));
      const next = order[at]!;
      const price = pagePriceAt(next.side, next.row);
      if (!price) return;
      keyRow.current = next;
      highlightBookPrice(next.side, price);
    } else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      if (hl && shownAt >= 0) selectPrice(hl.price);
    } else if (e.key === 'Escape') {
      keyRow.current = null;
      clearBookHighlight();
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
      onPointerLeave={() => hoverBookRow(null)}
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
