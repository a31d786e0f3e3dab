import { Container, Graphics, type BitmapText, type Renderer } from 'pixi.js';
import type { OrderBookMode } from '../../core/order-book.ts';
import type { BookRowText, BookView } from '../../state/active-market.ts';
import { effect } from '../../state/signals.ts';
import { createRenderer } from '../renderer-choice.ts';
import { scheduler, type Drawable } from '../scheduler.ts';
import { BLANK, createCell, ensureDigitsFont, setCellText } from '../text-atlas.ts';
import type { Theme } from '../theme.ts';
import { BAR_HEIGHT, ROW_PITCH, bookLayout, rowTop, type BookLayout, type SideBlock } from './layout.ts';

/** What the widget draws; the host passes signals' values in through `read`. */
export interface OrderBookInput {
  view: BookView | null;
  mode: OrderBookMode;
  theme: Theme;
  rtl: boolean;
  highlight: { side: 0 | 1; row: number } | null;
  stale: boolean;
}

const PAD = 8;
const SIZE_COLUMN_END = 0.62;

interface RowCells {
  /** The row's own container: painted alone when only this row changed. */
  box: Container;
  bar: Graphics;
  outline: Graphics;
  price: BitmapText;
  size: BitmapText;
  total: BitmapText;
  /** What the cells show now, to skip rows whose content did not change. */
  shown: BookRowText | null;
  barWidth: number;
  color: number;
  highlighted: boolean;
}

/**
 * The order book canvas: one PixiJS renderer, one cell set per visible row, rewritten only
 * where a row's content changed. It draws when the scheduler says so, never on its own.
 */
export class OrderBookWidget implements Drawable {
  private renderer: Renderer | null = null;
  private readonly stage = new Container();
  private readonly background = new Graphics();
  private readonly overlay = new Graphics();
  private readonly rowLayer = new Container();
  private cells: RowCells[][] = [[], []];
  private layout: BookLayout | null = null;
  private layoutKey = '';
  private width: number;
  private disposeEffect: (() => void) | null = null;
  private destroyed = false;
  private lastStale: boolean | null = null;
  /** Frames drawn and rows rewritten, for tests and the benchmark. */
  stats = { draws: 0, rowWrites: 0, fullPaints: 0 };
  private readonly dirtyRows: Container[] = [];
  private needsFullPaint = true;

  constructor(
    private readonly canvas: HTMLCanvasElement,
    width: number,
    private readonly read: () => OrderBookInput,
  ) {
    this.width = Math.max(120, Math.floor(width));
    this.stage.addChild(this.background, this.rowLayer, this.overlay);
  }

  async init(): Promise<void> {
    const input = this.read();
    const layout = bookLayout(input.mode, this.width);
    const renderer = await createRenderer({ canvas: this.canvas, width: layout.width, height: layout.height, background: input.theme.background });
    if (this.destroyed) {
      renderer.destroy();
      return;
    }
    ensureDigitsFont(renderer.resolution);
    this.renderer = renderer;
    // Reading the inputs inside the effect subscribes to them; the effect only marks dirty.
    this.disposeEffect = effect(() => {
      this.read();
      scheduler.markDirty(this);
    });
  }

  /** The current geometry, for hit-testing pointer and keyboard on the host element. */
  currentLayout(): BookLayout | null {
    return this.layout;
  }

  resize(width: number): void {
    const w = Math.max(120, Math.floor(width));
    if (w === this.width) return;
    this.width = w;
    scheduler.markDirty(this);
  }

  draw(): void {
    const renderer = this.renderer;
    if (!renderer) return;
    const input = this.read();
    const key = `${input.mode}/${this.width}/${input.rtl}/${input.theme.background}/${input.theme.up}`;
    if (key !== this.layoutKey) this.relayout(input, renderer);
    const layout = this.layout!;
    const view = input.view;
    this.dirtyRows.length = 0;
    for (const block of layout.blocks) {
      const rows = view ? (block.side === 0 ? view.bids : view.asks) : [];
      this.drawBlock(block, rows, input);
    }
    const overlayChanged = this.drawOverlay(input, layout);
    // Repaint only the rows that changed (each row paints its own opaque background), unless
    // something spanning rows changed or the book is dimmed as stale.
    if (this.needsFullPaint || overlayChanged || input.stale) {
      renderer.render({ container: this.stage });
      this.needsFullPaint = false;
      this.stats.fullPaints++;
    } else {
      for (const box of this.dirtyRows) renderer.render({ container: box, clear: false });
    }
    this.stats.draws++;
  }

  private relayout(input: OrderBookInput, renderer: Renderer): void {
    const layout = bookLayout(input.mode, this.width);
    this.layout = layout;
    this.layoutKey = `${input.mode}/${this.width}/${input.rtl}/${input.theme.background}/${input.theme.up}`;
    renderer.resize(layout.width, layout.height);
    this.background.clear().rect(0, 0, layout.width, layout.height).fill(input.theme.background);
    for (const side of this.cells) for (const c of side) c.box.destroy({ children: true });
    this.cells = [[], []];
    this.rowLayer.removeChildren();
    this.needsFullPaint = true;
    for (const block of layout.blocks) {
      const list: RowCells[] = [];
      for (let r = 0; r < block.rows; r++) {
        const top = rowTop(block, r);
        const x0 = input.rtl ? layout.width - block.x - block.width : block.x;
        const bg = new Graphics().rect(x0, top, block.width, ROW_PITCH).fill(input.theme.background);
        const cells: RowCells = {
          box: new Container(),
          bar: new Graphics(),
          outline: new Graphics().rect(x0 + 0.5, top + 0.5, block.width - 1, ROW_PITCH - 1).stroke({ color: input.theme.accent, width: 1 }),
          price: createCell(input.rtl ? 1 : 0),
          size: createCell(input.rtl ? 0 : 1),
          total: createCell(input.rtl ? 0 : 1),
          shown: null,
          barWidth: -1,
          color: -1,
          highlighted: false,
        };
        cells.outline.visible = false;
        const y = rowTop(block, r) + ROW_PITCH / 2;
        const mx = (x: number) => (input.rtl ? layout.width - x : x);
        cells.price.position.set(mx(block.x + PAD), y);
        cells.size.position.set(mx(block.x + Math.round(block.width * SIZE_COLUMN_END)), y);
        cells.total.position.set(mx(block.x + block.width - PAD), y);
        cells.box.addChild(bg, cells.bar, cells.outline, cells.price, cells.size, cells.total);
        this.rowLayer.addChild(cells.box);
        list.push(cells);
      }
      this.cells[block.side] = list;
    }
    this.lastStale = null;
  }

  private drawBlock(block: SideBlock, rows: readonly BookRowText[], input: OrderBookInput): void {
    const list = this.cells[block.side]!;
    const color = block.side === 0 ? input.theme.up : input.theme.down;
    const barColor = block.side === 0 ? input.theme.upBar : input.theme.downBar;
    const layoutWidth = this.layout!.width;
    const hl = input.highlight;
    for (let r = 0; r < list.length; r++) {
      const c = list[r]!;
      const row = rows[r] ?? null;
      const highlighted = hl !== null && hl.side === block.side && hl.row === r;
      if (highlighted !== c.highlighted) {
        c.highlighted = highlighted;
        c.outline.visible = highlighted;
        if (row === c.shown && c.color === color) this.dirtyRows.push(c.box);
      }
      if (row === c.shown && c.color === color) continue;
      this.dirtyRows.push(c.box);
      this.stats.rowWrites++;
      c.shown = row;
      c.color = color;
      const rr = this.renderer!;
      setCellText(c.price, row ? row.price : BLANK, rr);
      setCellText(c.size, row ? row.size : BLANK, rr);
      setCellText(c.total, row ? row.total : BLANK, rr);
      c.price.tint = color;
      c.size.tint = input.theme.text;
      c.total.tint = input.theme.text;
      const w = row ? Math.round(Math.min(1, Math.max(0, row.bar)) * block.width) : 0;
      if (w !== c.barWidth) {
        c.barWidth = w;
        c.bar.clear();
        if (w > 0) {
          // Bars grow from the outer edge (right in LTR, mirrored in RTL).
          const x = block.x + block.width - w;
          const rx = input.rtl ? layoutWidth - x - w : x;
          c.bar.rect(rx, rowTop(block, r) + 1, w, BAR_HEIGHT).fill(barColor);
        }
      }
    }
  }

  /** The stale dimming over the whole book; true when it changed (a full repaint is due). */
  private drawOverlay(input: OrderBookInput, layout: BookLayout): boolean {
    if (input.stale === this.lastStale) return false;
    this.lastStale = input.stale;
    const g = this.overlay.clear();
    // A stale book is dimmed so nobody trades on it without noticing; the DOM says why.
    if (input.stale) g.rect(0, 0, layout.width, layout.height).fill({ color: input.theme.background, alpha: 0.55 });
    return true;
  }

  destroy(): void {
    this.destroyed = true;
    this.disposeEffect?.();
    scheduler.forget(this);
    this.stage.destroy({ children: true });
    this.renderer?.destroy();
    this.renderer = null;
  }
}
