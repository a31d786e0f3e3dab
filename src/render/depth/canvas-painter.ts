// The depth chart on PixiJS's Canvas renderer (a machine without a GPU): painted straight into
// the renderer's 2D context (paths, fillRect, fillText), no PixiJS scene. Labels go with fillText:
// on this renderer a BitmapText is one drawImage per glyph.
import type { Renderer } from 'pixi.js';
import { cssColor } from '../css-color.ts';
import { CELL_FONT } from '../text-row.ts';
import { DEPTH_AXIS_H, HOVER_RADIUS, MID_BOX_COLOR, depthBoxWidth, type DepthInput, type DepthLabel, type DepthPainter, type DepthView } from './depth-view.ts';

const AREA_ALPHA = 0.25;
const MID_DASH = [4, 3];
const NO_DASH: number[] = [];

export class CanvasDepthPainter implements DepthPainter {
  constructor(
    private readonly renderer: Renderer,
    private readonly ctx: CanvasRenderingContext2D,
  ) {}

  paint(v: DepthView, input: DepthInput): void {
    const ctx = this.ctx;
    const { theme } = input;
    ctx.setTransform(this.renderer.resolution, 0, 0, this.renderer.resolution, 0, 0);
    ctx.globalCompositeOperation = 'source-over';
    ctx.globalAlpha = 1;
    ctx.fillStyle = cssColor(theme.background);
    ctx.fillRect(0, 0, v.width, v.height);
    if (v.hasData) {
      area(ctx, v.bidArea, input.up);
      area(ctx, v.askArea, input.down);
    }
    // Axis lines.
    ctx.fillStyle = cssColor(theme.line);
    ctx.fillRect(0, v.plotH, v.width, 1);
    ctx.fillRect(v.plotW, 0, 1, v.plotH);
    ctx.font = CELL_FONT;
    ctx.textBaseline = 'middle';
    ctx.fillStyle = cssColor(theme.muted);
    labels(ctx, v.priceTicks, v.priceTickCount);
    labels(ctx, v.amountTicks, v.amountTickCount);
    const mid = v.mid;
    if (mid) {
      ctx.strokeStyle = cssColor(theme.muted);
      ctx.lineWidth = 1;
      ctx.setLineDash(MID_DASH);
      ctx.beginPath();
      ctx.moveTo(mid.x, 0);
      ctx.lineTo(mid.x, v.plotH);
      ctx.stroke();
      ctx.setLineDash(NO_DASH);
      const w = depthBoxWidth(mid.text);
      ctx.fillStyle = cssColor(MID_BOX_COLOR);
      ctx.fillRect(Math.round(mid.x - w / 2), v.plotH + 1, w, DEPTH_AXIS_H - 2);
      ctx.fillStyle = '#ffffff';
      ctx.textAlign = 'center';
      ctx.fillText(mid.text, Math.round(mid.x), v.plotH + DEPTH_AXIS_H / 2);
    }
    const h = v.hover;
    if (h) {
      ctx.globalAlpha = 0.7;
      ctx.fillStyle = cssColor(theme.muted);
      ctx.fillRect(Math.round(h.x), 0, 1, v.plotH);
      ctx.globalAlpha = 1;
      ctx.fillStyle = cssColor(h.buy ? input.up : input.down);
      ctx.beginPath();
      ctx.arc(h.x, h.y, HOVER_RADIUS, 0, 2 * Math.PI);
      ctx.fill();
    }
  }

  destroy(): void {}
}

/** A stepped area: filled translucent, its outline (without the base) stroked. */
function area(ctx: CanvasRenderingContext2D, pts: readonly number[], color: number): void {
  if (pts.length < 8) return;
  const css = cssColor(color);
  ctx.beginPath();
  ctx.moveTo(pts[0]!, pts[1]!);
  for (let i = 2; i < pts.length; i += 2) ctx.lineTo(pts[i]!, pts[i + 1]!);
  ctx.closePath();
  ctx.globalAlpha = AREA_ALPHA;
  ctx.fillStyle = css;
  ctx.fill();
  ctx.globalAlpha = 1;
  ctx.beginPath();
  ctx.moveTo(pts[2]!, pts[3]!);
  for (let i = 4; i < pts.length - 2; i += 2) ctx.lineTo(pts[i]!, pts[i + 1]!);
  ctx.strokeStyle = css;
  ctx.lineWidth = 1.5;
  ctx.stroke();
}

function labels(ctx: CanvasRenderingContext2D, list: readonly DepthLabel[], count: number): void {
  for (let i = 0; i < count; i++) {
    const l = list[i]!;
    ctx.textAlign = l.anchorX === 0 ? 'left' : l.anchorX === 1 ? 'right' : 'center';
    ctx.fillText(l.text, l.x, l.y);
  }
}
