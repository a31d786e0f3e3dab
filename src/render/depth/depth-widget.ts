import type { Renderer } from 'pixi.js';
import type { HostedWidget } from '../canvas-host.ts';
import type { RendererInit } from '../renderer-choice.ts';
import { scheduler } from '../scheduler.ts';
import { canvasContextOf } from '../text-row.ts';
import { CanvasDepthPainter } from './canvas-painter.ts';
import { DepthView, type DepthHit, type DepthInput, type DepthPainter } from './depth-view.ts';
import { GpuDepthPainter } from './gpu-painter.ts';

export type { DepthHit, DepthInput } from './depth-view.ts';

/**
 * The depth chart canvas (spec 2.4): a view (depth-view.ts: areas, axes, mid-price marker, hover,
 * as plain data) and a painter for the renderer it got, chosen once: on PixiJS's Canvas renderer
 * it paints into the renderer's context (canvas-painter.ts), on the GPU renderers it keeps a
 * scene (gpu-painter.ts). It draws when the scheduler says so.
 */
export class DepthWidget implements HostedWidget {
  private renderer: Renderer | null = null;
  private painter: DepthPainter | null = null;
  readonly view = new DepthView();
  private sizedW = 0;
  private sizedH = 0;

  constructor(
    private readonly canvas: HTMLCanvasElement,
    private width: number,
    private height: number,
    private readonly read: () => DepthInput,
  ) {}

  rendererInit(): RendererInit {
    return { canvas: this.canvas, width: this.width, height: this.height, background: this.read().theme.background };
  }

  attach(renderer: Renderer): void {
    const ctx = canvasContextOf(renderer);
    this.painter = ctx ? new CanvasDepthPainter(renderer, ctx) : new GpuDepthPainter(renderer);
    this.renderer = renderer;
  }

  /** What it shows changed: it draws in the next frame. */
  invalidate(): void {
    scheduler.markDirty(this);
  }

  resize(w: number, h: number): void {
    this.width = Math.max(160, Math.floor(w));
    this.height = Math.max(120, Math.floor(h));
    this.invalidate();
  }

  /** The nearest curve point to x on the side x falls on (null outside the data). */
  hitTest(x: number): DepthHit | null {
    return this.view.hitTest(this.read().data, x);
  }

  setHover(h: DepthHit | null): void {
    this.view.setHover(h);
    this.invalidate();
  }

  draw(): void {
    const renderer = this.renderer;
    const painter = this.painter;
    if (!renderer || !painter) return;
    const input = this.read();
    // A resize clears the canvas: paint it whole again.
    const resized = this.width !== this.sizedW || this.height !== this.sizedH;
    if (resized) {
      this.sizedW = this.width;
      this.sizedH = this.height;
      renderer.resize(this.width, this.height);
    }
    if (this.view.update(input, this.width, this.height) || resized) painter.paint(this.view, input);
  }

  destroy(): void {
    scheduler.forget(this);
    this.painter?.destroy();
    this.painter = null;
    this.renderer?.destroy();
    this.renderer = null;
  }
}
