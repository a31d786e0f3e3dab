import { useMemo } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatDateTimeIn } from '../../core/datetime.ts';
import { timeHeader } from '../hooks/time-header.ts';
import { cachedT } from '../hooks/cached-t.ts';
import { formatAmountIn, formatGrouped } from '../../core/format.ts';
import type { Execution } from '../../core/order-types.ts';
import { symbolLookups, type SpotSymbol } from '../../core/symbols.ts';
import { symbolList } from '../../state/market/markets.ts';
import { useSignals } from '../../state/signals.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import type { Column } from '../../ui/Table.tsx';
import { VirtualTable } from '../../ui/VirtualTable.tsx';

interface Props {
  trades: readonly Execution[];
  emptyText: string;
  /** The history is read in pages: the end came near, and whether its next page is loading. */
  onNearEnd?: (() => void) | undefined;
  loadingMore?: boolean;
}

/** The trade history (transaction record): one row per fill; a long history is virtualized. */
export function TradesTable({ trades, emptyText, onNearEnd, loadingMore = false }: Props) {
  useSignals();
  const { t, i18n } = useTranslation();
  const list = symbolList.value;
  const lng = i18n.language;
  // The same columns while nothing they show changed: a push or a scroll then draws only new rows (Table).
  const columns = useMemo(() => tradeColumns(t, lng, list), [t, lng, list]);
  if (trades.length === 0) return <p className="orders-empty">{emptyText}</p>;
  return (
    <VirtualTable
      className="orders-table" label={t('orders.tabs.trades')} columns={columns} rows={trades} rowKey={(e) => e.tradeId} rowProps={rowProps}
      onNearEnd={onNearEnd} footer={loadingMore ? <Spinner label={t('loading')} /> : null}
    />
  );
}

const rowProps = (e: Execution) => ({ 'data-order-id': e.orderId });

function tradeColumns(t: TFunction, lng: string, list: readonly SpotSymbol[]): Column<Execution>[] {
  const bySymbol = new Map(list.map((x) => [x.symbolId, x]));
  // Rows a scroll brings in look their words, pairs and decimals up here, once (issue 37).
  const w = cachedT(t);
  const lookups = symbolLookups(list);
  const quoteDecimals = (e: Execution) => {
    const sym = bySymbol.get(e.symbolId);
    return sym ? lookups.decimals(sym.quoteTokenName) : undefined;
  };
  const columns: Column<Execution>[] = [
    { key: 'time', header: timeHeader(t, t('orders.col.time')), cell: (e) => formatDateTimeIn(e.tradeTime, lng) },
    { key: 'pair', header: t('orders.col.pair'), cell: (e) => lookups.pair(e.symbolId) },
    { key: 'side', header: t('orders.col.side'), cell: (e) => (e.side === 'Buy' ? w('orderForm.buy') : w('orderForm.sell')), className: (e) => (e.side === 'Buy' ? 'side--buy' : 'side--sell') },
    { key: 'price', header: t('orders.col.execPrice'), cell: (e) => formatGrouped(e.execPrice, bySymbol.get(e.symbolId)?.pricePrecision, 'half-up') },
    { key: 'qty', header: t('orders.col.qty'), cell: (e) => formatGrouped(e.execQty, bySymbol.get(e.symbolId)?.quantityPrecision) },
    { key: 'value', header: t('orders.col.value'), cell: (e) => formatGrouped(e.execValue, quoteDecimals(e)) },
    // A fee is often below the asset's display precision: shown as charged rather than as 0.
    { key: 'fee', header: t('orders.col.fee'), cell: (e) => `${formatAmountIn(e.execFee, lng, lookups.decimals(e.feeCurrency))} ${e.feeCurrency}` },
    { key: 'role', header: t('orders.col.role'), cell: (e) => (e.isMaker ? w('orders.maker') : w('orders.taker')) },
  ];
  return columns;
}
