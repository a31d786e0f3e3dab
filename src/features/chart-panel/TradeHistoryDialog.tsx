import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../core/chart/time-zone.ts';
import type { Execution } from '../../core/order-types.ts';
import { chartFills, MARKER_DAYS } from '../../state/chart-overlays.ts';
import { chartPrefs } from '../../state/chart-settings.ts';
import { useSignals } from '../../state/signals.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import type { Column } from '../../ui/Table.tsx';
import { VirtualTable } from '../../ui/VirtualTable.tsx';

interface Props {
  onClose: () => void;
}

/** Trade-history modal (spec 2.7): order type, deal price, quantity, filled value, trading fee, transaction time. */
export function TradeHistoryDialog({ onClose }: Props) {
  useSignals();
  const { t } = useTranslation();
  const since = Date.now() - MARKER_DAYS * 86_400_000;
  const fills = chartFills.value.filter((e) => e.tradeTime >= since);
  const zone = chartPrefs.value.timeZone;
  const columns: Column<Execution>[] = [
    { key: 'type', header: t('chart.colOrderType'), cell: (e) => `${t(e.side === 'Buy' ? 'chart.lineBuy' : 'chart.lineSell')} ${e.orderType}` },
    { key: 'price', header: t('chart.colDealPrice'), cell: (e) => e.execPrice },
    { key: 'qty', header: t('chart.colQty'), cell: (e) => e.execQty },
    { key: 'value', header: t('chart.colValue'), cell: (e) => e.execValue },
    { key: 'fee', header: t('chart.colFee'), cell: (e) => `${e.execFee} ${e.feeCurrency}` },
    { key: 'time', header: t('chart.colTime'), cell: (e) => formatDateTime(e.tradeTime, zone, true) },
  ];
  return (
    <Dialog title={t('chart.tradeHistory')} wide onClose={onClose} actions={<Button onClick={onClose}>{t('chart.close')}</Button>}>
      {fills.length === 0 ? (
        <p>{t('chart.noTrades')}</p>
      ) : (
        <VirtualTable className="chart-trades" label={t('chart.tradeHistory')} columns={columns} rows={fills} rowKey={(e) => e.tradeId} />
      )}
    </Dialog>
  );
}
