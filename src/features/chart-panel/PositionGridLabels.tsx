import { useTranslation } from 'react-i18next';
import { plotPrice } from '../../core/chart/plot.ts';
import { formatPrice } from '../../core/format.ts';
import type { ChartGeometry } from '../../render/chart/chart-widget.ts';
import { activeSymbol } from '../../state/market/active-market.ts';
import type { PositionLine } from '../../state/chart/chart-position.ts';
import type { GridRange } from '../../state/chart/grid-overlay.ts';
import { useSignals } from '../../state/signals.ts';

const LABEL_HEIGHT = 20;
const INSET = 2;
/** The OHLC legend's row at the top of the pane: a clamped label stays below it. */
const LEGEND_CLEARANCE = 26;

/**
 * Puts a grid-bot label just inside the top of its band, kept within the pane, and records the
 * band's drawn pixel edges on it (the page's tests read them). Called after each chart draw.
 */
export function placeBandLabel(el: HTMLElement, geo: ChartGeometry): void {
  const tf = (v: number) => (geo.percent ? (v / geo.base - 1) * 100 : v);
  const top = geo.main.top;
  const bottom = top + geo.main.height;
  const yMax = geo.main.y(tf(plotPrice(el.dataset.bandMax)));
  const yMin = geo.main.y(tf(plotPrice(el.dataset.bandMin)));
  // Below the legend however many lines it has wrapped to (issue 33: at 1366×768 its second line
  // and a grid preview's label were printed over each other).
  const legend = el.closest('.chart-view__stage')?.querySelector<HTMLElement>('.chart-legend');
  const clearance = legend ? Math.max(LEGEND_CLEARANCE, legend.offsetTop + legend.offsetHeight - top + INSET) : LEGEND_CLEARANCE;
  const y = Math.min(Math.max(yMax + INSET, top + clearance), bottom - LABEL_HEIGHT - INSET);
  el.style.transform = `translateY(${Math.round(y)}px)`;
  el.style.maxWidth = `${Math.max(0, geo.plotW - 16)}px`;
  el.dataset.bandTop = String(Math.round(Math.max(top, yMax)));
  el.dataset.bandBottom = String(Math.round(Math.min(bottom, yMin)));
}

interface Props {
  position: PositionLine | null;
  grids: readonly GridRange[];
}

/** Labels of the position line and of the grid-bot ranges; the lines and bands are drawn by the chart. */
export function PositionGridLabels({ position, grids }: Props) {
  useSignals();
  const { t } = useTranslation();
  const precision = activeSymbol.value?.pricePrecision;
  return (
    <>
      {position ? (
        <div
          className="chart-line chart-line--position"
          data-line-price={position.price}
          data-testid="chart-position"
          role="note"
          aria-label={t('chart.positionAria', { qty: position.qty, base: position.base, price: formatPrice(position.price, precision, true) })}
        >
          {t('chart.positionLabel', { qty: position.qty, base: position.base })}
        </div>
      ) : null}
      {grids.map((g) => {
        const min = formatPrice(g.minPrice, precision, true);
        const max = formatPrice(g.maxPrice, precision, true);
        return (
          <div
            key={g.botId}
            className="chart-line chart-line--grid"
            data-testid="chart-grid-bot"
            data-bot-id={g.botId}
            data-band-min={g.minPrice}
            data-band-max={g.maxPrice}
            data-grid-number={g.gridNumber}
            data-grid-type={g.type}
            role="note"
            aria-label={t(g.type === 'grade' ? 'chart.gridAriaArithmetic' : 'chart.gridAriaGeometric', { min, max, grids: g.gridNumber })}
          >
            {t('chart.gridLabel', { min, max, grids: g.gridNumber })}
          </div>
        );
      })}
    </>
  );
}
