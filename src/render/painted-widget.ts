// What the canvas widgets drawn by a view and a painter per PixiJS backend share (the book, the
// tape, the depth chart): the painter is chosen once for the renderer the host hands over (the
// Canvas renderer's painter, or the GPU one), a change draws it in the thread's next frame, and
// `destroy` takes it all down. Each widget keeps its view, inputs and what a frame draws (`drawWith`).
import type { Renderer } from 'pixi.js';
import type { HostedWidget } from './canvas-host.ts';
import type { RendererInit } from './renderer-choice.ts';
import { scheduler } from './scheduler.ts';
import { canvasContextOf } from './text-row.ts';

export abstract class PaintedWidget<P extends { destroy(): void }> implements HostedWidget {
  protected renderer: Renderer | null = null;
  protected painter: P | null = null;

  abstract rendererInit(): RendererInit;
  /** Draws a frame with the renderer and its painter (the scheduler calls `draw` once they exist). */
  protected abstract drawWith(renderer: Renderer, painter: P): void;
  /** The painter for `renderer`: `ctx` is the Canvas renderer's 2D context, null on the GPU renderers. */
  protected abstract makePainter(renderer: Renderer, ctx: CanvasRenderingContext2D | null): P | Promise<P>;

  async attach(renderer: Renderer): Promise<void> {
    this.renderer = renderer;
    const painter = await this.makePainter(renderer, canvasContextOf(renderer));
    if (this.renderer !== renderer) return painter.destroy(); // destroyed meanwhile
    this.painter = painter;
  }

  draw(): void {
    const renderer = this.renderer;
    const painter = this.painter;
    if (renderer && painter) this.drawWith(renderer, painter);
  }

  /** What it shows changed: it draws in the next frame. */
  invalidate(): void {
    scheduler.markDirty(this);
  }

  destroy(): void {
    scheduler.forget(this);
    this.painter?.destroy();
    this.painter = null;
    this.renderer?.destroy();
    this.renderer = null;
  }
}
