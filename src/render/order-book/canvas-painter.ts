// The order book on PixiJS's Canvas renderer (a machine without a GPU): rows painted straight
// into the renderer's 2D context with fillRect and fillText (text-row.ts), only the rows that
// changed, each over its own opaque background. No PixiJS scene and none of its Graphics or text
// code, so the canvas worker's first load carries none of it.
import type { Renderer } from 'pixi.js';
import { TextRow, paintCanvasFrame, type RowRect } from '../text-row.ts';
import { barHeight } from './layout.ts';
import { STALE_DIM, cellXs, type BookChanges, type BookPainter, type BookSlot, type BookView, type OrderBookInput } from './book-view.ts';

interface PaintedRow {
  text: TextRow;
  bar: RowRect;
  outline: RowRect;
}

export class CanvasBookPainter implements BookPainter {
  private rows = new Map<BookSlot, PaintedRow>();
  private all: TextRow[] = [];
  private needsFullPaint = true;
  private readonly dirty: TextRow[] = [];

  constructor(
    private readonly renderer: Renderer,
    private readonly ctx: CanvasRenderingContext2D,
  ) {}

  paint(view: BookView, input: OrderBookInput, changes: BookChanges): boolean {
    if (changes.relayout) this.relayout(view, input);
    this.dirty.length = 0;
    for (const s of changes.rows) {
      const p = this.rows.get(s)!;
      this.sync(s, p, input.rtl);
      this.dirty.push(p.text);
    }
    // Only the rows that changed are painted (each paints its own opaque background over the last
    // frame's pixels), unless something spanning rows changed or the book is dimmed as stale.
    if (this.needsFullPaint || changes.staleChanged || input.stale) {
      const layout = view.layout!;
      const frame = { width: layout.width, height: layout.height, background: input.theme.background, dim: input.stale ? STALE_DIM : 0 };
      paintCanvasFrame(this.ctx, this.renderer.resolution, frame, this.all);
      this.needsFullPaint = false;
      return true;
    }
    if (this.dirty.length > 0) TextRow.paint(this.ctx, this.dirty);
    return false;
  }

  private relayout(view: BookView, input: OrderBookInput): void {
    this.rows = new Map();
    this.all = [];
    const theme = input.theme;
    const pitch = view.layout!.pitch;
    for (const side of view.slots) {
      for (const s of side) {
        const y = s.top + pitch / 2;
        const text = new TextRow(
          cellXs(s, input.rtl).map((c) => ({ x: c.x, y, anchorX: c.anchorX })),
          this.renderer,
        );
        const bar: RowRect = { x: 0, y: s.top + 1, w: 0, h: barHeight(pitch), color: s.side === 0 ? theme.upBar : theme.downBar, alpha: 1 };
        const outline: RowRect = { x: s.x0 + 0.5, y: s.top + 0.5, w: s.width - 1, h: pitch - 1, color: theme.accent, alpha: 1, stroke: true };
        text.under.push({ x: s.x0, y: s.top, w: s.width, h: pitch, color: theme.background, alpha: 1 }, bar);
        const p = { text, bar, outline };
        this.rows.set(s, p);
        this.all.push(text);
        this.sync(s, p, input.rtl);
      }
    }
    this.needsFullPaint = true;
  }

  private sync(s: BookSlot, p: PaintedRow, rtl: boolean): void {
    for (let i = 0; i < 3; i++) p.text.set(i, s.texts[i]!, s.colors[i]!);
    // Bars grow from the outer edge: the right in LTR, the left in RTL.
    p.bar.w = s.barWidth;
    p.bar.x = rtl ? s.x0 : s.x0 + s.width - s.barWidth;
    p.text.over.length = 0;
    if (s.highlighted) p.text.over.push(p.outline);
  }

  destroy(): void {
    this.rows.clear();
    this.all = [];
  }
}
