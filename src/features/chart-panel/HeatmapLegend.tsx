import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { decimalPlaces, scaledToShortDecimal } from '../../core/decimal.ts';
import { formatTimeIn } from '../../core/datetime.ts';
import { displayOptions } from '../../state/chart/chart-overlays.ts';
import { chartPrefs } from '../../state/chart/chart-settings.ts';
import { activeSymbol } from '../../state/market/active-market.ts';
import { heatmap, setHeatmapSampling } from '../../state/market/market-data.ts';
import { useSignals } from '../../state/signals.ts';

/**
 * The order-book heatmap's legend (issue 36 item 2): its colour scale with the sizes at each end,
 * since when the pair's columns go back and how many there are. Turns the worker's sampling on
 * while the display option is on (and off again with it), so an unused heatmap costs nothing.
 */
export function HeatmapLegend() {
  useSignals();
  const { t, i18n } = useTranslation();
  const on = displayOptions.value.heatmap;
  useEffect(() => {
    if (!on) return;
    setHeatmapSampling(true, 0);
    return () => setHeatmapSampling(false, 0);
  }, [on]);
  if (!on) return null;
  const sym = activeSymbol.value;
  const snap = heatmap.value;
  const mine = snap && sym && snap.symbol === sym.symbolId && snap.columns > 0 ? snap : null;
  const places = sym ? decimalPlaces(sym.lotSize) : 0;
  const max = mine ? scaledToShortDecimal(Math.round(mine.max), places) : null;
  return (
    <div className="chart-heat-legend" role="group" aria-label={t('chart.heatmap')} data-testid="heatmap-legend">
      <span>{t('chart.heatmapRestingSize')}</span>
      <span className="chart-heat-legend__scale" aria-hidden="true" />
      {mine && max !== null ? (
        <>
          <span>{t('chart.heatmapRange', { min: '0', max })}</span>
          <span data-testid="heatmap-since">
            {t('chart.heatmapSince', { time: formatTimeIn(mine.times[0]!, i18n.language, chartPrefs.value.timeZone), count: String(mine.columns) })}
          </span>
        </>
      ) : (
        <span>{t('chart.heatmapWaiting')}</span>
      )}
    </div>
  );
}
