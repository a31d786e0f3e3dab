// The price ladder on PixiJS's GPU renderers (WebGL, WebGPU), as the book's gpu-painter.ts: a
// scene of Graphics and BitmapText cells in the digits font, rebuilt only when the ladder's size,
// direction or theme changed; otherwise each frame rewrites the cells' texts and redraws one
// Graphics of rectangles, then renders the scene whole (the GPU renderers keep no pixels between
// frames). Loaded only for those renderers.
import { BitmapText, Container, Graphics, type Renderer } from 'pixi.js';
import { createCell, ensureDigitsFont, setCellText } from '../text-atlas.ts';
import { BLANK } from '../text-row.ts';
import type { Theme } from '../theme.ts';
import { STALE_DIM } from '../order-book/book-view.ts';
import { ladderColumns, type LadderColumn, type LadderRow } from './ladder-view.ts';
import type { LadderPainter } from './ladder-widget.ts';

const PAD = 6;

/** The five cells of a row, in LADDER_COLUMNS order: own, bid, price, ask, volume. */
type RowCells = [BitmapText, BitmapText, BitmapText, BitmapText, BitmapText];

export class GpuLadderPainter implements LadderPainter {
  private readonly stage = new Container();
  /** Background, cursor, bars, outlines and row lines: redrawn each frame (a few dozen rectangles). */
  private readonly shapes = new Graphics();
  private readonly cellLayer = new Container();
  private readonly overlay = new Graphics();
  private cells: RowCells[] = [];
  private laidOut = '';

  constructor(private readonly renderer: Renderer) {
    ensureDigitsFont(renderer.resolution);
    this.stage.addChild(this.shapes, this.cellLayer, this.overlay);
  }

  paint(rows: readonly LadderRow[], width: number, height: number, pitch: number, theme: Theme, rtl: boolean, stale: boolean): void {
    const cols = new Map<LadderColumn, { x: number; width: number }>(ladderColumns(width, rtl).map((c) => [c.column, c]));
    const key = `${width}x${height}/${pitch}/${rtl}`;
    const count = Math.max(1, Math.floor(height / pitch));
    if (key !== this.laidOut || this.cells.length !== count) this.relayout(cols, count, pitch, key);
    const g = this.shapes.clear();
    g.rect(0, 0, width, height).fill(theme.background);
    const own = cols.get('own')!;
    const bid = cols.get('bid')!;
    const ask = cols.get('ask')!;
    const price = cols.get('price')!;
    for (let i = 0; i < this.cells.length; i++) {
      const r = rows[i];
      const c = this.cells[i]!;
      if (!r) {
        for (const cell of c) setCellText(cell, BLANK, this.renderer);
        continue;
      }
      const top = i * pitch;
      if (r.cursor) g.rect(0, top, width, pitch).fill(theme.highlight);
      if (r.bid) g.rect(bid.x, top + 1, bid.width, pitch - 2).fill(theme.upBar);
      if (r.ask) g.rect(ask.x, top + 1, ask.width, pitch - 2).fill(theme.downBar);
      if (r.ownBuy || r.ownSell) g.rect(own.x + 1.5, top + 1.5, own.width - 3, pitch - 3).stroke({ color: r.ownBuy ? theme.up : theme.down, width: 1 });
      if (r.last) g.rect(price.x + 0.5, top + 0.5, price.width - 1, pitch - 1).stroke({ color: theme.accent, width: 1 });
      g.rect(0, top + pitch - 1, width, 1).fill(theme.line);
      this.set(c[0], r.ownBuy && r.ownSell ? `${r.ownBuy}/${r.ownSell}` : r.ownBuy || r.ownSell, r.ownBuy ? theme.up : theme.down);
      this.set(c[1], r.bid, theme.text);
      this.set(c[2], r.price, r.last ? theme.accent : theme.muted);
      this.set(c[3], r.ask, theme.text);
      this.set(c[4], r.volume, theme.muted);
    }
    // A stale book dims the ladder as it dims the book: its sizes are not the market's now.
    const o = this.overlay.clear();
    if (stale) o.rect(0, 0, width, height).fill({ color: theme.background, alpha: STALE_DIM });
    this.renderer.render({ container: this.stage });
  }

  private set(cell: BitmapText, text: string, color: number): void {
    setCellText(cell, text === '' ? BLANK : text, this.renderer);
    cell.tint = color;
  }

  /** One row of cells per row that fits, placed in their columns (centred own and price, sizes at the end). */
  private relayout(cols: Map<LadderColumn, { x: number; width: number }>, count: number, pitch: number, key: string): void {
    this.laidOut = key;
    for (const c of this.cellLayer.removeChildren()) c.destroy();
    const centre = (col: LadderColumn) => cols.get(col)!.x + cols.get(col)!.width / 2;
    const end = (col: LadderColumn) => cols.get(col)!.x + cols.get(col)!.width - PAD;
    const slots: Array<[number, number]> = [
      [centre('own'), 0.5],
      [end('bid'), 1],
      [centre('price'), 0.5],
      [end('ask'), 1],
      [end('volume'), 1],
    ];
    this.cells = [];
    for (let i = 0; i < count; i++) {
      const y = i * pitch + pitch / 2;
      const row = slots.map(([x, anchor]) => {
        const t = createCell(anchor);
        t.position.set(x, y);
        this.cellLayer.addChild(t);
        return t;
      }) as RowCells;
      this.cells.push(row);
    }
  }

  destroy(): void {
    this.stage.destroy({ children: true });
    this.cells = [];
  }
}
