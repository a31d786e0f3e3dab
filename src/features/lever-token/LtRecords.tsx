import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadLtRecords, ltPushedOrders, type LtOrder } from '../../state/trading/lt-orders.ts';
import { useSignals } from '../../state/signals.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { TabPanel, Tabs } from '../../ui/Tabs.tsx';
import './lever-token.css';

type Sub = 'subscription' | 'redemption';
/** Spec 2.12's all-orders links of the leveraged-token tab. */
export const LT_ALL_ORDERS: Record<Sub, string> = {
  subscription: '/user/assets/order/fed/spot-lt-order/subscription',
  redemption: '/user/assets/order/fed/spot-lt-order/redemption',
};
const TYPE: Record<Sub, 1 | 2> = { subscription: 1, redemption: 2 };
const STATUS_KEY: Record<number, string> = { 1: 'lt.status.completed', 2: 'lt.status.inProgress', 3: 'lt.status.failed' };

const time = new Intl.DateTimeFormat(undefined, { dateStyle: 'short', timeStyle: 'medium' });

/**
 * The orders panel's leveraged-token subscription/redemption records (spec 2.12): two sub-tabs,
 * read once from order-record and kept live by the private stream's user.lt.order pushes.
 */
export function LtRecords() {
  useSignals();
  const { t } = useTranslation();
  const [sub, setSub] = useState<Sub>('subscription');
  const [loaded, setLoaded] = useState<LtOrder[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    setLoaded(null);
    setFailed(false);
    loadLtRecords(TYPE[sub]).then((l) => live && setLoaded(l), () => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [sub]);
  const pushed = ltPushedOrders.value;
  const rows = useMemo(() => {
    const byId = new Map<string, LtOrder>();
    for (const o of loaded ?? []) byId.set(o.orderId, o);
    // A push is newer than what was read, unless the read already saw a later state.
    for (const o of pushed) if (o.type === TYPE[sub] && (byId.get(o.orderId)?.updateTime ?? 0) <= o.updateTime) byId.set(o.orderId, o);
    return [...byId.values()].sort((a, b) => b.orderTime - a.orderTime || b.orderId.localeCompare(a.orderId));
  }, [loaded, pushed, sub]);
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
        {loaded === null && !failed ? <Spinner label={t('loading')} /> : null}
        {failed ? <p className="orders-empty">{t('failedToLoadData')}</p> : null}
        {loaded !== null && rows.length === 0 ? <p className="orders-empty">{t('orders.empty')}</p> : null}
        {rows.length > 0 ? (
          <table className="lt-records__table">
            <thead>
              <tr>
                <th scope="col">{t('lt.col.time')}</th>
                <th scope="col">{t('lt.col.token')}</th>
                <th scope="col">{sub === 'subscription' ? t('lt.col.paid') : t('lt.col.redeemed')}</th>
                <th scope="col">{sub === 'subscription' ? t('lt.col.received') : t('lt.col.receivedQuote')}</th>
                <th scope="col">{t('lt.col.fee')}</th>
                <th scope="col">{t('lt.col.status')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((o) => (
                <tr key={o.orderId} data-order-id={o.orderId}>
                  <td>{time.format(o.orderTime)}</td>
                  <td>{o.ltCoin}</td>
                  <td>
                    {o.amount} {o.type === 1 ? o.valueCoin : o.ltCoin}
                  </td>
                  <td>{o.status === 1 ? `${o.value} ${o.type === 1 ? o.ltCoin : o.valueCoin}` : '--'}</td>
                  <td>{o.status === 1 ? `${o.fee} ${o.valueCoin}` : '--'}</td>
                  <td data-testid="lt-record-status">{t(STATUS_KEY[o.status] ?? 'lt.status.inProgress')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
      </TabPanel>
    </div>
  );
}
