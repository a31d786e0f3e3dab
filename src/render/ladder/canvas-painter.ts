// The price ladder on PixiJS's Canvas renderer (a machine without a GPU): painted straight into the
// renderer's 2D context (fillRect and fillText), one pass over the rows a frame brings: the ladder
// is a few dozen rows, drawn only when what it shows changed. No PixiJS scene, as for the book.
import { cssColor } from '../css-color.ts';
import { CELL_FONT } from '../text-row.ts';
import { ladderColumns, type LadderColumn, type LadderRow } from './ladder-view.ts';
import type { Theme } from '../theme.ts';
import { STALE_DIM } from '../order-book/book-view.ts';
import type { LadderPainter } from './ladder-widget.ts';

const PAD = 6;

export class CanvasLadderPainter implements LadderPainter {
  constructor(
    private readonly ctx: CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D,
    /** Device pixels per CSS pixel (the renderer's resolution). */
    private readonly scale: number,
  ) {}

  /** Paints `rows` at `pitch` on a canvas of `width` × `height` CSS pixels. */
  paint(rows: readonly LadderRow[], width: number, height: number, pitch: number, theme: Theme, rtl: boolean, stale: boolean): void {
    const ctx = this.ctx;
    ctx.setTransform(this.scale, 0, 0, this.scale, 0, 0);
    ctx.fillStyle = cssColor(theme.background);
    ctx.fillRect(0, 0, width, height);
    ctx.font = CELL_FONT;
    ctx.textBaseline = 'middle';
    const cols = new Map<LadderColumn, { x: number; width: number }>(ladderColumns(width, rtl).map((c) => [c.column, c]));
    const price = cols.get('price')!;
    for (let i = 0; i < rows.length; i++) {
      const r = rows[i]!;
      const top = i * pitch;
      const mid = top + pitch / 2;
      if (r.cursor) this.rect(0, top, width, pitch, theme.highlight);
      if (r.bid) this.rect(cols.get('bid')!.x, top + 1, cols.get('bid')!.width, pitch - 2, theme.upBar);
      if (r.ask) this.rect(cols.get('ask')!.x, top + 1, cols.get('ask')!.width, pitch - 2, theme.downBar);
      this.text(cols.get('own')!, mid, r.ownBuy && r.ownSell ? `${r.ownBuy}/${r.ownSell}` : r.ownBuy || r.ownSell, r.ownBuy ? theme.up : theme.down, 'center');
      this.text(cols.get('bid')!, mid, r.bid, theme.text, 'end');
      this.text(price, mid, r.price, r.last ? theme.accent : theme.muted, 'center');
      this.text(cols.get('ask')!, mid, r.ask, theme.text, 'end');
      this.text(cols.get('volume')!, mid, r.volume, theme.muted, 'end');
      if (r.ownBuy || r.ownSell) {
        const own = cols.get('own')!;
        ctx.strokeStyle = cssColor(r.ownBuy ? theme.up : theme.down);
        ctx.strokeRect(own.x + 1.5, top + 1.5, own.width - 3, pitch - 3);
      }
      if (r.last) {
        ctx.strokeStyle = cssColor(theme.accent);
        ctx.strokeRect(price.x + 0.5, top + 0.5, price.width - 1, pitch - 1);
      }
      ctx.fillStyle = cssColor(theme.line);
      ctx.fillRect(0, top + pitch - 1, width, 1);
    }
    // A stale book dims the ladder as it dims the book: its sizes are not the market's now.
    if (stale) {
      ctx.globalAlpha = STALE_DIM;
      this.rect(0, 0, width, height, theme.background);
      ctx.globalAlpha = 1;
    }
  }

  private rect(x: number, y: number, w: number, h: number, color: number): void {
    this.ctx.fillStyle = cssColor(color);
    this.ctx.fillRect(x, y, w, h);
  }

  private text(col: { x: number; width: number }, y: number, s: string, color: number, align: 'start' | 'end' | 'center'): void {
    if (!s) return;
    const ctx = this.ctx;
    ctx.fillStyle = cssColor(color);
    ctx.textAlign = align === 'center' ? 'center' : align === 'end' ? 'right' : 'left';
    const x = align === 'center' ? col.x + col.width / 2 : align === 'end' ? col.x + col.width - PAD : col.x + PAD;
    ctx.fillText(s, x, y, align === 'center' ? col.width - 2 : col.width - PAD - 2);
  }

  destroy(): void {}
}
