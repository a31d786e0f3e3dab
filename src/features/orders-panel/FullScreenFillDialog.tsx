import { useTranslation } from 'react-i18next';
import { formatDateTimeIn } from '../../core/datetime.ts';
import { timeHeader } from '../hooks/time-header.ts';
import { formatAmountIn, formatGrouped } from '../../core/format.ts';
import { executionTypeLabelKey } from '../../core/order-status.ts';
import type { Execution } from '../../core/order-types.ts';
import { assetDecimals, pairOfId } from '../../core/symbols.ts';
import { chartPrefs } from '../../state/chart/chart-settings.ts';
import { clearFullScreenFills, fullScreenFills } from '../../state/trading/full-screen-fills.ts';
import { symbolList } from '../../state/market/markets.ts';
import { useSignals } from '../../state/signals.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import type { Column } from '../../ui/Table.tsx';
import { VirtualTable } from '../../ui/VirtualTable.tsx';

/**
 * Spec 2.7: the full-screen notice dialog. While the chart is full screen a fill cannot toast (the
 * toasts are outside the full-screen element), so the fills are listed in a dialog inside it, with
 * the trade-history columns: order type, deal price, quantity, filled value, trading fee,
 * transaction time.
 */
export function FullScreenFillDialog({ screen }: { screen: Element }) {
  useSignals();
  const { t, i18n } = useTranslation();
  const fills = fullScreenFills.value;
  const list = symbolList.value;
  const bySymbol = new Map(list.map((s) => [s.symbolId, s]));
  const zone = chartPrefs.value.timeZone;
  const columns: Column<Execution>[] = [
    {
      key: 'type',
      header: t('chart.colOrderType'),
      cell: (e) => `${pairOfId(list, e.symbolId)} ${t(e.side === 'Buy' ? 'chart.lineBuy' : 'chart.lineSell')} ${t(`orders.type.${executionTypeLabelKey(e.orderType)}`)}`,
      className: (e) => (e.side === 'Buy' ? 'side--buy' : 'side--sell'),
    },
    { key: 'price', header: t('chart.colDealPrice'), cell: (e) => formatGrouped(e.execPrice, bySymbol.get(e.symbolId)?.pricePrecision, 'half-up') },
    { key: 'qty', header: t('chart.colQty'), cell: (e) => formatGrouped(e.execQty, bySymbol.get(e.symbolId)?.quantityPrecision) },
    {
      key: 'value',
      header: t('chart.colValue'),
      cell: (e) => {
        const sym = bySymbol.get(e.symbolId);
        return formatGrouped(e.execValue, sym ? assetDecimals(list, sym.quoteTokenName) : undefined);
      },
    },
    // A fee is often below the asset's display precision: shown as charged rather than as 0.
    { key: 'fee', header: t('chart.colFee'), cell: (e) => `${formatAmountIn(e.execFee, i18n.language, assetDecimals(symbolList.value, e.feeCurrency))} ${e.feeCurrency}` },
    { key: 'time', header: timeHeader(t, t('chart.colTime'), zone), cell: (e) => formatDateTimeIn(e.tradeTime, i18n.language, zone) },
  ];
  return (
    <Dialog title={t('orders.fullScreenFills')} wide container={screen} onClose={clearFullScreenFills} actions={<Button onClick={clearFullScreenFills}>{t('chart.close')}</Button>}>
      <VirtualTable className="chart-trades" label={t('orders.fullScreenFills')} columns={columns} rows={fills} rowKey={(e) => e.tradeId} />
    </Dialog>
  );
}
