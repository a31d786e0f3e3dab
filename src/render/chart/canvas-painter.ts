// The chart on PixiJS's Canvas renderer: the scene under the candles, then candles and volume as
// plain fillRects (rect-batch.ts: a Graphics rectangle costs a save, transform, path and restore
// there), then the scene over them and the axis labels with fillText (label-pool.ts).
import type { Container, Renderer } from 'pixi.js';
import type { ChartBackend } from './chart-backend.ts';
import type { LabelPool } from './label-pool.ts';
import { RectBatch, type RectSink } from './rect-batch.ts';

export class CanvasChartBackend implements ChartBackend {
  private readonly rects = new RectBatch();

  constructor(
    private readonly ctx: CanvasRenderingContext2D,
    private readonly under: Container,
    private readonly over: Container,
    private readonly labels: LabelPool,
  ) {}

  begin(): RectSink {
    return this.rects.clear();
  }

  present(renderer: Renderer, plot: { w: number; h: number }): void {
    renderer.render({ container: this.under });
    this.rects.paint(this.ctx, renderer.resolution, { x: 0, y: 0, w: plot.w, h: plot.h });
    renderer.render({ container: this.over, clear: false });
    this.labels.paint(this.ctx, renderer.resolution);
  }

  destroy(): void {
    this.rects.clear();
  }
}
