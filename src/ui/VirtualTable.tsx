import { useEffect, useRef, type ReactNode } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { Table, type TableProps } from './Table.tsx';
import { useSideFade } from './useSideFade.ts';
import './table.css';

/** Lists up to this long are drawn whole; longer ones only around what shows. */
export const VIRTUAL_FROM = 60;
/** A row's height: one nowrap line of 12 px text with 5 px padding and a 1 px rule (orders-panel.css). */
const ROW_ESTIMATE_PX = 27;
/** Rows drawn beyond each edge of the view, so a fast scroll does not show blanks. */
const OVERSCAN = 12;
/** onNearEnd is called once the drawn window's last row is within this many rows of the list's end. */
const NEAR_END_ROWS = 40;

type Props<T> = Omit<TableProps<T>, 'totalRows' | 'firstIndex' | 'padding' | 'tableRef'> & {
  /** The end of the list came near (or shows): a list read in pages reads its next one. */
  onNearEnd?: (() => void) | undefined;
  /** Shown below the table, inside the scroll box (a "loading more" status). */
  footer?: ReactNode;
  /** 'stacked': one of several tables in a column (Borrowings, P&L): its box keeps its rows' height rather than sharing the column's. */
  box?: 'stacked';
};

/**
 * Table in its own scroll box; a list longer than VIRTUAL_FROM rows puts only the rows in view
 * (and OVERSCAN more) in the DOM, with blank rows standing for the rest (@tanstack/react-virtual),
 * and tells assistive technology the full count (aria-rowcount, aria-rowindex).
 */
export function VirtualTable<T>({ onNearEnd, footer, box, ...props }: Props<T>) {
  const scrollRef = useRef<HTMLDivElement>(null);
  useSideFade(scrollRef);
  const long = props.rows.length > VIRTUAL_FROM;
  const virtualizer = useVirtualizer({
    count: props.rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_ESTIMATE_PX,
    overscan: OVERSCAN,
    enabled: long,
  });
  const items = virtualizer.getVirtualItems();
  const first = items[0]?.index ?? 0;
  const last = items.length ? items[items.length - 1]!.index : -1;
  // Near the end: the window's last row is within NEAR_END_ROWS of it (read from the virtualizer's
  // range, which a scroll already updates: no layout is read here). A short list shows whole.
  const nearEnd = !long || last >= props.rows.length - 1 - NEAR_END_ROWS;
  useEffect(() => {
    if (nearEnd) onNearEnd?.();
  }, [nearEnd, props.rows.length, onNearEnd]);
  if (!long) {
    return (
      <div className={box === 'stacked' ? 'table-scroll table-scroll--stacked' : 'table-scroll'} ref={scrollRef}>
        <Table {...props} />
        {footer}
      </div>
    );
  }
  const before = items[0]?.start ?? 0;
  const after = Math.max(0, virtualizer.getTotalSize() - (items.length ? items[items.length - 1]!.end : 0));
  return (
    <div className={box === 'stacked' ? 'table-scroll table-scroll--virtual table-scroll--stacked' : 'table-scroll table-scroll--virtual'} ref={scrollRef}>
      <Table {...props} rows={props.rows.slice(first, last + 1)} totalRows={props.rows.length} firstIndex={first} padding={{ before, after }} />
      {footer}
    </div>
  );
}
