// Axis-aligned rectangles of the price series, drawn either as PixiJS Graphics (GPU renderers)
// or, on PixiJS's Canvas renderer, recorded here and written with fillRect / strokeRect: a
// Graphics there costs a path and a fill per rectangle, and candles are hundreds of them a frame.
import { cssColor } from '../css-color.ts';

type FillStyle = number | { color: number; alpha?: number };

/** What the series drawers need of a Graphics; a Graphics is one, and so is a RectBatch. */
export interface RectSink {
  rect(x: number, y: number, w: number, h: number): unknown;
  fill(style: FillStyle): unknown;
  stroke(style: { width: number; color: number }): unknown;
}

interface Run {
  stroke: boolean;
  color: number;
  alpha: number;
  width: number;
  /** Rectangles [from, to) of `rects` (4 numbers each). */
  from: number;
  to: number;
}

export class RectBatch implements RectSink {
  private rects = new Float64Array(4 * 1024);
  private count = 0;
  private runStart = 0;
  private readonly runs: Run[] = [];
  private runCount = 0;

  clear(): this {
    this.count = 0;
    this.runStart = 0;
    this.runCount = 0;
    return this;
  }

  rect(x: number, y: number, w: number, h: number): this {
    if ((this.count + 1) * 4 > this.rects.length) {
      const next = new Float64Array(this.rects.length * 2);
      next.set(this.rects);
      this.rects = next;
    }
    const at = this.count * 4;
    this.rects[at] = x;
    this.rects[at + 1] = y;
    this.rects[at + 2] = w;
    this.rects[at + 3] = h;
    this.count++;
    return this;
  }

  fill(style: FillStyle): this {
    return this.close(false, typeof style === 'number' ? style : style.color, typeof style === 'number' ? 1 : (style.alpha ?? 1), 0);
  }

  stroke(style: { width: number; color: number }): this {
    return this.close(true, style.color, 1, style.width);
  }

  /** Writes the runs into `ctx`, clipped to the plot rectangle (CSS pixels). */
  paint(ctx: CanvasRenderingContext2D, resolution: number, clip: { x: number; y: number; w: number; h: number }): void {
    if (this.runCount === 0) return;
    ctx.save();
    ctx.setTransform(resolution, 0, 0, resolution, 0, 0);
    ctx.globalCompositeOperation = 'source-over';
    ctx.beginPath();
    ctx.rect(clip.x, clip.y, clip.w, clip.h);
    ctx.clip();
    const r = this.rects;
    for (let k = 0; k < this.runCount; k++) {
      const run = this.runs[k]!;
      ctx.globalAlpha = run.alpha;
      if (run.stroke) {
        ctx.strokeStyle = cssColor(run.color);
        ctx.lineWidth = run.width;
        for (let i = run.from; i < run.to; i++) ctx.strokeRect(r[i * 4]!, r[i * 4 + 1]!, r[i * 4 + 2]!, r[i * 4 + 3]!);
      } else {
        ctx.fillStyle = cssColor(run.color);
        for (let i = run.from; i < run.to; i++) ctx.fillRect(r[i * 4]!, r[i * 4 + 1]!, r[i * 4 + 2]!, r[i * 4 + 3]!);
      }
    }
    ctx.restore();
  }

  private close(stroke: boolean, color: number, alpha: number, width: number): this {
    if (this.count > this.runStart) {
      const run = this.runs[this.runCount] ?? (this.runs[this.runCount] = { stroke, color, alpha, width, from: 0, to: 0 });
      run.stroke = stroke;
      run.color = color;
      run.alpha = alpha;
      run.width = width;
      run.from = this.runStart;
      run.to = this.count;
      this.runCount++;
    }
    this.runStart = this.count;
    return this;
  }
}
