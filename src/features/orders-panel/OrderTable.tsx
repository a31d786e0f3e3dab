import { useMemo } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatDateTimeIn } from '../../core/datetime.ts';
import { timeHeader } from '../hooks/time-header.ts';
import { cachedT } from '../hooks/cached-t.ts';
import { EMPTY_VALUE } from '../../core/constants.ts';
import { formatGrouped, signOf } from '../../core/format.ts';
import { orderTypeLabelKey } from '../../core/order-kinds/index.ts';
import { isUserOrder, PLAN_TYPE, type Order } from '../../core/order-types.ts';
import { symbolLookups, type SpotSymbol } from '../../core/symbols.ts';
import { symbolList } from '../../state/market/markets.ts';
import { useSignals } from '../../state/signals.ts';
import { Button } from '../../ui/Button.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import type { Column } from '../../ui/Table.tsx';
import { VirtualTable } from '../../ui/VirtualTable.tsx';
import { StatusBadge } from './StatusBadge.tsx';

interface Props {
  orders: readonly Order[];
  /** Open orders get cancel and modify; history rows are read-only. */
  actions?: { onCancel: (o: Order) => void; onModify: (o: Order) => void };
  emptyText: string;
  label: string;
  /** A list read in pages: the end came near (VirtualTable), and whether its next page is loading. */
  onNearEnd?: (() => void) | undefined;
  loadingMore?: boolean;
}

/** Prices at the symbol's precision (half-up), sizes at its quantity precision (truncated), grouped; '--' when empty (spec 5.12). */
const price = (s: string, sym: SpotSymbol | undefined) => formatGrouped(s, sym?.pricePrecision, 'half-up');
const size = (s: string, sym: SpotSymbol | undefined) => formatGrouped(s, sym?.quantityPrecision);
const rowProps = (o: Order) => ({ 'data-order-id': o.orderId, 'data-client-order-id': o.clientOrderId });

/** Orders as a table (spec 2.12 rows): type label, status icon by group, cancel / modify; long histories are virtualized. */
export function OrderTable({ orders, actions, emptyText, label, onNearEnd, loadingMore = false }: Props) {
  useSignals();
  const { t, i18n } = useTranslation();
  const list = symbolList.value;
  const lng = i18n.language;
  // The same columns while nothing they show changed: a push or a scroll then draws only new rows (Table).
  const columns = useMemo(() => orderColumns(t, lng, list, actions), [t, lng, list, actions]);
  if (orders.length === 0) return <p className="orders-empty">{emptyText}</p>;
  return (
    <VirtualTable
      className="orders-table" label={label} columns={columns} rows={orders} rowKey={(o) => o.orderId} rowProps={rowProps}
      onNearEnd={onNearEnd} footer={loadingMore ? <Spinner label={t('loading')} /> : null}
    />
  );
}

function orderColumns(t: TFunction, lng: string, list: readonly SpotSymbol[], actions: Props['actions']): Column<Order>[] {
  const bySymbol = new Map(list.map((x) => [x.symbolId, x]));
  // Rows a scroll brings in look their words up here, not in i18next (issue 37).
  const w = cachedT(t);
  const lookups = symbolLookups(list);
  const columns: Column<Order>[] = [
    { key: 'time', header: timeHeader(t, t('orders.col.time')), cell: (o) => formatDateTimeIn(o.time, lng) },
    { key: 'pair', header: t('orders.col.pair'), cell: (o) => lookups.pair(o.symbolId) },
    { key: 'type', header: t('orders.col.type'), cell: (o) => w(`orders.type.${orderTypeLabelKey(o)}`) },
    { key: 'side', header: t('orders.col.side'), cell: (o) => (o.side === 'Buy' ? w('orderForm.buy') : w('orderForm.sell')), className: (o) => (o.side === 'Buy' ? 'side--buy' : 'side--sell') },
    { key: 'price', header: t('orders.col.price'), cell: (o) => (o.type === 'MARKET' ? w('orders.marketPrice') : price(o.price, bySymbol.get(o.symbolId))) },
    {
      key: 'trigger',
      header: t('orders.col.trigger'),
      cell: (o) => {
        const sym = bySymbol.get(o.symbolId);
        if (o.planType !== PLAN_TYPE.oco) return price(o.triggerPrice || o.activationPrice, sym);
        // Spec 3 "OCO trigger states": untriggered, triggered by take-profit or by stop-loss.
        return (
          <>
            {`${price(o.takeProfit, sym)} / ${price(o.stopLoss, sym)}`}
            {o.ocoTrigger ? (
              <span className="orders-table__oco-state" data-oco-state={o.ocoTrigger}>
                {w(`orders.ocoTrigger.${o.ocoTrigger}`)}
              </span>
            ) : null}
          </>
        );
      },
    },
    { key: 'qty', header: t('orders.col.qty'), cell: (o) => size(o.origQty, bySymbol.get(o.symbolId)) },
    { key: 'filled', header: t('orders.col.filled'), cell: (o) => size(o.executedQty || '0', bySymbol.get(o.symbolId)) },
    // What the filled part cost on average: a market order's, a strategy slice's, the filled part of a cancelled one ("--" before any fill).
    { key: 'avgPrice', header: t('orders.col.avgPrice'), cell: (o) => (signOf(o.executedQty) > 0 && signOf(o.avgPrice) > 0 ? price(o.avgPrice, bySymbol.get(o.symbolId)) : EMPTY_VALUE) },
    { key: 'status', header: t('orders.col.status'), cell: (o) => <StatusBadge status={o.status} label={w(`orders.status.${o.status}`)} /> },
  ];
  if (actions) {
    const modifyLabel = w.template('orders.modifyOrder', 'id');
    const cancelLabel = w.template('orders.cancelOrder', 'id');
    columns.push({
      key: 'actions',
      header: t('orders.col.actions'),
      // Kept in view at the table's end while it scrolls sideways (issue 33: Cancel was off-screen).
      className: 'sticky-end-col',
      cell: (o) =>
        // A bot's, a strategy's or a liquidation's order is changed by its maker, not here (issue 32).
        !isUserOrder(o) ? (
          <span className="orders-table__owner" data-owner={o.createType}>
            {w(`orders.madeBy.${o.createType}`)}
          </span>
        ) : (
        <span className="orders-table__actions">
          <Button variant="link" onClick={() => actions.onModify(o)} aria-label={modifyLabel(o.orderId)}>
            {w('orders.modify')}
          </Button>
          <Button variant="link" onClick={() => actions.onCancel(o)} aria-label={cancelLabel(o.orderId)}>
            {w('orders.cancel')}
          </Button>
        </span>
        ),
    });
  }
  return columns;
}

/** What the open-orders list shows before it is known: loading, or that it could not be read. */
export function OpenOrdersPending({ failed }: { failed: boolean }) {
  const { t } = useTranslation();
  return failed ? (
    <p className="orders-empty" role="alert">
      {t('failedToLoadData')}
    </p>
  ) : (
    <Spinner label={t('loading')} />
  );
}
