import type { ICanvas, Renderer } from 'pixi.js';
import { PaintedWidget } from '../painted-widget.ts';
import { scheduler } from '../scheduler.ts';
import type { RendererInit } from '../renderer-choice.ts';
import { TRADE_ROWS, TRADE_ROW_HEIGHT } from './tape.ts';
import { TapeView, type TapePainter, type TradesInput } from './tape-view.ts';
import { CanvasTapePainter } from './canvas-painter.ts';

export { TRADE_ROWS, TRADE_ROW_HEIGHT } from './tape.ts';
export { FLASH_MS, type TradeRowCells, type TradesInput } from './tape-view.ts';

/** How long a highlight that is due to go off may wait for a frame drawn for new data. */
export const FLASH_JOIN_MS = 150;

/**
 * The latest-trades tape: 40 rows. A view (tape-view.ts: the row slots, which rotate with their
 * trades, and what changed) and a painter for the renderer it got, chosen once: on PixiJS's
 * Canvas renderer rows are painted straight into its context (canvas-painter.ts), on the GPU
 * renderers a scene is kept (gpu-painter.ts, loaded for them only).
 */
export class TradesWidget extends PaintedWidget<TapePainter> {
  /** Under load the tape may skip a frame or three (the core frame governor); the book never does. */
  readonly deferrable = true;
  private readonly view = new TapeView();
  private width: number;
  private sized = '';
  stats = { draws: 0, rowWrites: 0, fullPaints: 0, repaints: 0 };

  constructor(
    private readonly canvas: ICanvas,
    width: number,
    private readonly read: () => TradesInput,
  ) {
    super();
    this.width = Math.max(120, Math.floor(width));
  }

  rendererInit(): RendererInit {
    return { canvas: this.canvas, width: this.width, height: TRADE_ROWS * TRADE_ROW_HEIGHT, background: this.read().theme.background };
  }

  protected async makePainter(r: Renderer, ctx: CanvasRenderingContext2D | null): Promise<TapePainter> {
    return ctx ? new CanvasTapePainter(r, ctx) : new (await import('./gpu-painter.ts')).GpuTapePainter(r);
  }

  resize(width: number): void {
    const w = Math.max(120, Math.floor(width));
    if (w !== this.width) {
      this.width = w;
      this.invalidate();
    }
  }

  protected drawWith(r: Renderer, painter: TapePainter): void {
    const input = this.read();
    const wall = Date.now();
    const changes = this.view.update(input, this.width, wall);
    const size = `${this.width}`;
    if (size !== this.sized) {
      this.sized = size;
      r.resize(this.width, TRADE_ROWS * TRADE_ROW_HEIGHT);
    }
    const kind = painter.paint(this.view, input, changes, this.width);
    if (kind === 'full') this.stats.fullPaints++;
    else if (kind === 'all') this.stats.repaints++;
    this.stats.rowWrites = this.view.rowWrites;
    this.stats.draws++;
    // The highlight fades in steps: come back when the next one is due (not every frame).
    if (changes.nextFlashChange < Infinity) this.wakeAt(changes.nextFlashChange - wall);
  }

  private wakeTimer: ReturnType<typeof setTimeout> | null = null;
  private wakeDue = Infinity;

  private wakeAt(delayMs: number): void {
    const due = Date.now() + Math.max(0, delayMs);
    if (this.wakeTimer !== null && this.wakeDue <= due) return;
    if (this.wakeTimer !== null) clearTimeout(this.wakeTimer);
    this.wakeDue = due;
    this.wakeTimer = setTimeout(() => {
      this.wakeTimer = null;
      this.wakeDue = Infinity;
      // A highlight going off joins the next frame drawn for new data, if one comes soon.
      scheduler.markDirtyWithin(this, FLASH_JOIN_MS);
    }, Math.max(0, delayMs) + 1);
  }

  override destroy(): void {
    if (this.wakeTimer !== null) clearTimeout(this.wakeTimer);
    super.destroy();
  }
}
