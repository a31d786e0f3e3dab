import type { Renderer, ICanvas } from 'pixi.js';
import { PaintedWidget } from '../painted-widget.ts';
import type { RendererInit } from '../renderer-choice.ts';
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
export class OrderBookWidget extends PaintedWidget<BookPainter> {
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
    super();
    this.width = Math.max(120, Math.floor(width));
  }

  rendererInit(): RendererInit {
    const input = this.read();
    const layout = bookLayout(input.mode, this.width, input.pitch);
    return { canvas: this.canvas, width: layout.width, height: layout.height, background: input.theme.background };
  }

  protected async makePainter(renderer: Renderer, ctx: CanvasRenderingContext2D | null): Promise<BookPainter> {
    return ctx ? new CanvasBookPainter(renderer, ctx) : new (await import('./gpu-painter.ts')).GpuBookPainter(renderer);
  }

  /** The current geometry, for hit-testing pointer and keyboard on the host element. */
  currentLayout(): BookLayout | null {
    return this.view.layout;
  }

  /** The price a row showed at `at` (ms since the epoch, a click's time; now if not given), or null for an empty row. */
  priceShownAt(side: 0 | 1, row: number, at?: number): string | null {
    return this.view.priceShownAt(side, row, at);
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

  protected drawWith(renderer: Renderer, painter: BookPainter): void {
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
}
