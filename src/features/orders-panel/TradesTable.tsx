import { useTranslation } from 'react-i18next';
import type { Execution } from '../../core/order-types.ts';

interface Props {
  trades: readonly Execution[];
  emptyText: string;
}

const trim = (s: string) => (s.includes('.') ? s.replace(/\.?0+$/, '') : s) || '0';

/** The trade history (transaction record): one row per fill. */
export function TradesTable({ trades, emptyText }: Props) {
  const { t } = useTranslation();
  if (trades.length === 0) return <p className="orders-empty">{emptyText}</p>;
  return (
    <table className="orders-table" aria-label={t('orders.tabs.trades')}>
      <thead>
        <tr>
          <th scope="col">{t('orders.col.time')}</th>
          <th scope="col">{t('orders.col.pair')}</th>
          <th scope="col">{t('orders.col.side')}</th>
          <th scope="col">{t('orders.col.execPrice')}</th>
          <th scope="col">{t('orders.col.qty')}</th>
          <th scope="col">{t('orders.col.value')}</th>
          <th scope="col">{t('orders.col.fee')}</th>
          <th scope="col">{t('orders.col.role')}</th>
        </tr>
      </thead>
      <tbody>
        {trades.map((e) => (
          <tr key={e.tradeId} data-order-id={e.orderId}>
            <td>{new Date(e.tradeTime).toLocaleString()}</td>
            <td>{e.symbolId}</td>
            <td className={e.side === 'Buy' ? 'side--buy' : 'side--sell'}>{e.side === 'Buy' ? t('orderForm.buy') : t('orderForm.sell')}</td>
            <td>{trim(e.execPrice)}</td>
            <td>{trim(e.execQty)}</td>
            <td>{trim(e.execValue)}</td>
            <td>
              {trim(e.execFee)} {e.feeCurrency}
            </td>
            <td>{e.isMaker ? t('orders.maker') : t('orders.taker')}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
