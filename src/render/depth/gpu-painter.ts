// The depth chart on PixiJS's GPU renderers (WebGL, WebGPU): Graphics for the areas, axes and
// markers, BitmapText labels from the chart's label pool, the whole stage rendered each frame
// (the GPU renderers keep no pixels between frames). The areas and axes are rebuilt only when the
// view's version moves; a hover move redraws the marker alone.
import { Container, Graphics, type Renderer } from 'pixi.js';
import { ensureChartFont } from '../chart/chart-font.ts';
import { LabelPool } from '../chart/label-pool.ts';
import { DEPTH_AXIS_H, HOVER_RADIUS, MID_BOX_COLOR, depthBoxWidth, type DepthInput, type DepthPainter, type DepthView } from './depth-view.ts';

const AREA_ALPHA = 0.25;
const DASH = 4;
const GAP = 3;

export class GpuDepthPainter implements DepthPainter {
  private readonly stage = new Container();
  private readonly scene = new Graphics();
  private readonly marker = new Graphics();
  private readonly labels: LabelPool;
  private drawnVersion = -1;

  constructor(private readonly renderer: Renderer) {
    ensureChartFont(renderer.resolution);
    this.labels = new LabelPool(() => this.renderer);
    this.stage.addChild(this.scene, this.marker, this.labels.container);
  }

  paint(v: DepthView, input: DepthInput): void {
    if (v.version !== this.drawnVersion) {
      this.drawnVersion = v.version;
      this.build(v, input);
    }
    const mk = this.marker.clear();
    const h = v.hover;
    if (h) {
      mk.rect(Math.round(h.x), 0, 1, v.plotH).fill({ color: input.theme.muted, alpha: 0.7 });
      mk.circle(h.x, h.y, HOVER_RADIUS).fill(h.buy ? input.up : input.down);
    }
    this.renderer.render({ container: this.stage });
  }

  private build(v: DepthView, input: DepthInput): void {
    const { theme } = input;
    const g = this.scene.clear();
    g.rect(0, 0, v.width, v.height).fill(theme.background);
    if (v.hasData) {
      area(g, v.bidArea, input.up);
      area(g, v.askArea, input.down);
    }
    g.rect(0, v.plotH, v.width, 1).rect(v.plotW, 0, 1, v.plotH).fill(theme.line);
    this.labels.begin();
    for (let i = 0; i < v.priceTickCount; i++) {
      const l = v.priceTicks[i]!;
      this.labels.add(l.text, l.x, l.y, l.anchorX, 0.5, theme.muted);
    }
    for (let i = 0; i < v.amountTickCount; i++) {
      const l = v.amountTicks[i]!;
      this.labels.add(l.text, l.x, l.y, l.anchorX, 0.5, theme.muted);
    }
    const mid = v.mid;
    if (mid) {
      for (let y = 0; y < v.plotH; y += DASH + GAP) g.rect(mid.x - 0.5, y, 1, Math.min(DASH, v.plotH - y));
      g.fill(theme.muted);
      const w = depthBoxWidth(mid.text);
      g.rect(Math.round(mid.x - w / 2), v.plotH + 1, w, DEPTH_AXIS_H - 2).fill(MID_BOX_COLOR);
      this.labels.add(mid.text, mid.x, v.plotH + DEPTH_AXIS_H / 2, 0.5, 0.5, 0xffffff);
    }
    this.labels.end();
  }

  destroy(): void {
    this.labels.destroy();
    this.stage.destroy({ children: true });
  }
}

function area(g: Graphics, pts: number[], color: number): void {
  if (pts.length < 8) return;
  g.poly(pts, true).fill({ color, alpha: AREA_ALPHA });
  g.poly(pts.slice(2, -2), false).stroke({ width: 1.5, color });
}
