import { useTranslation } from 'react-i18next';
import { bookView, type BookRowText } from '../../state/market/active-market.ts';
import { Table, type Column } from '../../ui/Table.tsx';
import { useThrottledSignal } from '../hooks/useThrottledSignal.ts';

/** Mirror refresh: at most twice a second (screen readers and tests read this table). */
const MIRROR_MS = 500;

interface MirrorRow {
  key: string;
  side: 'sell' | 'buy';
  row: BookRowText;
}

/** A visually hidden table with what the canvas shows, best prices first on each side. */
export function BookMirror() {
  const { t } = useTranslation();
  const view = useThrottledSignal(bookView, MIRROR_MS);
  const labels = { buy: t('book.buy'), sell: t('book.sell') };
  const rows: MirrorRow[] = view
    ? [...view.asks.map((row, i) => ({ key: `sell-${i}`, side: 'sell' as const, row })), ...view.bids.map((row, i) => ({ key: `buy-${i}`, side: 'buy' as const, row }))]
    : [];
  const columns: Column<MirrorRow>[] = [
    { key: 'side', header: t('book.side'), cell: (r) => labels[r.side] },
    { key: 'price', header: t('book.price'), cell: (r) => r.row.price },
    { key: 'size', header: t('book.quantity'), cell: (r) => r.row.size },
    { key: 'total', header: t('book.total'), cell: (r) => r.row.total },
  ];
  return (
    <div className="canvas-mirror">
      <Table
        label={t('region.orderBook')}
        tableProps={{ 'data-testid': 'book-mirror', 'data-update-id': view?.updateId ?? '' }}
        columns={columns}
        rows={rows}
        rowKey={(r) => r.key}
        rowProps={(r) => ({ 'data-side': r.side })}
      />
    </div>
  );
}
