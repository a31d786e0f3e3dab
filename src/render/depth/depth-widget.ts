import type { Renderer } from 'pixi.js';
import { PaintedWidget } from '../painted-widget.ts';
import type { RendererInit } from '../renderer-choice.ts';
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
export class DepthWidget extends PaintedWidget<DepthPainter> {
  /** Under load the depth chart may skip a frame or three (the core frame governor). */
  readonly deferrable = true;
  readonly view = new DepthView();
  private sizedW = 0;
  private sizedH = 0;

  constructor(
    private readonly canvas: HTMLCanvasElement,
    private width: number,
    private height: number,
    private readonly read: () => DepthInput,
  ) {
    super();
  }

  rendererInit(): RendererInit {
    return { canvas: this.canvas, width: this.width, height: this.height, background: this.read().theme.background };
  }

  protected makePainter(renderer: Renderer, ctx: CanvasRenderingContext2D | null): DepthPainter {
    return ctx ? new CanvasDepthPainter(renderer, ctx) : new GpuDepthPainter(renderer);
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

  protected drawWith(renderer: Renderer, painter: DepthPainter): void {
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
}
