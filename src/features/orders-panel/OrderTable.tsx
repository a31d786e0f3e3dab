import { useTranslation } from 'react-i18next';
import { formatPrice, formatQuantity } from '../../core/format.ts';
import { orderTypeLabelKey } from '../../core/order-status.ts';
import type { Order } from '../../core/order-types.ts';
import { Button } from '../../ui/Button.tsx';
import type { Column } from '../../ui/Table.tsx';
import { VirtualTable } from '../../ui/VirtualTable.tsx';
import { StatusBadge } from './StatusBadge.tsx';

interface Props {
  orders: readonly Order[];
  /** Open orders get cancel and modify; history rows are read-only. */
  actions?: { onCancel: (o: Order) => void; onModify: (o: Order) => void };
  emptyText: string;
  label: string;
}

const time = (ms: number) => (ms ? new Date(ms).toLocaleString() : '--');
/** Prices come as decimal strings; shown as sent, or '--' (spec 5.12). */
const shown = (s: string) => (s === '' ? '--' : formatPrice(s, undefined).replace(/\.?0+$/, '') || '0');
const rowProps = (o: Order) => ({ 'data-order-id': o.orderId, 'data-client-order-id': o.clientOrderId });

/** Orders as a table (spec 2.12 rows): type label, status icon by group, cancel / modify; long histories are virtualized. */
export function OrderTable({ orders, actions, emptyText, label }: Props) {
  const { t } = useTranslation();
  if (orders.length === 0) return <p className="orders-empty">{emptyText}</p>;
  const columns: Column<Order>[] = [
    { key: 'time', header: t('orders.col.time'), cell: (o) => time(o.time) },
    { key: 'pair', header: t('orders.col.pair'), cell: (o) => o.symbolId },
    { key: 'type', header: t('orders.col.type'), cell: (o) => t(`orders.type.${orderTypeLabelKey(o)}`) },
    { key: 'side', header: t('orders.col.side'), cell: (o) => (o.side === 'Buy' ? t('orderForm.buy') : t('orderForm.sell')), className: (o) => (o.side === 'Buy' ? 'side--buy' : 'side--sell') },
    { key: 'price', header: t('orders.col.price'), cell: (o) => (o.type === 'MARKET' ? t('orders.marketPrice') : shown(o.price)) },
    { key: 'trigger', header: t('orders.col.trigger'), cell: (o) => (o.planType === 10 ? `${shown(o.takeProfit)} / ${shown(o.stopLoss)}` : shown(o.triggerPrice || o.activationPrice)) },
    { key: 'qty', header: t('orders.col.qty'), cell: (o) => shown(o.origQty) },
    { key: 'filled', header: t('orders.col.filled'), cell: (o) => formatQuantity(o.executedQty, 8).replace(/\.?0+$/, '') || '0' },
    { key: 'status', header: t('orders.col.status'), cell: (o) => <StatusBadge status={o.status} /> },
  ];
  if (actions) {
    columns.push({
      key: 'actions',
      header: t('orders.col.actions'),
      cell: (o) => (
        <span className="orders-table__actions">
          <Button variant="link" onClick={() => actions.onModify(o)} aria-label={t('orders.modifyOrder', { id: o.orderId })}>
            {t('orders.modify')}
          </Button>
          <Button variant="link" onClick={() => actions.onCancel(o)} aria-label={t('orders.cancelOrder', { id: o.orderId })}>
            {t('orders.cancel')}
          </Button>
        </span>
      ),
    });
  }
  return <VirtualTable className="orders-table" label={label} columns={columns} rows={orders} rowKey={(o) => o.orderId} rowProps={rowProps} />;
}
