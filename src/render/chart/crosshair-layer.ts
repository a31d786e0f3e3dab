import { Container, Graphics, type Renderer } from 'pixi.js';
import { canvasContextOf } from '../text-atlas.ts';
import { formatDateTime } from '../../core/chart/time-zone.ts';
import type { HostedWidget } from '../canvas-host.ts';
import type { RendererInit } from '../renderer-choice.ts';
import { scheduler } from '../scheduler.ts';
import { axisText, labelBoxWidth, TIME_AXIS_HEIGHT } from './chart-axes.ts';
import type { ChartGeometry } from './chart-widget.ts';
import { LabelPool } from './label-pool.ts';
import { drawDrawings, type DrawingsFrame } from './drawings-draw.ts';

/** The crosshair's boxes on the axes as drawn last (the page's tests read them). */
export interface CrosshairBoxes {
  price: { text: string; top: number; height: number } | null;
}

/**
 * The crosshair on its own transparent canvas and renderer: lines snapped to the bar under the
 * pointer and the value/time boxes on the axes. Moving the pointer redraws this layer alone. Its
 * renderer comes from a CanvasHost like every widget's; the chart creates that host at the first
 * pointer move, so the chart's first render stays cheap.
 */
export class CrosshairLayer implements HostedWidget {
  private renderer: Renderer | null = null;
  private readonly stage = new Container();
  private readonly g = new Graphics();
  private readonly labels = new LabelPool(() => this.renderer);
  /** The user's drawings (issue 36): under the crosshair, rebuilt only when they or the view change. */
  private readonly drawingsG = new Graphics();
  private readonly drawingLabels = new LabelPool(() => this.renderer);
  private drawings: DrawingsFrame = { list: [], selected: null };
  private drawingsDirty = false;
  /** Whether the drawings' geometry on screen is empty (nothing to paint when the pointer leaves). */
  private drawingsShown = false;
  drawingDraws = 0;
  private pointer: { x: number; y: number } | null = null;
  private drawnEmpty = false;
  private size = { width: 0, height: 0 };
  /** The price box as drawn last, reused (no allocation per pointer move). */
  private readonly priceBox = { text: '', top: 0, height: 0 };
  readonly boxes: CrosshairBoxes = { price: null };
  draws = 0;

  constructor(
    private readonly canvas: HTMLCanvasElement,
    private readonly geometry: () => ChartGeometry | null,
    width: number,
    height: number,
  ) {
    this.size = { width, height };
    this.stage.addChild(this.drawingsG, this.drawingLabels.container, this.g, this.labels.container);
  }

  rendererInit(): RendererInit {
    return { canvas: this.canvas, width: this.size.width, height: this.size.height, background: 0, transparent: true };
  }

  attach(renderer: Renderer): void {
    this.renderer = renderer;
  }

  /** Draws it in the next frame. */
  invalidate(): void {
    scheduler.markDirty(this);
  }

  resize(width: number, height: number): void {
    this.size = { width, height };
    this.renderer?.resize(width, height);
  }

  setPointer(p: { x: number; y: number } | null): void {
    if (p === null && this.pointer === null) return;
    this.pointer = p;
    this.invalidate();
  }

  /** The main chart moved under a still pointer (and under the drawings). */
  redraw(): void {
    if (this.drawings.list.length > 0 || this.drawingsShown) this.drawingsDirty = true;
    if (this.pointer || this.drawingsDirty) this.invalidate();
  }

  /** New drawings or a new selection: this layer alone redraws. */
  setDrawings(frame: DrawingsFrame): void {
    this.drawings = frame;
    this.drawingsDirty = true;
    this.invalidate();
  }

  draw(): void {
    const renderer = this.renderer;
    const geo = this.geometry();
    if (!renderer || !geo) return;
    const drawingsChanged = this.drawingsDirty;
    if (drawingsChanged) {
      this.drawingsDirty = false;
      const dg = this.drawingsG.clear();
      this.drawingLabels.begin();
      if (geo.length > 0) drawDrawings(dg, this.drawingLabels, this.drawings, geo);
      this.drawingLabels.end();
      this.drawingsShown = this.drawings.list.length > 0;
      this.drawingDraws++;
    }
    const g = this.g.clear();
    this.labels.begin();
    const p = this.pointer;
    this.boxes.price = null;
    if (p && p.x >= 0 && p.x <= geo.plotW && p.y >= 0 && p.y < geo.timeTop && geo.length > 0) {
      const i = Math.max(0, Math.min(geo.length - 1, Math.round(geo.ts.indexAt(p.x))));
      const x = Math.round(geo.ts.x(i)) + 0.5;
      const y = Math.round(p.y) + 0.5;
      for (let yy = 0; yy < geo.timeTop; yy += 6) g.rect(x - 0.5, yy, 1, 3);
      for (let xx = 0; xx < geo.plotW; xx += 6) g.rect(xx, y - 0.5, 3, 1);
      g.fill({ color: geo.colors.text, alpha: 0.8 });
      // Value box on the price axis of the pane under the pointer.
      const pane = p.y < geo.main.top + geo.main.height ? null : geo.subs.find((s) => p.y >= s.ps.top - 4 && p.y < s.ps.top + s.ps.height + 4);
      const ps = pane ? pane.ps : geo.main;
      const v = ps.valueAt(p.y);
      const text = pane ? axisText(v, 0.01, Math.min(geo.precision, 4), false) : geo.percent ? axisText(v, 0.01, 2, true) : v.toFixed(geo.precision);
      g.rect(geo.plotW, y - 9, labelBoxWidth(text.length), 18).fill(0x363c45);
      this.priceBox.text = text;
      this.priceBox.top = y - 9;
      this.priceBox.height = 18;
      this.boxes.price = this.priceBox;
      this.labels.add(text, geo.plotW + 6, y, 0, 0.5, 0xffffff);
      // Time box under the bar.
      const time = formatDateTime(geo.times[i]!, geo.zone, geo.ts.barSpacing > 0 && geo.times[1]! - geo.times[0]! < 60_000);
      const w = labelBoxWidth(time.length);
      g.rect(Math.round(x - w / 2), geo.timeTop + 1, w, TIME_AXIS_HEIGHT - 2).fill(0x363c45);
      this.labels.add(time, x, geo.timeTop + TIME_AXIS_HEIGHT / 2, 0.5, 0.5, 0xffffff);
      this.drawnEmpty = false;
    } else if (this.drawnEmpty && !drawingsChanged) {
      this.labels.end();
      return;
    } else {
      this.drawnEmpty = true;
    }
    this.labels.end();
    renderer.render({ container: this.stage });
    const c2d = canvasContextOf(renderer);
    if (c2d) {
      this.drawingLabels.paint(c2d, renderer.resolution);
      this.labels.paint(c2d, renderer.resolution);
    }
    this.draws++;
  }

  destroy(): void {
    scheduler.forget(this);
    this.labels.destroy();
    this.drawingLabels.destroy();
    this.stage.destroy({ children: true });
    this.renderer?.destroy();
    this.renderer = null;
  }
}
