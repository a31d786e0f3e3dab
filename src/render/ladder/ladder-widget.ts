// The price ladder's canvas (issue 35 item 2), drawn like the book: a view (ladder-view.ts: which
// prices the rows show, the scroll and the cursor) and a painter for the renderer it got, chosen
// once: on PixiJS's Canvas renderer rows are painted straight into its 2D context
// (canvas-painter.ts), on the GPU renderers a scene of Graphics and BitmapTexts is kept
// (gpu-painter.ts, loaded for them only). It draws in the canvas worker (render/offscreen/) or,
// without OffscreenCanvas, on the main thread, when the thread's frame scheduler says so. It
// exists only while the ladder is shown: hidden, no ladder code runs (its module is not loaded).
import type { ICanvas, Renderer } from 'pixi.js';
import { PaintedWidget } from '../painted-widget.ts';
import type { RendererInit } from '../renderer-choice.ts';
import type { Theme } from '../theme.ts';
import { LadderView, type LadderInput, type LadderRow } from './ladder-view.ts';

/** Row pitch of the ladder in CSS pixels. */
export const LADDER_PITCH = 20;

/** How the ladder's rows get on the screen: one per renderer family. */
export interface LadderPainter {
  /** Paints `rows` at `pitch` on a canvas of `width` × `height` CSS pixels. */
  paint(rows: readonly LadderRow[], width: number, height: number, pitch: number, theme: Theme, rtl: boolean, stale: boolean): void;
  destroy(): void;
}

/** What the person asks of the ladder's place: scroll rows, move the cursor, page, recentre. */
export type LadderNav = { op: 'scroll'; rows: number } | { op: 'cursor'; rows: number } | { op: 'page'; dir: 1 | -1 } | { op: 'recentre' };

/** Rows that fit in `height` CSS pixels (at least one). */
export const ladderRowsFor = (height: number) => Math.max(1, Math.floor(height / LADDER_PITCH));

export class LadderWidget extends PaintedWidget<LadderPainter> {
  readonly view = new LadderView(1);
  private width: number;
  private height: number;
  private sized = '';
  /** The rows drawn last (what a click or key at a row means). */
  rows: readonly LadderRow[] = [];
  /** Frames drawn (for tests and the benchmark). */
  draws = 0;

  constructor(
    private readonly canvas: ICanvas,
    width: number,
    height: number,
    private readonly read: () => LadderInput | null,
    /** The rows as drawn, after each frame that drew them. */
    private readonly onRows: (rows: readonly LadderRow[]) => void,
  ) {
    super();
    this.width = Math.max(1, Math.floor(width));
    this.height = Math.max(1, Math.floor(height));
    this.view.rows = ladderRowsFor(this.height);
  }

  rendererInit(): RendererInit {
    return { canvas: this.canvas, width: this.width, height: this.height, background: this.read()?.theme.background ?? 0 };
  }

  protected async makePainter(renderer: Renderer, ctx: CanvasRenderingContext2D | null): Promise<LadderPainter> {
    if (ctx) return new (await import('./canvas-painter.ts')).CanvasLadderPainter(ctx, renderer.resolution);
    return new (await import('./gpu-painter.ts')).GpuLadderPainter(renderer);
  }

  /** The ladder's box in CSS pixels: as many rows as fit. */
  resize(width: number, height: number): void {
    const w = Math.max(1, Math.floor(width));
    const h = Math.max(1, Math.floor(height));
    if (w === this.width && h === this.height) return;
    this.width = w;
    this.height = h;
    const rows = ladderRowsFor(h);
    if (rows !== this.view.rows) {
      // Keep the middle price in the middle when the row count changes.
      const step = this.read()?.stepTicks ?? 1;
      const mid = this.view.top === null ? null : this.view.top - Math.floor(this.view.rows / 2) * step;
      this.view.rows = rows;
      if (mid !== null) this.view.top = mid + Math.floor(rows / 2) * step;
    }
    this.invalidate();
  }

  /** Scrolls, moves the cursor or recentres, as the person asked; drawn in the next frame. */
  navigate(nav: LadderNav): void {
    const input = this.read();
    const step = input?.stepTicks ?? 1;
    if (nav.op === 'scroll') this.view.scrollBy(nav.rows, step);
    else if (nav.op === 'cursor') this.view.moveCursor(nav.rows, step);
    else if (nav.op === 'page') this.view.scrollBy(nav.dir * Math.max(1, this.view.rows - 2), step);
    else if (input) this.view.recentre(input);
    this.invalidate();
  }

  /** The row at the keyboard cursor as the view has it now (a key acts on it), or null. */
  cursorRow(): LadderRow | null {
    const input = this.read();
    if (!input || this.view.cursor === null) return null;
    return this.view.update(input).find((r) => r.cursor) ?? null;
  }

  protected drawWith(renderer: Renderer, painter: LadderPainter): void {
    const input = this.read();
    const size = `${this.width}x${this.height}`;
    if (size !== this.sized) {
      this.sized = size;
      renderer.resize(this.width, this.height);
    }
    this.rows = input ? this.view.update(input) : [];
    this.draws++;
    painter.paint(this.rows, this.width, this.height, LADDER_PITCH, input?.theme ?? EMPTY_THEME, input?.rtl ?? false, input?.stale ?? false);
    this.onRows(this.rows);
  }
}

const EMPTY_THEME: Theme = { background: 0, text: 0, muted: 0, up: 0, down: 0, upBar: 0, downBar: 0, highlight: 0, line: 0, accent: 0 };
