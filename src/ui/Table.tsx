import './table.css';
import { memo, type AriaAttributes, type ReactElement, type ReactNode, type Ref } from 'react';

export interface Column<T> {
  key: string;
  header: ReactNode;
  cell: (row: T) => ReactNode;
  /** Class of the column's cells (and header), or per row. */
  className?: string | ((row: T) => string | undefined);
  /** The column's header cell: aria-sort for a sortable column. */
  sort?: AriaAttributes['aria-sort'];
  /** Its cells are the rows' headers (th scope=row). */
  rowHeader?: boolean;
}

export interface TableProps<T> {
  columns: readonly Column<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  /** Attributes of a row: data-* hooks, a class. */
  rowProps?: (row: T) => Record<string, string | undefined>;
  /** The accessible name; omit when the table is labelled otherwise. */
  label?: string;
  className?: string;
  /** Extra attributes of the <table> (data-testid, data-*). */
  tableProps?: Record<string, string | number | undefined>;
  tableRef?: Ref<HTMLTableElement>;
  /** Rows the list has in all, when `rows` is a window of it (VirtualTable): aria-rowcount. */
  totalRows?: number;
  /** Index in the whole list of rows[0] (VirtualTable): aria-rowindex. */
  firstIndex?: number;
  /** Blank space, in px, standing for the rows above and below the window (VirtualTable). */
  padding?: { before: number; after: number };
}

const colClass = <T,>(c: Column<T>, row: T) => (typeof c.className === 'function' ? c.className(row) : c.className);

/** A row's cells: drawn again only for a new row object or new columns (not when only its index moved). */
const Cells = memo(function Cells<T>({ row, columns }: { row: T; columns: readonly Column<T>[] }) {
  return (
    <>
      {columns.map((c) =>
        c.rowHeader ? (
          <th key={c.key} scope="row" className={colClass(c, row)}>
            {c.cell(row)}
          </th>
        ) : (
          <td key={c.key} className={colClass(c, row)}>
            {c.cell(row)}
          </td>
        ),
      )}
    </>
  );
}) as <T>(p: { row: T; columns: readonly Column<T>[] }) => ReactElement;

interface RowProps<T> {
  row: T;
  columns: readonly Column<T>[];
  rowIndex: number | undefined;
  rowProps: ((row: T) => Record<string, string | undefined>) | undefined;
}

/**
 * One row, memoized: a scroll that moves the window, or a push that adds one row, draws only the
 * rows that came in (callers keep `columns` and `rowProps` the same between renders to get this).
 */
const Row = memo(function Row<T>({ row, columns, rowIndex, rowProps }: RowProps<T>) {
  return (
    <tr aria-rowindex={rowIndex} {...rowProps?.(row)}>
      <Cells row={row} columns={columns} />
    </tr>
  );
}) as <T>(p: RowProps<T> & { key: string }) => ReactElement;

/**
 * The page's one data table: a semantic <table> (column headers, optional row headers and
 * aria-sort), rows from `columns`. VirtualTable puts only the visible window of a long list in it.
 */
export function Table<T>({ columns, rows, rowKey, rowProps, label, className, tableProps, tableRef, totalRows, firstIndex = 0, padding }: TableProps<T>) {
  const colSpan = columns.length;
  return (
    <table ref={tableRef} className={className} aria-label={label} aria-rowcount={totalRows === undefined ? undefined : totalRows + 1} {...tableProps}>
      <thead>
        <tr aria-rowindex={totalRows === undefined ? undefined : 1}>
          {columns.map((c) => (
            <th key={c.key} scope="col" aria-sort={c.sort} className={typeof c.className === 'string' ? c.className : undefined}>
              {c.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {padding && padding.before > 0 ? <tr className="table__pad" aria-hidden="true" style={{ height: padding.before }}><td colSpan={colSpan} /></tr> : null}
        {rows.map((row, i) => (
          <Row key={rowKey(row)} row={row} columns={columns} rowIndex={totalRows === undefined ? undefined : firstIndex + i + 2} rowProps={rowProps} />
        ))}
        {padding && padding.after > 0 ? <tr className="table__pad" aria-hidden="true" style={{ height: padding.after }}><td colSpan={colSpan} /></tr> : null}
      </tbody>
    </table>
  );
}
