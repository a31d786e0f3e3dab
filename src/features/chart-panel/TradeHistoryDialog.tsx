import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../core/chart/time-zone.ts';
import { chartFills, MARKER_DAYS, tradeHistoryOpen } from '../../state/chart-overlays.ts';
import { chartPrefs } from '../../state/chart-settings.ts';
import { useSignals } from '../../state/signals.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';

interface Props {
  onClose: () => void;
}

/** Trade-history modal (spec 2.7): order type, deal price, quantity, filled value, trading fee, transaction time. */
export function TradeHistoryDialog({ onClose }: Props) {
  useSignals();
  const { t } = useTranslation();
  useEffect(() => {
    tradeHistoryOpen.value = true;
    return () => void (tradeHistoryOpen.value = false);
  }, []);
  const since = Date.now() - MARKER_DAYS * 86_400_000;
  const fills = chartFills.value.filter((e) => e.tradeTime >= since);
  const zone = chartPrefs.value.timeZone;
  return (
    <Dialog title={t('chart.tradeHistory')} onClose={onClose} actions={<Button onClick={onClose}>{t('chart.close')}</Button>}>
      {fills.length === 0 ? (
        <p>{t('chart.noTrades')}</p>
      ) : (
        <table className="chart-trades">
          <thead>
            <tr>
              <th scope="col">{t('chart.colOrderType')}</th>
              <th scope="col">{t('chart.colDealPrice')}</th>
              <th scope="col">{t('chart.colQty')}</th>
              <th scope="col">{t('chart.colValue')}</th>
              <th scope="col">{t('chart.colFee')}</th>
              <th scope="col">{t('chart.colTime')}</th>
            </tr>
          </thead>
          <tbody>
            {fills.map((e) => (
              <tr key={e.tradeId}>
                <td>
                  {t(e.side === 'Buy' ? 'chart.lineBuy' : 'chart.lineSell')} {e.orderType}
                </td>
                <td>{e.execPrice}</td>
                <td>{e.execQty}</td>
                <td>{e.execValue}</td>
                <td>
                  {e.execFee} {e.feeCurrency}
                </td>
                <td>{formatDateTime(e.tradeTime, zone, true)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Dialog>
  );
}
