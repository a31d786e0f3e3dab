import { useTranslation } from 'react-i18next';
import { formatPrice } from '../../core/format.ts';
import { activeSymbol } from '../../state/market/active-market.ts';
import { useSignals } from '../../state/signals.ts';
import type { ToolPreview } from '../../state/trading/tools.ts';

/**
 * Labels of a tool form's preview (spec 2.17: grid lines and scaled-order prices on the chart
 * before confirming); the chart draws the dashed lines and the band. Placed by the layer after
 * each draw like the other labels (data-line-price, data-band-max).
 */
export function ToolPreviewLabels({ preview }: { preview: ToolPreview | null }) {
  useSignals();
  const { t } = useTranslation();
  if (!preview) return null;
  const precision = activeSymbol.value?.pricePrecision;
  const band = preview.band;
  return (
    <>
      {band ? (
        <div
          className="chart-line chart-line--grid chart-line--preview"
          data-testid="chart-grid-preview"
          data-band-min={band.min}
          data-band-max={band.max}
          data-grid-number={band.inner.length + 1}
          role="note"
        >
          {t('chart.previewGrid', { min: formatPrice(band.min, precision, true), max: formatPrice(band.max, precision, true), grids: band.inner.length + 1 })}
        </div>
      ) : null}
      {preview.lines.map((l) => (
        <div key={`${l.side}${l.price}`} className={`chart-line chart-line--preview chart-line--${l.side === 'Buy' ? 'buy' : 'sell'}`} data-line-price={l.price} data-testid="chart-preview-line" role="note">
          {t('chart.previewLine', { side: t(l.side === 'Buy' ? 'chart.lineBuy' : 'chart.lineSell'), price: formatPrice(l.price, precision, true) })}
        </div>
      ))}
    </>
  );
}
