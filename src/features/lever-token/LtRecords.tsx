import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTimeIn } from '../../core/datetime.ts';
import { formatAmountIn } from '../../core/format.ts';
import { assetDecimals } from '../../core/symbols.ts';
import { symbolList } from '../../state/market/markets.ts';
import { timeHeader } from '../hooks/time-header.ts';
import { ltRecords, ltRecordsFailed, ltRecordsLoaded, watchLtRecords, type LtOrder, type LtRecordType } from '../../state/trading/lt-orders.ts';
import { useSignals } from '../../state/signals.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { type Column } from '../../ui/Table.tsx';
import { VirtualTable } from '../../ui/VirtualTable.tsx';
import { TabPanel, Tabs } from '../../ui/Tabs.tsx';
import './lever-token.css';

type Sub = 'subscription' | 'redemption';
/** Spec 2.12's all-orders links of the leveraged-token tab. */
export const LT_ALL_ORDERS: Record<Sub, string> = {
  subscription: '/user/assets/order/fed/spot-lt-order/subscription',
  redemption: '/user/assets/order/fed/spot-lt-order/redemption',
};
const TYPE: Record<Sub, LtRecordType> = { subscription: 1, redemption: 2 };
const STATUS_KEY: Record<number, string> = { 1: 'lt.status.completed', 2: 'lt.status.inProgress', 3: 'lt.status.failed' };

/**
 * The orders panel's leveraged-token subscription/redemption records (spec 2.12): two sub-tabs,
 * read once from order-record and kept live by the private stream's user.lt.order pushes.
 */
export function LtRecords() {
  useSignals();
  const { t, i18n } = useTranslation();
  const [sub, setSub] = useState<Sub>('subscription');
  // Read once per sub-tab while shown, with the pushes laid over it (state/trading/lt-orders.ts).
  useEffect(() => watchLtRecords(TYPE[sub]), [sub]);
  const rows = ltRecords(TYPE[sub]);
  const loaded = ltRecordsLoaded(TYPE[sub]);
  const failed = ltRecordsFailed(TYPE[sub]);
  const amountIn = (v: string, coin: string) => `${formatAmountIn(v, i18n.language, assetDecimals(symbolList.value, coin))} ${coin}`;
  const columns: Column<LtOrder>[] = [
    { key: 'time', header: timeHeader(t, t('lt.col.time')), cell: (o) => formatDateTimeIn(o.orderTime, i18n.language) },
    { key: 'token', header: t('lt.col.token'), cell: (o) => o.ltCoin },
    // Amounts at their coin's display precision (spec 5.12; the walkthrough saw "99.93056325 USDT").
    { key: 'given', header: sub === 'subscription' ? t('lt.col.paid') : t('lt.col.redeemed'), cell: (o) => amountIn(o.amount, o.type === 1 ? o.valueCoin : o.ltCoin) },
    { key: 'received', header: sub === 'subscription' ? t('lt.col.received') : t('lt.col.receivedQuote'), cell: (o) => (o.status === 1 ? amountIn(o.value, o.type === 1 ? o.ltCoin : o.valueCoin) : '--') },
    { key: 'fee', header: t('lt.col.fee'), cell: (o) => (o.status === 1 ? amountIn(o.fee, o.valueCoin) : '--') },
    { key: 'status', header: t('lt.col.status'), cell: (o) => <span data-testid="lt-record-status">{t(STATUS_KEY[o.status] ?? 'lt.status.inProgress')}</span> },
  ];
  return (
    <div className="lt-records" data-testid="lt-records">
      <div className="orders-panel__head">
        <Tabs
          idPrefix="lt-records"
          label={t('lt.records')}
          className="orders-panel__sub"
          active={sub}
          onChange={setSub}
          items={[
            { key: 'subscription', label: t('lt.subscription') },
            { key: 'redemption', label: t('lt.redemption') },
          ]}
        />
        <a href={LT_ALL_ORDERS[sub]}>{t('orders.allOrders')}</a>
      </div>
      <TabPanel idPrefix="lt-records" tabKey={sub}>
        {!loaded && !failed ? <Spinner label={t('loading')} /> : null}
        {failed ? <p className="orders-empty">{t('failedToLoadData')}</p> : null}
        {loaded && rows.length === 0 ? <p className="orders-empty">{t('orders.empty')}</p> : null}
        {rows.length > 0 ? (
          <VirtualTable className="lt-records__table" columns={columns} rows={rows} rowKey={(o) => o.orderId} rowProps={(o) => ({ 'data-order-id': o.orderId })} />
        ) : null}
      </TabPanel>
    </div>
  );
}
