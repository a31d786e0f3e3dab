import { useTranslation } from 'react-i18next';
import { candleSeries, candleVersion } from '../../state/chart/candles.ts';
import { chartHoverIndex } from '../../state/chart/chart-view.ts';
import { useSignals } from '../../state/signals.ts';
import { swapUpDown } from '../../state/market/book-view.ts';
import { formatDateTime } from '../../core/chart/time-zone.ts';
import { chartPrefs } from '../../state/chart/chart-settings.ts';
import { abbreviate } from '../../core/format.ts';

export interface LegendValues {
  time: string;
  open: string;
  high: string;
  low: string;
  close: string;
  change: string;
  changePct: string;
  volume: string;
  up: boolean;
}

/** Legend values of bar `i` (exact prices; change against the previous close, or the open for the first bar). */
export function legendValues(i: number, zone: string): LegendValues | null {
  const s = candleSeries;
  if (i < 0 || i >= s.length) return null;
  const prev = i > 0 ? s.close[i - 1]! : s.open[i]!;
  const diff = s.close[i]! - prev;
  const pct = prev !== 0 ? (diff / prev) * 100 : 0;
  return {
    time: formatDateTime(s.time[i]!, zone),
    open: s.priceText(s.open[i]!),
    high: s.priceText(s.high[i]!),
    low: s.priceText(s.low[i]!),
    close: s.priceText(s.close[i]!),
    change: `${diff > 0 ? '+' : ''}${s.priceText(diff)}`,
    changePct: `${pct > 0 ? '+' : ''}${pct.toFixed(2)}%`,
    volume: abbreviate(String(s.volume[i]!), 2),
    up: diff >= 0,
  };
}

/** OHLC + change of the hovered bar (the last one when nothing is hovered). */
export function ChartLegend() {
  useSignals();
  const { t } = useTranslation();
  void candleVersion.value;
  const hover = chartHoverIndex.value;
  const v = legendValues(hover >= 0 ? hover : candleSeries.length - 1, chartPrefs.value.timeZone);
  if (!v) return null;
  const cls = v.up !== swapUpDown.value ? 'chart-legend__value--up' : 'chart-legend__value--down';
  return (
    <div className="chart-legend" data-testid="chart-legend" aria-hidden="true">
      <span>{v.time}</span>
      <span>
        {t('chart.legend.open')} <b className={cls}>{v.open}</b>
      </span>
      <span>
        {t('chart.legend.high')} <b className={cls}>{v.high}</b>
      </span>
      <span>
        {t('chart.legend.low')} <b className={cls}>{v.low}</b>
      </span>
      <span>
        {t('chart.legend.close')} <b className={cls}>{v.close}</b>
      </span>
      <span className="chart-legend__extra">
        {t('chart.legend.change')}{' '}
        <b className={cls}>
          {v.change} ({v.changePct})
        </b>
      </span>
      <span className="chart-legend__extra">
        {t('chart.legend.volume')} <b>{v.volume}</b>
      </span>
    </div>
  );
}
