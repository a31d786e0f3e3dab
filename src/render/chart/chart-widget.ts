import { Container, Graphics, type Renderer } from 'pixi.js';
import { canvasContextOf } from '../text-atlas.ts';
import { CanvasHost, type HostedWidget } from '../canvas-host.ts';
import type { RendererInit } from '../renderer-choice.ts';
import { scheduler } from '../scheduler.ts';
import { ensureChartFont } from './chart-font.ts';
import { PRICE_AXIS_WIDTH, TIME_AXIS_HEIGHT, drawLastPriceBox, drawPriceAxis, drawTimeAxis, priceAxisWidth, type AxisColors } from './chart-axes.ts';
import { ChartData, type SubPane } from './chart-data.ts';
import { AxisBoxes, type AxisBoxShown } from './axis-boxes.ts';
import { CrosshairLayer } from './crosshair-layer.ts';
import type { DrawingsFrame } from './drawings-draw.ts';
import { LabelPool } from './label-pool.ts';
import type { RectSink } from './rect-batch.ts';
import type { ChartBackend } from './chart-backend.ts';
import { CanvasChartBackend } from './canvas-painter.ts';
import { GpuChartBackend } from './gpu-painter.ts';
import { PriceScale } from './price-scale.ts';
import { drawArea, drawBars, drawBaseline, drawCandles, drawHistogram, strokeLine, type SeriesCtx } from './series-draw.ts';
import { TimeScale } from './time-scale.ts';
import { LEVEL, type ChartGeometry, type ChartInput, type ChartInvalidation, type ChartLayout, type ChartModel } from './chart-types.ts';
import { compareValues, shiftedScale } from './compare.ts';
import { drawBands, drawMarkers, drawOverlayLines, NO_OVERLAYS } from './overlay-draw.ts';
import { HeatmapLayer } from './heatmap-layer.ts';
import { drawSubPanes, SUB_PANE_HEIGHT } from './sub-panes.ts';

export type { ChartGeometry, ChartInput, ChartInvalidation } from './chart-types.ts';

const COMPARE_COLOR = 0x3d9cf0;
const IDENTITY = (v: number) => v;

/**
 * The price chart on PixiJS: a main canvas (grid, series, indicators, axes) and a transparent
 * crosshair canvas above it, each with its own renderer, so a pointer move redraws only the
 * crosshair. Derived data is cached behind the series version; the scheduler calls `draw`.
 */
export class ChartWidget implements HostedWidget {
  /**
   * Under load the candles may skip a frame or three (the core frame governor) when new data is
   * all that changed; a pan, zoom or resize by the user draws in the next frame, as does the
   * crosshair layer.
   */
  get deferrable(): boolean {
    return !this.moved;
  }
  private moved = false;
  private renderer: Renderer | null = null;
  private readonly bg = new Graphics();
  private readonly grid = new Graphics();
  /** Grid-bot bands: under the series. */
  private readonly seriesUnder = new Graphics();
  /** The order-book heatmap: over the grid, under the bands and the candles. */
  private readonly heat = new HeatmapLayer();
  /** Where candles and volume go and how a frame is composed: per backend, chosen at attach. */
  private backend: ChartBackend | null = null;
  /** Line series, indicator lines, markers: over the candles. */
  private readonly seriesG = new Graphics();
  /** What is under the candles and what is over them, for the Canvas renderer's two passes. */
  private readonly under = new Container();
  private readonly over = new Container();
  private readonly subG = new Graphics();
  private readonly axisG = new Graphics();
  private readonly labels = new LabelPool(() => this.renderer);
  /** The price axis's boxes (last price, orders, averages, position), placed apart each paint. */
  private readonly axisBoxes = new AxisBoxes();
  /** The price axis's width at the last layout (wider than PRICE_AXIS_WIDTH for a long price). */
  private axisW = PRICE_AXIS_WIDTH;
  /** The main pane's tick labels as drawn last (the page's tests read them). */
  private readonly tickTexts: string[] = [];
  private readonly data = new ChartData();
  private readonly crosshair: CrosshairLayer;
  /** The crosshair's host, made at the first pointer move (a chart nobody points at needs no second renderer). */
  private crosshairHost: CanvasHost<CrosshairLayer> | null = null;
  readonly ts: TimeScale;
  private readonly main = new PriceScale();
  private subs: Array<{ ps: PriceScale; pane: SubPane }> = [];
  private width: number;
  private height: number;
  private sized = '';
  private bgKey = '';
  /** Series version the view was last reset for. */
  private viewVersion = -1;
  private destroyed = false;
  /** The inputs read at the last full invalidation (a light one draws them again). */
  private input: ChartInput | null = null;
  /** The largest invalidation since the last draw (0: none). */
  private level = 0;
  private manualRange: { min: number; max: number } | null = null;
  /** The main scale's range when a freeze began (input.freezeScale), kept until it ends. */
  private frozenRange: { min: number; max: number } | null = null;
  private lastRange = '';
  geometry: ChartGeometry | null = null;
  /** Called after a draw when the visible bar range changed (the host loads older pages from it). */
  onViewChange: ((from: number, to: number, length: number) => void) | null = null;
  /** Called after every main draw (DOM labels that follow the price scale reposition from it). */
  readonly drawListeners = new Set<() => void>();
  stats = { draws: 0, lastDrawMs: 0, rendererMs: 0, fontMs: 0, fullDraws: 0 };
  private attachAt = 0;

  constructor(
    private readonly canvas: HTMLCanvasElement,
    overlayCanvas: HTMLCanvasElement,
    width: number,
    height: number,
    private readonly read: () => ChartInput,
  ) {
    this.width = Math.max(200, Math.floor(width));
    this.height = Math.max(160, Math.floor(height));
    const input = read();
    this.ts = new TimeScale(input.rightOffset, input.minBarSpacing);
    this.under.addChild(this.bg, this.grid, this.heat.sprite, this.seriesUnder);
    this.over.addChild(this.seriesG, this.subG, this.axisG, this.labels.container);
    this.crosshair = new CrosshairLayer(overlayCanvas, () => this.geometry, this.width, this.height);
  }

  rendererInit(): RendererInit {
    this.attachAt = performance.now();
    return { canvas: this.canvas, width: this.width, height: this.height, background: this.read().theme.background };
  }

  attach(renderer: Renderer): void {
    const t1 = performance.now();
    const ctx = canvasContextOf(renderer);
    // Only BitmapText labels use the font: on the Canvas renderer labels are written with fillText.
    if (!ctx) ensureChartFont(renderer.resolution);
    this.backend = ctx ? new CanvasChartBackend(ctx, this.under, this.over, this.labels) : new GpuChartBackend(this.under, this.over);
    this.stats.rendererMs = t1 - this.attachAt;
    this.stats.fontMs = performance.now() - t1;
    this.renderer = renderer;
    this.level = LEVEL.full;
  }

  /** Something changed: redraw what `level` needs in the next frame. */
  invalidate(level: ChartInvalidation = 'full'): void {
    if (this.destroyed) return;
    if (level === 'cursor') return this.crosshair.redraw();
    this.level = Math.max(this.level, LEVEL[level]);
    scheduler.markDirty(this);
  }

  resize(width: number, height: number): void {
    this.moved = true;
    const w = Math.max(200, Math.floor(width));
    const h = Math.max(160, Math.floor(height));
    if (w === this.width && h === this.height) return;
    this.width = w;
    this.height = h;
    this.invalidate('light');
  }

  pan(dx: number, dy = 0): void {
    this.moved = true;
    const before = this.ts.rightOffset;
    this.ts.pan(dx);
    let moved = this.ts.rightOffset !== before;
    if (dy !== 0 && this.manualRange) {
      this.main.shift(dy);
      this.manualRange = { min: this.main.min, max: this.main.max };
      moved = true;
    }
    // Dragging against either end changes nothing: no redraw.
    if (moved) this.invalidate('light');
  }

  zoom(factor: number, anchorX: number): void {
    this.moved = true;
    const before = `${this.ts.barSpacing}/${this.ts.rightOffset}`;
    this.ts.zoom(factor, anchorX);
    if (`${this.ts.barSpacing}/${this.ts.rightOffset}` !== before) this.invalidate('light');
  }

  /** Zooms so about `bars` bars fill the plot (time-frame presets). */
  showBars(bars: number): void {
    this.moved = true;
    const w = this.width - this.axisW;
    this.ts.width = w;
    this.ts.rightOffset = this.ts.defaultRightOffset;
    this.ts.zoom((w / Math.max(1, bars + this.ts.defaultRightOffset)) / this.ts.barSpacing, w);
    this.ts.rightOffset = this.ts.defaultRightOffset;
    this.invalidate('light');
  }

  resetView(): void {
    this.ts.reset();
    this.manualRange = null;
    this.invalidate('light');
  }

  /** Pointer position over the plot (null: left). Only the crosshair layer redraws. */
  setPointer(p: { x: number; y: number } | null): void {
    if (!this.crosshairHost && p && !this.destroyed) this.crosshairHost = new CanvasHost(this.crosshair);
    this.crosshair.setPointer(p);
  }

  /** The user's drawings (issue 36): drawn on the crosshair's layer, which alone redraws. */
  setDrawings(frame: DrawingsFrame): void {
    if (!this.crosshairHost && frame.list.length > 0 && !this.destroyed) this.crosshairHost = new CanvasHost(this.crosshair);
    this.crosshair.setDrawings(frame);
  }

  /** How often the drawings were painted (the page's tests read it: a pointer move repaints none). */
  get drawingDraws(): number {
    return this.crosshair.drawingDraws;
  }

  /** Series index of the bar nearest x, or -1 outside the data. */
  barAt(x: number): number {
    const i = Math.round(this.ts.indexAt(x));
    return i >= 0 && i < this.ts.length ? i : -1;
  }

  draw(): void {
    const renderer = this.renderer;
    if (!renderer) return;
    this.moved = false;
    const t0 = performance.now();
    // A full invalidation reads the inputs again and updates the derived data; a light one (the
    // view moved) draws the inputs it has. A direct call (snapshot) counts as full.
    const full = this.level !== LEVEL.light || !this.input;
    this.level = 0;
    if (full) {
      this.input = this.read();
      this.stats.fullDraws++;
    }
    const input = this.input!;
    const layout = this.layout(input, renderer, full);
    const model = this.model(input, layout);
    this.paint(input, layout, model, renderer);
    this.stats.draws++;
    this.stats.lastDrawMs = performance.now() - t0;
    const range = `${model.from}/${model.to}/${this.data.length}`;
    if (range !== this.lastRange) {
      this.lastRange = range;
      this.onViewChange?.(model.from, model.to, this.data.length);
    }
  }

  /** Derived data (on a full redraw), sizes and panes. */
  private layout(input: ChartInput, renderer: Renderer, full: boolean): ChartLayout {
    if (full) {
      // A rebuilt series (new symbol or interval) starts from the default view.
      this.data.update(input.series, input.version, input.type, input.indicators);
      if (input.series.change === 'all' && input.series.version !== this.viewVersion) {
        this.viewVersion = input.series.version;
        this.ts.reset();
        this.manualRange = null;
      }
    }
    const sizeKey = `${this.width}x${this.height}`;
    if (sizeKey !== this.sized) {
      renderer.resize(this.width, this.height);
      this.crosshair.resize(this.width, this.height);
      this.sized = sizeKey;
    }
    const s = input.series;
    this.axisW = priceAxisWidth(s.length > 0 ? s.priceText(s.close[s.length - 1]!) : '');
    const plotW = this.width - this.axisW;
    const timeTop = this.height - TIME_AXIS_HEIGHT;
    const mainH = Math.max(60, timeTop - this.data.subPanes.length * SUB_PANE_HEIGHT);
    this.ts.width = plotW;
    this.ts.setLength(this.data.length);
    return { plotW, mainH, timeTop };
  }

  /** The visible range and the main price scale: autoscaled to what is visible, or the frozen range. */
  private model(input: ChartInput, layout: ChartLayout): ChartModel {
    const d = this.data;
    const { from, to } = this.ts.visibleRange();
    // Percent mode when comparing: both series relative to their first visible close.
    const cmp = input.compare && input.compare.length > 0 && d.length > 0 ? input.compare : null;
    const base = d.length > 0 && from <= to ? d.ohlc.close[from]! : 1;
    const percent = cmp !== null && base > 0;
    const tf = percent ? (v: number) => (v / base - 1) * 100 : IDENTITY;
    const lineType = input.type === 'line' || input.type === 'area' || input.type === 'baseline';
    let lo = Infinity;
    let hi = -Infinity;
    const lows = lineType ? d.ohlc.close : d.ohlc.low;
    const highs = lineType ? d.ohlc.close : d.ohlc.high;
    for (let i = from; i <= to; i++) {
      const l = lows[i]!;
      const h = highs[i]!;
      if (l < lo) lo = l;
      if (h > hi) hi = h;
    }
    for (const line of d.overlays)
      for (let i = from; i <= to; i++) {
        const v = line.values[i]!;
        if (v < lo) lo = v;
        if (v > hi) hi = v;
      }
    // Order lines stay in view: the auto-scale range includes them (not the average lines).
    for (const line of input.overlays?.lines ?? [])
      if (line.inRange && line.price > 0) {
        if (line.price < lo) lo = line.price;
        if (line.price > hi) hi = line.price;
      }
    lo = tf(lo);
    hi = tf(hi);
    const cmpValues = cmp ? compareValues(cmp, from, to, input.series.time) : null;
    if (cmpValues)
      for (let i = from; i <= to; i++) {
        const v = cmpValues[i - from]!;
        if (v < lo) lo = v;
        if (v > hi) hi = v;
      }
    if (!Number.isFinite(lo)) (lo = 0), (hi = 1);
    const prefs = input.prefs;
    const log = prefs.logScale && !percent;
    if (input.freezeScale && this.main.max > this.main.min) {
      this.frozenRange ??= { min: this.main.min, max: this.main.max };
      this.main.set(this.frozenRange.min, this.frozenRange.max, 0, layout.mainH, log, 0);
      return { from, to, percent, base, tf, cmpValues };
    }
    this.frozenRange = null;
    if (!prefs.autoScale && this.manualRange) this.main.set(this.manualRange.min, this.manualRange.max, 0, layout.mainH, log, 0);
    else {
      this.main.set(lo, hi, 0, layout.mainH, log, 0.1);
      this.manualRange = prefs.autoScale ? null : { min: this.main.min, max: this.main.max };
    }
    return { from, to, percent, base, tf, cmpValues };
  }

  /** Draws the model: grid, series, indicators, overlays, axes; then tells the crosshair and listeners. */
  private paint(input: ChartInput, layout: ChartLayout, model: ChartModel, renderer: Renderer): void {
    const { series, prefs, theme } = input;
    const d = this.data;
    const { plotW, mainH, timeTop } = layout;
    const { from, to, percent, base, tf, cmpValues } = model;
    const up = input.swap ? prefs.downColor : prefs.upColor;
    const down = input.swap ? prefs.upColor : prefs.downColor;
    const colors: AxisColors & { accent: number; background: number } = {
      grid: theme.line,
      text: theme.muted,
      axisBg: theme.background,
      line: theme.line,
      accent: theme.accent,
      background: theme.background,
    };
    // The background changes only with size or theme: keep its geometry between frames.
    const bgKey = `${this.width}x${this.height}/${theme.background}`;
    if (bgKey !== this.bgKey) {
      this.bgKey = bgKey;
      this.bg.clear().rect(0, 0, this.width, this.height).fill(theme.background);
    }
    const g = this.grid.clear();
    const s = this.seriesG.clear();
    const under = this.seriesUnder.clear();
    const rs: RectSink = this.backend!.begin();
    const sub = this.subG.clear();
    const ax = this.axisG.clear();
    // Axis backgrounds cover anything drawn past the plot; boxes on the axis come after them.
    ax.rect(plotW, 0, this.axisW, timeTop).fill(theme.background);
    ax.rect(0, timeTop, this.width, TIME_AXIS_HEIGHT).fill(theme.background);
    ax.moveTo(plotW + 0.5, 0).lineTo(plotW + 0.5, timeTop).moveTo(0, timeTop + 0.5).lineTo(this.width, timeTop + 0.5).stroke({ width: 1, color: theme.line });
    this.labels.begin();
    const ctx: SeriesCtx = { ts: this.ts, ps: this.main, from, to, up, down, tf };
    const ov = input.overlays ?? NO_OVERLAYS;
    const boxes = this.axisBoxes;
    boxes.begin();
    if (d.length > 0 && from <= to) {
      drawTimeAxis(g, this.labels, series.time, this.ts, from, to, prefs.timeZone, timeTop, timeTop, colors, prefs.grid);
      // The price axis's boxes are placed apart first, so that tick labels can make way for them.
      drawLastPriceBox(ax, boxes, this.main, d.ohlc.close[d.length - 1]!, d.ohlc.open[d.length - 1]!, tf, plotW, percent ? null : series, up, down);
      if (ov.lines.length > 0) drawOverlayLines(ax, boxes, this.main, plotW, ov.lines, tf);
      boxes.place(0, mainH);
      drawPriceAxis(g, this.labels, this.main, plotW, input.precision, percent, colors, prefs.grid, boxes, true, this.tickTexts);
      this.heat.update(input.heatmap, series.time, d.length, this.ts, this.main, tf);
      // Grid-bot ranges lie under everything the series draws.
      if (ov.bands.length > 0) drawBands(under, this.main, plotW, ov.bands, tf);
      // Volume under the candles, in the bottom fifth of the main pane.
      if (d.volumeOverlay) {
        const vps = new PriceScale();
        let vmax = 0;
        for (let i = from; i <= to; i++) vmax = Math.max(vmax, d.volumeOverlay.hist![i]!);
        vps.set(0, vmax || 1, mainH * 0.8, mainH * 0.2, false, 0);
        drawHistogram(rs, d.volumeOverlay.hist!, d.volumeOverlay.histUp!, { ...ctx, ps: vps, tf: IDENTITY }, mainH, 0.35);
      }
      switch (input.type) {
        case 'candle':
        case 'heikin':
          drawCandles(rs, d.ohlc, ctx, false);
          break;
        case 'hollow':
          drawCandles(rs, d.ohlc, ctx, true);
          break;
        case 'bar':
          drawBars(rs, d.ohlc, ctx);
          break;
        case 'line':
          strokeLine(s, d.ohlc.close, ctx, theme.accent, 1.5);
          break;
        case 'area':
          drawArea(s, d.ohlc.close, ctx, theme.accent);
          break;
        case 'baseline':
          drawBaseline(s, d.ohlc.close, ctx, Math.round(mainH / 2));
          break;
      }
      for (const line of d.overlays) strokeLine(s, line.values, ctx, line.color, 1);
      if (cmpValues) strokeLine(s, cmpValues, { ...ctx, from: 0, to: to - from, ts: shiftedScale(this.ts, from), tf: IDENTITY }, COMPARE_COLOR, 1.5);
      if (ov.markers.length > 0) drawMarkers(s, this.ts, this.main, series.time, d.length, from, to, ov.markers, up, down, tf);
      boxes.draw(ax, this.labels, plotW);
      this.subs = drawSubPanes(sub, this.labels, this.data.subPanes, this.subs, { ts: this.ts, mainH, plotW, axisW: this.axisW, from, to, up, down, precision: input.precision, colors, grid: prefs.grid });
    } else {
      this.tickTexts.length = 0;
      this.subs = [];
      this.heat.update(null, series.time, 0, this.ts, this.main, tf);
    }
    this.labels.end();
    this.backend!.present(renderer, { w: plotW, h: mainH });
    this.geometry = {
      ts: this.ts,
      main: this.main,
      subs: this.subs,
      plotW,
      height: this.height,
      timeTop,
      percent,
      base,
      precision: input.precision,
      zone: prefs.timeZone,
      times: series.time,
      length: d.length,
      colors,
    };
    this.crosshair.redraw();
    for (const l of this.drawListeners) l();
  }

  /** The price axis's boxes as drawn last, then the crosshair's (on its layer, above them); for the page's tests. */
  axisLabelBoxes(): AxisBoxShown[] {
    const c = this.crosshair.boxes.price;
    return c ? [...this.axisBoxes.shown(), { kind: 'crosshair', ...c }] : this.axisBoxes.shown();
  }

  /** The main pane's price axis as drawn last: its tick labels (lowest price first) and its width; for the page's tests. */
  priceAxisShown(): { ticks: string[]; width: number } {
    return { ticks: [...this.tickTexts], width: this.axisW };
  }

  /** A PNG of the chart as shown (main canvas and crosshair). */
  async snapshot(): Promise<Blob | null> {
    this.draw();
    const out = document.createElement('canvas');
    out.width = this.canvas.width;
    out.height = this.canvas.height;
    const c2d = out.getContext('2d');
    if (!c2d) return null;
    c2d.drawImage(this.canvas, 0, 0);
    return new Promise((resolve) => out.toBlob((b) => resolve(b), 'image/png'));
  }

  destroy(): void {
    this.destroyed = true;
    this.drawListeners.clear();
    scheduler.forget(this);
    if (this.crosshairHost) this.crosshairHost.destroy();
    else this.crosshair.destroy();
    this.labels.destroy();
    this.backend?.destroy();
    this.backend = null;
    this.heat.destroy();
    this.under.destroy({ children: true });
    this.over.destroy({ children: true });
    this.renderer?.destroy();
    this.renderer = null;
  }
}
