import { useTranslation } from 'react-i18next';
import { formatChangePercent, formatPrice } from '../../core/format.ts';
import { activeSymbol } from '../../state/market/active-market.ts';
import { candleSeries, candleVersion } from '../../state/chart/candles.ts';
import { useSignals } from '../../state/signals.ts';
import { activeTicker } from '../../state/market/ticker-view.ts';

/** Trade analysis: the pair's 24 h figures and the range of the loaded candles. */
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
    <dl className="trade-analysis">
      {rows.map(([k, v]) => (
        <div key={k} className="trade-analysis__row">
          <dt>{k}</dt>
          <dd>{v}</dd>
        </div>
      ))}
    </dl>
  );
}
