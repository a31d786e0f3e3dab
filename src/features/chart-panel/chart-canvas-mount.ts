// The price chart wired to the page's signals: this mount owns the effect (canvas-mount.ts), the
// widget is only told to redraw (a full invalidation: its inputs changed).
import { plotPrice } from '../../core/chart/plot.ts';
import { ChartWidget } from '../../render/chart/chart-widget.ts';
import { chosenRendererKind } from '../../render/renderer-choice.ts';
import type { ChartOverlays, OverlayLine } from '../../render/chart/overlay-draw.ts';
import { activeSymbol } from '../../state/market/active-market.ts';
import { HEAT_PERIOD_MS, heatmap } from '../../state/market/market-data.ts';
import type { HeatmapInput } from '../../render/chart/heatmap-layer.ts';
import { swapUpDown } from '../../state/market/book-view.ts';
import { candleSeries, candleVersion, compareLoader, compareVersion } from '../../state/chart/candles.ts';
import { avgLines, chartOrderLines, displayOptions, lineDrag, tradeMarkers } from '../../state/chart/chart-overlays.ts';
import { positionLine } from '../../state/chart/chart-position.ts';
import { chartPrefs, chartType, compareSymbol, indicatorSettings, MIN_BAR_SPACING, RIGHT_OFFSET_BARS } from '../../state/chart/chart-settings.ts';
import { gridRanges } from '../../state/chart/grid-overlay.ts';
import { toolPreview } from '../../state/trading/tools.ts';
import { selectedDrawing, shownDrawings } from '../../state/chart/drawings.ts';
import { effect } from '../../state/signals.ts';
import { provideCanvasReader } from '../../state/debug.ts';
import { mountHere } from '../canvas/host-here.ts';
import { canvasTheme } from '../canvas/canvas-theme.ts';
import type { MountedCanvas } from '../canvas/useCanvasHost.ts';

const AVG_BUY_COLOR = 0x3d9cf0;
const AVG_SELL_COLOR = 0xf0a33d;
/** Also in chart-panel.css (.chart-line--position, .chart-line--grid). */
const POSITION_COLOR = 0xd65db1;
const GRID_COLOR = 0x8c7bff;

/** The overlay signals as plain draw data (buy lines in the up colour, sell lines in the down colour); prices become positions on the scale here. */
function overlayInput(up: number, down: number): ChartOverlays {
  const lines: OverlayLine[] = chartOrderLines.value.map((l) => ({
    kind: l.kind === 'trigger' ? 'trigger' : 'order',
    price: plotPrice(l.price),
    text: l.price,
    color: l.side === 'Buy' ? up : down,
    dashed: l.kind === 'trigger',
    pending: l.pending,
    inRange: true,
  }));
  for (const a of avgLines.value) lines.push({ kind: 'average', price: plotPrice(a.price), text: a.price, color: a.side === 'Buy' ? AVG_BUY_COLOR : AVG_SELL_COLOR, dashed: true, pending: false, inRange: false });
  const pos = positionLine.value;
  if (pos) lines.push({ kind: 'position', price: plotPrice(pos.price), text: pos.price, color: POSITION_COLOR, dashed: false, pending: false, inRange: false });
  const markers = tradeMarkers.value.map((e) => ({ time: e.tradeTime, price: plotPrice(e.execPrice), buy: e.side === 'Buy' }));
  const bands = gridRanges.value.map((r) => ({ min: plotPrice(r.minPrice), max: plotPrice(r.maxPrice), inner: r.inner, color: GRID_COLOR }));
  // A tool form's preview (spec 2.17): its prices as faint dashed lines, a grid's band as a band.
  const preview = toolPreview.value;
  if (preview) {
    for (const l of preview.lines) lines.push({ kind: 'order', price: plotPrice(l.price), text: l.price, color: l.side === 'Buy' ? up : down, dashed: true, pending: true, inRange: true });
    if (preview.band) bands.push({ min: plotPrice(preview.band.min), max: plotPrice(preview.band.max), inner: preview.band.inner, color: GRID_COLOR });
  }
  return { lines, markers, bands, version: 0 };
}

/** The heatmap's colour: a cyan no series, indicator or overlay uses (chart-panel.css's legend matches it). */
const HEAT_COLOR = 0x00c8d7;

/** The heatmap's columns for the chart while the display option is on and they are the shown pair's. */
function heatmapInput(color: number): HeatmapInput | null {
  if (!displayOptions.value.heatmap) return null;
  const snap = heatmap.value;
  const sym = activeSymbol.value;
  if (!snap || !sym || snap.symbol !== sym.symbolId) return null;
  // The tick as a position on the price scale (core/chart/plot.ts): the heatmap places rows with it, never money.
  return { snap, tick: plotPrice(sym.tickSize), periodMs: HEAT_PERIOD_MS, color };
}

/** The chart widget and what unmounts it. */
export interface MountedChart extends MountedCanvas {
  widget: ChartWidget;
}

/** Creates the price-chart widget on `canvas` (crosshair on `overlay`) wired to the page's signals. */
export function mountChart(canvas: HTMLCanvasElement, overlay: HTMLCanvasElement, width: number, height: number): MountedChart {
  const read = () => {
    const prefs = chartPrefs.value;
    const swap = swapUpDown.value;
    return {
      series: candleSeries,
      version: candleVersion.value,
      type: chartType.value,
      indicators: indicatorSettings.value,
      prefs,
      theme: canvasTheme.value,
      swap,
      precision: activeSymbol.value?.pricePrecision ?? 2,
      compare: compareSymbol.value ? compareLoader.series : null,
      compareVersion: compareVersion.value,
      rightOffset: RIGHT_OFFSET_BARS,
      minBarSpacing: MIN_BAR_SPACING,
      overlays: overlayInput(swap ? prefs.downColor : prefs.upColor, swap ? prefs.upColor : prefs.downColor),
      // Issue 33 item 3: the scale holds still from the drag's first move until its drop is decided.
      freezeScale: lineDrag.value?.state === 'dragging',
      heatmap: heatmapInput(HEAT_COLOR),
    };
  };
  const widget = new ChartWidget(canvas, overlay, width, height, read);
  const m = mountHere(widget, read, 'chartAxisLabels', () => widget.axisLabelBoxes());
  // The drawings go to the overlay layer alone: a drawing edit redraws no candles (issue 36).
  const stopDrawings = effect(() => widget.setDrawings({ list: shownDrawings.value, selected: selectedDrawing.value }));
  // How often the main chart and the drawings' layer painted (the page's tests: a pointer move repaints neither).
  const unread = provideCanvasReader('chartPaints', () => ({ main: widget.stats.draws, drawings: widget.drawingDraws, renderer: chosenRendererKind() }));
  // The main pane's tick labels and the axis's width (the page's tests: PEPE's labels at 8 places, its last price whole).
  const unreadAxis = provideCanvasReader('chartPriceAxis', () => widget.priceAxisShown());
  return {
    ...m,
    destroy: () => {
      unreadAxis();
      unread();
      stopDrawings();
      m.destroy();
    },
  };
}
