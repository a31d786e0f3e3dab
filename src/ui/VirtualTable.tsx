import { useRef } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { Table, type TableProps } from './Table.tsx';
import './table.css';

/** Lists up to this long are drawn whole; longer ones only around what shows. */
export const VIRTUAL_FROM = 60;
/** A row's height: one nowrap line of 12 px text with 5 px padding and a 1 px rule (orders-panel.css). */
const ROW_ESTIMATE_PX = 27;
/** Rows drawn beyond each edge of the view, so a fast scroll does not show blanks. */
const OVERSCAN = 12;

type Props<T> = Omit<TableProps<T>, 'totalRows' | 'firstIndex' | 'padding' | 'tableRef'>;

/**
 * Table in its own scroll box; a list longer than VIRTUAL_FROM rows puts only the rows in view
 * (and OVERSCAN more) in the DOM, with blank rows standing for the rest (@tanstack/react-virtual),
 * and tells assistive technology the full count (aria-rowcount, aria-rowindex).
 */
export function VirtualTable<T>(props: Props<T>) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const long = props.rows.length > VIRTUAL_FROM;
  const virtualizer = useVirtualizer({
    count: props.rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_ESTIMATE_PX,
    overscan: OVERSCAN,
    enabled: long,
  });
  if (!long) {
    return (
      <div className="table-scroll" ref={scrollRef}>
        <Table {...props} />
      </div>
    );
  }
  const items = virtualizer.getVirtualItems();
  const first = items[0]?.index ?? 0;
  const last = items.length ? items[items.length - 1]!.index : -1;
  const before = items[0]?.start ?? 0;
  const after = Math.max(0, virtualizer.getTotalSize() - (items.length ? items[items.length - 1]!.end : 0));
  return (
    <div className="table-scroll" ref={scrollRef}>
      <Table {...props} rows={props.rows.slice(first, last + 1)} totalRows={props.rows.length} firstIndex={first} padding={{ before, after }} />
    </div>
  );
}
