import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAmountIn, formatChangePercent, formatDecimalIn, formatPrice, signOf } from '../../core/format.ts';
import { assetDecimals } from '../../core/symbols.ts';
import { symbolList } from '../../state/market/markets.ts';
import { formatDayIn } from '../../core/datetime.ts';
import { activeSymbol } from '../../state/market/active-market.ts';
import { candleSeries, candleVersion } from '../../state/chart/candles.ts';
import { analysisRange, setAnalysisRange, tradeAnalysis, tradeAnalysisFailed, watchTradeAnalysis, type AnalysisRow } from '../../state/chart/trade-analysis.ts';
import { isLoggedIn } from '../../state/account/user.ts';
import { useSignals } from '../../state/signals.ts';
import { activeTicker } from '../../state/market/ticker-view.ts';
import { Table, type Column } from '../../ui/Table.tsx';
import { RangeSelect } from '../margin/RangeSelect.tsx';

/** Trade analysis: the pair's 24 h figures and the loaded candles' range, then the user's own trades of the pair over a range. */
export function TradeAnalysis() {
  useSignals();
  const { t } = useTranslation();
  void candleVersion.value;
  const s = activeSymbol.value;
  const tk = activeTicker.value;
  const n = candleSeries.length;
  let hi = -Infinity;
  let lo = Infinity;
  for (let i = 0; i < n; i++) {
    hi = Math.max(hi, candleSeries.high[i]!);
    lo = Math.min(lo, candleSeries.low[i]!);
  }
  const rows: Array<[string, string]> = [
    [t('chart.analysis.last'), formatPrice(tk?.lastPrice, s?.pricePrecision)],
    [t('chart.analysis.change'), formatChangePercent(tk?.price24hPcnt)],
    [t('chart.analysis.high'), formatPrice(tk?.highPrice24h, s?.pricePrecision)],
    [t('chart.analysis.low'), formatPrice(tk?.lowPrice24h, s?.pricePrecision)],
    [t('chart.analysis.candles'), String(n)],
    [t('chart.analysis.rangeHigh'), n ? candleSeries.priceText(hi) : '--'],
    [t('chart.analysis.rangeLow'), n ? candleSeries.priceText(lo) : '--'],
  ];
  return (
    <div className="trade-analysis__wrap">
      <dl className="trade-analysis">
        {rows.map(([k, v]) => (
          <div key={k} className="trade-analysis__row">
            <dt>{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
      </dl>
      {isLoggedIn.value ? <YourTrades /> : null}
    </div>
  );
}

/** The user's fills of the pair per day and in total: bought, sold, volume, fees, realised P&L. */
function YourTrades() {
  useSignals();
  const { t, i18n } = useTranslation();
  useEffect(watchTradeAnalysis, []);
  const s = activeSymbol.value;
  const data = tradeAnalysis.value;
  const lng = i18n.language;
  const base = s?.baseTokenName ?? '';
  const quote = s?.quoteTokenName ?? '';
  // Amounts at each coin's display precision (spec 5.12), P&L too, as the P&L tab writes it.
  const amount = (v: string, coin: string) => `${formatAmountIn(v, lng, assetDecimals(symbolList.value, coin))} ${coin}`;
  const columns: Column<AnalysisRow>[] = [
    { key: 'day', header: t('margin.pnl.day'), rowHeader: true, cell: (r) => (r.day === 'total' ? t('chart.analysis.total') : formatDayIn(r.day, lng)) },
    { key: 'fills', header: t('chart.analysis.fills'), cell: (r) => formatDecimalIn(String(r.fills), lng) },
    { key: 'bought', header: t('chart.analysis.bought'), cell: (r) => amount(r.bought, base) },
    { key: 'sold', header: t('chart.analysis.sold'), cell: (r) => amount(r.sold, base) },
    { key: 'volume', header: t('chart.analysis.volume'), cell: (r) => amount(r.volume, quote) },
    { key: 'fees', header: t('chart.analysis.fees'), cell: (r) => (r.fees.length ? r.fees.map(([c, v]) => amount(v, c)).join(' · ') : formatDecimalIn('0', lng)) },
    {
      key: 'realised',
      header: t('margin.pnl.realised'),
      cell: (r) => {
        const sign = signOf(r.realised);
        return <span className={sign > 0 ? 'pnl--up' : sign < 0 ? 'pnl--down' : ''}>{amount(r.realised, quote)}</span>;
      },
    },
  ];
  return (
    <section aria-label={t('chart.analysis.yours')} className="trade-analysis__yours">
      <h4 className="trade-analysis__title">{t('chart.analysis.yours')}</h4>
      <RangeSelect className="trade-analysis__range" value={analysisRange.value} onChange={setAnalysisRange} />
      {tradeAnalysisFailed.value && !data ? (
        <p role="alert">{t('failedToLoadData')}</p>
      ) : !data ? (
        <p role="status">{t('loading')}</p>
      ) : data.total.fills === 0 ? (
        <p>{t('chart.analysis.noTrades')}</p>
      ) : (
        <Table className="margin-table" tableProps={{ 'data-testid': 'trade-analysis-table' }} columns={columns} rows={[...data.days, data.total]} rowKey={(r) => r.day} />
      )}
    </section>
  );
}
