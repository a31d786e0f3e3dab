import type { Renderer, ICanvas } from 'pixi.js';
import type { HostedWidget } from '../canvas-host.ts';
import type { RendererInit } from '../renderer-choice.ts';
import { scheduler } from '../scheduler.ts';
import { canvasContextOf } from '../text-row.ts';
import { bookLayout, type BookLayout } from './layout.ts';
import { BookView, type BookPainter, type OrderBookInput } from './book-view.ts';
import { CanvasBookPainter } from './canvas-painter.ts';

export type { BookRowCells, OrderBookInput } from './book-view.ts';

/**
 * The order book canvas: a view (book-view.ts: what each row slot shows, and what changed) and
 * a painter for the renderer it got, chosen once: on PixiJS's Canvas renderer rows are painted
 * straight into its context (canvas-painter.ts); on the GPU renderers a scene of Graphics and
 * BitmapTexts is kept (gpu-painter.ts, loaded for them only). It draws when the scheduler says so.
 */
export class OrderBookWidget implements HostedWidget {
  private renderer: Renderer | null = null;
  private painter: BookPainter | null = null;
  private readonly view = new BookView();
  private width: number;
  private sized = '';
  /** Frames drawn, rows rewritten and whole repaints, for tests and the benchmark. */
  stats = { draws: 0, rowWrites: 0, fullPaints: 0 };

  constructor(
    private readonly canvas: ICanvas,
    width: number,
    private readonly read: () => OrderBookInput,
    /** Called once, after the first frame that drew rows with levels (what loads after the book waits for it). */
    private onFirstRows: (() => void) | null = null,
  ) {
    this.width = Math.max(120, Math.floor(width));
  }

  rendererInit(): RendererInit {
    const input = this.read();
    const layout = bookLayout(input.mode, this.width);
    return { canvas: this.canvas, width: layout.width, height: layout.height, background: input.theme.background };
  }

  async attach(renderer: Renderer): Promise<void> {
    this.renderer = renderer;
    const ctx = canvasContextOf(renderer);
    const painter = ctx ? new CanvasBookPainter(renderer, ctx) : new (await import('./gpu-painter.ts')).GpuBookPainter(renderer);
    if (this.renderer !== renderer) return painter.destroy(); // destroyed meanwhile
    this.painter = painter;
  }

  /** What it shows changed: it draws in the next frame. */
  invalidate(): void {
    scheduler.markDirty(this);
  }

  /** The current geometry, for hit-testing pointer and keyboard on the host element. */
  currentLayout(): BookLayout | null {
    return this.view.layout;
  }

  /** The price a row shows now (what a click on it means), or null for an empty row. */
  priceShownAt(side: 0 | 1, row: number): string | null {
    return this.view.priceShownAt(side, row);
  }

  /** The outlined row as drawn last, or null (the page's tests read it). */
  highlightShown(): { side: 0 | 1; row: number; price: string } | null {
    return this.view.highlightShown();
  }

  resize(width: number): void {
    const w = Math.max(120, Math.floor(width));
    if (w === this.width) return;
    this.width = w;
    this.invalidate();
  }

  draw(): void {
    const renderer = this.renderer;
    const painter = this.painter;
    if (!renderer || !painter) return;
    const input = this.read();
    const changes = this.view.update(input, this.width);
    const layout = this.view.layout!;
    const size = `${layout.width}x${layout.height}`;
    if (size !== this.sized) {
      this.sized = size;
      renderer.resize(layout.width, layout.height);
    }
    if (painter.paint(this.view, input, changes)) this.stats.fullPaints++;
    this.stats.draws++;
    this.stats.rowWrites = this.view.rowWrites;
    if (this.onFirstRows && input.view && this.stats.rowWrites > 0) {
      const first = this.onFirstRows;
      this.onFirstRows = null;
      first();
    }
  }

  destroy(): void {
    scheduler.forget(this);
    this.painter?.destroy();
    this.painter = null;
    this.renderer?.destroy();
    this.renderer = null;
  }
}
