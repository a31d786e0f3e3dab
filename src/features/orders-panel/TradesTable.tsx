import { useTranslation } from 'react-i18next';
import type { Execution } from '../../core/order-types.ts';
import type { Column } from '../../ui/Table.tsx';
import { VirtualTable } from '../../ui/VirtualTable.tsx';

interface Props {
  trades: readonly Execution[];
  emptyText: string;
}

const trim = (s: string) => (s.includes('.') ? s.replace(/\.?0+$/, '') : s) || '0';

/** The trade history (transaction record): one row per fill; a long history is virtualized. */
export function TradesTable({ trades, emptyText }: Props) {
  const { t } = useTranslation();
  if (trades.length === 0) return <p className="orders-empty">{emptyText}</p>;
  const columns: Column<Execution>[] = [
    { key: 'time', header: t('orders.col.time'), cell: (e) => new Date(e.tradeTime).toLocaleString() },
    { key: 'pair', header: t('orders.col.pair'), cell: (e) => e.symbolId },
    { key: 'side', header: t('orders.col.side'), cell: (e) => (e.side === 'Buy' ? t('orderForm.buy') : t('orderForm.sell')), className: (e) => (e.side === 'Buy' ? 'side--buy' : 'side--sell') },
    { key: 'price', header: t('orders.col.execPrice'), cell: (e) => trim(e.execPrice) },
    { key: 'qty', header: t('orders.col.qty'), cell: (e) => trim(e.execQty) },
    { key: 'value', header: t('orders.col.value'), cell: (e) => trim(e.execValue) },
    { key: 'fee', header: t('orders.col.fee'), cell: (e) => `${trim(e.execFee)} ${e.feeCurrency}` },
    { key: 'role', header: t('orders.col.role'), cell: (e) => (e.isMaker ? t('orders.maker') : t('orders.taker')) },
  ];
  return <VirtualTable className="orders-table" label={t('orders.tabs.trades')} columns={columns} rows={trades} rowKey={(e) => e.tradeId} rowProps={(e) => ({ 'data-order-id': e.orderId })} />;
}
