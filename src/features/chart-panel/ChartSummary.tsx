import { useTranslation } from 'react-i18next';
import { activeSymbol } from '../../state/market/active-market.ts';
import { candleSeries, candleState, candleVersion, olderPages } from '../../state/chart/candles.ts';
import { chartInterval, chartPrefs, chartType } from '../../state/chart/chart-settings.ts';
import { useSignals } from '../../state/signals.ts';
import { useThrottledSignal } from '../hooks/useThrottledSignal.ts';
import { legendValues } from './ChartLegend.tsx';
import { intervalLabelKey } from './interval-labels.ts';

/** Summary refresh: at most twice a second (screen readers and tests read it). */
const SUMMARY_MS = 500;

/** A visually hidden description of what the chart shows: symbol, interval, type, candle count, last OHLC. */
export function ChartSummary() {
  useSignals();
  const { t } = useTranslation();
  useThrottledSignal(candleVersion, SUMMARY_MS);
  const symbol = activeSymbol.value;
  const interval = chartInterval.value;
  const type = chartType.value;
  const count = candleSeries.length;
  const last = legendValues(count - 1, chartPrefs.value.timeZone);
  const label = intervalLabelKey(interval);
  return (
    <div
      className="visually-hidden"
      role="note"
      aria-label={t('chart.summaryLabel')}
      data-testid="chart-summary"
      data-symbol={symbol?.symbolId ?? ''}
      data-interval={interval}
      data-type={type}
      data-count={count}
      data-state={candleState.value}
      data-older-pages={olderPages.value}
    >
      {t('chart.summary', {
        symbol: symbol ? `${symbol.baseTokenName}/${symbol.quoteTokenName}` : '',
        interval: t(label.key, { count: label.count }),
        type: t(`chart.type.${type}`),
        count,
      })}{' '}
      {last ? t('chart.summaryLast', { open: last.open, high: last.high, low: last.low, close: last.close }) : t('chart.noData')}
    </div>
  );
}
