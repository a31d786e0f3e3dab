import { activeSymbol } from '../../state/active-market.ts';
import { swapUpDown } from '../../state/book-view.ts';
import { candleSeries, candleVersion, compareLoader, compareVersion } from '../../state/candles.ts';
import { chartPrefs, chartType, compareSymbol, indicatorSettings, MIN_BAR_SPACING, RIGHT_OFFSET_BARS } from '../../state/chart-settings.ts';
import { theme } from '../theme.ts';
import { ChartWidget } from './chart-widget.ts';
import { DepthWidget } from './depth-widget.ts';
import { depthData } from '../../state/chart-depth.ts';

/** Creates the price-chart widget wired to the page's signals. */
export function mountChart(canvas: HTMLCanvasElement, overlay: HTMLCanvasElement, width: number, height: number): ChartWidget {
  const widget = new ChartWidget(canvas, overlay, width, height, () => ({
    series: candleSeries,
    version: candleVersion.value,
    type: chartType.value,
    indicators: indicatorSettings.value,
    prefs: chartPrefs.value,
    theme: theme.value,
    swap: swapUpDown.value,
    precision: activeSymbol.value?.pricePrecision ?? 2,
    compare: compareSymbol.value ? compareLoader.series : null,
    compareVersion: compareVersion.value,
    rightOffset: RIGHT_OFFSET_BARS,
    minBarSpacing: MIN_BAR_SPACING,
  }));
  void widget.init();
  return widget;
}

export type { ChartWidget } from './chart-widget.ts';

/** Creates the depth-chart widget wired to the page's signals. */
export function mountDepth(canvas: HTMLCanvasElement, width: number, height: number): DepthWidget {
  const widget = new DepthWidget(canvas, width, height, () => {
    const p = chartPrefs.value;
    const swap = swapUpDown.value;
    return { data: depthData.value, theme: theme.value, up: swap ? p.downColor : p.upColor, down: swap ? p.upColor : p.downColor };
  });
  void widget.init();
  return widget;
}
export type { DepthWidget, DepthHit } from './depth-widget.ts';
