import { useTranslation } from 'react-i18next';
import { formatDateTimeIn } from '../../core/datetime.ts';
import { timeHeader } from '../hooks/time-header.ts';
import { formatAmountIn, formatGrouped } from '../../core/format.ts';
import { executionTypeLabelKey } from '../../core/order-status.ts';
import type { Execution } from '../../core/order-types.ts';
import { assetDecimals } from '../../core/symbols.ts';
import { activeSymbol } from '../../state/market/active-market.ts';
import { recentExecutions } from '../../core/chart/order-overlays.ts';
import { chartFills, fillsAsOf } from '../../state/chart/chart-overlays.ts';
import { chartPrefs } from '../../state/chart/chart-settings.ts';
import { symbolList } from '../../state/market/markets.ts';
import { useSignals } from '../../state/signals.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import type { Column } from '../../ui/Table.tsx';
import { VirtualTable } from '../../ui/VirtualTable.tsx';

interface Props {
  onClose: () => void;
}

/**
 * Trade-history modal (spec 2.7): order type, deal price, quantity, filled value, trading fee,
 * transaction time. Times in the page's language and the chart's time zone (its axis's).
 */
export function TradeHistoryDialog({ onClose }: Props) {
  useSignals();
  const { t, i18n } = useTranslation();
  const fills = recentExecutions(chartFills.value, fillsAsOf.value);
  const zone = chartPrefs.value.timeZone;
  const sym = activeSymbol.value ?? undefined;
  const valueDecimals = sym ? assetDecimals(symbolList.value, sym.quoteTokenName) : undefined;
  const columns: Column<Execution>[] = [
    { key: 'type', header: t('chart.colOrderType'), cell: (e) => `${t(e.side === 'Buy' ? 'chart.lineBuy' : 'chart.lineSell')} ${t(`orders.type.${executionTypeLabelKey(e.orderType)}`)}` },
    { key: 'price', header: t('chart.colDealPrice'), cell: (e) => formatGrouped(e.execPrice, sym?.pricePrecision, 'half-up') },
    { key: 'qty', header: t('chart.colQty'), cell: (e) => formatGrouped(e.execQty, sym?.quantityPrecision) },
    { key: 'value', header: t('chart.colValue'), cell: (e) => formatGrouped(e.execValue, valueDecimals) },
    // A fee is often below the asset's display precision: shown as charged rather than as 0.
    { key: 'fee', header: t('chart.colFee'), cell: (e) => `${formatAmountIn(e.execFee, i18n.language, assetDecimals(symbolList.value, e.feeCurrency))} ${e.feeCurrency}` },
    { key: 'time', header: timeHeader(t, t('chart.colTime'), zone), cell: (e) => formatDateTimeIn(e.tradeTime, i18n.language, zone) },
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
