import { useTranslation } from 'react-i18next';
import { formatPrice, formatQuantity } from '../../core/format.ts';
import { orderTypeLabelKey } from '../../core/order-status.ts';
import type { Order } from '../../core/order-types.ts';
import { Button } from '../../ui/Button.tsx';
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

/** Orders as a table (spec 2.12 rows): type label, status icon by group, cancel / modify. */
export function OrderTable({ orders, actions, emptyText, label }: Props) {
  const { t } = useTranslation();
  if (orders.length === 0) return <p className="orders-empty">{emptyText}</p>;
  return (
    <table className="orders-table" aria-label={label}>
      <thead>
        <tr>
          <th scope="col">{t('orders.col.time')}</th>
          <th scope="col">{t('orders.col.pair')}</th>
          <th scope="col">{t('orders.col.type')}</th>
          <th scope="col">{t('orders.col.side')}</th>
          <th scope="col">{t('orders.col.price')}</th>
          <th scope="col">{t('orders.col.trigger')}</th>
          <th scope="col">{t('orders.col.qty')}</th>
          <th scope="col">{t('orders.col.filled')}</th>
          <th scope="col">{t('orders.col.status')}</th>
          {actions ? <th scope="col">{t('orders.col.actions')}</th> : null}
        </tr>
      </thead>
      <tbody>
        {orders.map((o) => (
          <tr key={o.orderId} data-order-id={o.orderId} data-client-order-id={o.clientOrderId}>
            <td>{time(o.time)}</td>
            <td>{o.symbolId}</td>
            <td>{t(`orders.type.${orderTypeLabelKey(o)}`)}</td>
            <td className={o.side === 'Buy' ? 'side--buy' : 'side--sell'}>{o.side === 'Buy' ? t('orderForm.buy') : t('orderForm.sell')}</td>
            <td>{o.type === 'MARKET' ? t('orders.marketPrice') : shown(o.price)}</td>
            <td>{o.planType === 10 ? `${shown(o.takeProfit)} / ${shown(o.stopLoss)}` : shown(o.triggerPrice || o.activationPrice)}</td>
            <td>{shown(o.origQty)}</td>
            <td>{formatQuantity(o.executedQty, 8).replace(/\.?0+$/, '') || '0'}</td>
            <td>
              <StatusBadge status={o.status} />
            </td>
            {actions ? (
              <td className="orders-table__actions">
                <Button variant="link" onClick={() => actions.onModify(o)} aria-label={t('orders.modifyOrder', { id: o.orderId })}>
                  {t('orders.modify')}
                </Button>
                <Button variant="link" onClick={() => actions.onCancel(o)} aria-label={t('orders.cancelOrder', { id: o.orderId })}>
                  {t('orders.cancel')}
                </Button>
              </td>
            ) : null}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
