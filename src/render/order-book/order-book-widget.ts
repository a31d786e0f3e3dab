import { Container, type Graphics, type ICanvas, type Renderer } from 'pixi.js';
import type { BookRowText } from '../../core/book-rows.ts';
import type { OrderBookMode } from '../../core/order-book.ts';
import type { HostedWidget } from '../canvas-host.ts';
import type { RendererInit } from '../renderer-choice.ts';
import { scheduler } from '../scheduler.ts';
import { TextRow, canvasContextOf, gpuKitFor, paintCanvasFrame, type GpuKit, type RowRect } from '../text-row.ts';
import type { Theme } from '../theme.ts';
import { BAR_HEIGHT, ROW_PITCH, bookLayout, rowTop, type BookLayout, type SideBlock } from './layout.ts';

/** The part of a book row the canvas draws. */
export type BookRowCells = Pick<BookRowText, 'price' | 'size' | 'total' | 'bar'>;

/** What the widget draws; its mount passes the page's (or the canvas worker's) values in through `read`. */
export interface OrderBookInput {
  view: { bids: readonly BookRowCells[]; asks: readonly BookRowCells[] } | null;
  mode: OrderBookMode;
  theme: Theme;
  rtl: boolean;
  highlight: { side: 0 | 1; row: number } | null;
  stale: boolean;
}

const PAD = 8;
const SIZE_COLUMN_END = 0.62;
/** A stale book is dimmed with its background at this opacity. */
const STALE_DIM = 0.55;

interface RowCells {
  /** The row's own container (GPU renderers: its background, bar, outline and cells). */
  box: Container;
  /**
   * GPU renderers: the depth bar, a 1 px wide rectangle drawn once and stretched by its scale,
   * so a new width is a transform change and never rebuilds a graphic. Null on the Canvas
   * renderer, where the row's rectangles are `text.under` / `text.over`.
   */
  bar: Graphics | null;
  outline: Graphics | null;
  /** Canvas renderer: the bar and outline rectangles painted with the cells. */
  barRect: RowRect;
  outlineRect: RowRect;
  /** Price, size and total. */
  text: TextRow;
  /** What the cells show now, to skip rows whose content did not change. */
  shown: BookRowCells | null;
  barWidth: number;
  color: number;
  highlighted: boolean;
}

/**
 * The order book canvas: one PixiJS renderer, one cell set per visible row, rewritten only
 * where a row's content changed. It draws when the scheduler says so, never on its own. On the
 * Canvas renderer it paints into the renderer's context itself (text-row.ts); on the GPU
 * renderers it keeps a scene of Graphics and BitmapTexts (gpu-kit.ts, loaded for them only).
 */
export class OrderBookWidget implements HostedWidget {
  private renderer: Renderer | null = null;
  /** GPU renderers only: Graphics and bitmap cells, and the scene they make. */
  private gpu: GpuKit | null = null;
  private readonly stage = new Container();
  private background: Graphics | null = null;
  private overlay: Graphics | null = null;
  private readonly rowLayer = new Container();
  private cells: RowCells[][] = [[], []];
  private layout: BookLayout | null = null;
  private layoutKey = '';
  private width: number;
  private lastStale: boolean | null = null;
  /** Frames drawn and rows rewritten, for tests and the benchmark. */
  stats = { draws: 0, rowWrites: 0, fullPaints: 0 };
  private readonly dirtyRows: RowCells[] = [];
  private needsFullPaint = true;

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
    const gpu = await gpuKitFor(renderer);
    if (this.renderer !== renderer) return; // destroyed meanwhile
    if (gpu) {
      gpu.ensureDigitsFont(renderer.resolution);
      this.background = new gpu.Graphics();
      this.overlay = new gpu.Graphics();
      this.stage.addChild(this.background, this.rowLayer, this.overlay);
    }
    this.gpu = gpu;
  }

  /** What it shows changed: it draws in the next frame. */
  invalidate(): void {
    scheduler.markDirty(this);
  }

  /** The current geometry, for hit-testing pointer and keyboard on the host element. */
  currentLayout(): BookLayout | null {
    return this.layout;
  }

  /** The price a row shows now (what a click on it means), or null for an empty row. */
  priceShownAt(side: 0 | 1, row: number): string | null {
    return this.cells[side]?.[row]?.shown?.price ?? null;
  }

  resize(width: number): void {
    const w = Math.max(120, Math.floor(width));
    if (w === this.width) return;
    this.width = w;
    this.invalidate();
  }

  draw(): void {
    const renderer = this.renderer;
    // Before attach, and between attach and the GPU kit's arrival.
    if (!renderer || (renderer.name !== 'canvas' && !this.gpu)) return;
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
    // Canvas renderer: repaint only the rows that changed (each paints its own opaque
    // background over the last frame's pixels), unless something spanning rows changed or the
    // book is dimmed as stale. GPU renderers keep no pixels between frames: always the scene.
    const ctx = canvasContextOf(renderer);
    if (!ctx) {
      renderer.render({ container: this.stage });
      this.stats.fullPaints++;
    } else if (this.needsFullPaint || overlayChanged || input.stale) {
      const frame = { width: layout.width, height: layout.height, background: input.theme.background, dim: input.stale ? STALE_DIM : 0 };
      paintCanvasFrame(ctx, renderer.resolution, frame, this.cells.flat().map((c) => c.text));
      this.needsFullPaint = false;
      this.stats.fullPaints++;
    } else if (this.dirtyRows.length > 0) {
      TextRow.paint(ctx, this.dirtyRows.map((c) => c.text));
    }
    this.stats.draws++;
    if (this.onFirstRows && view && this.stats.rowWrites > 0) {
      const first = this.onFirstRows;
      this.onFirstRows = null;
      first();
    }
  }

  private relayout(input: OrderBookInput, renderer: Renderer): void {
    const layout = bookLayout(input.mode, this.width);
    this.layout = layout;
    this.layoutKey = `${input.mode}/${this.width}/${input.rtl}/${input.theme.background}/${input.theme.up}`;
    renderer.resize(layout.width, layout.height);
    this.background?.clear().rect(0, 0, layout.width, layout.height).fill(input.theme.background);
    for (const side of this.cells) for (const c of side) c.box.destroy({ children: true });
    this.cells = [[], []];
    this.rowLayer.removeChildren();
    this.needsFullPaint = true;
    const gpu = this.gpu;
    for (const block of layout.blocks) {
      const list: RowCells[] = [];
      for (let r = 0; r < block.rows; r++) {
        const top = rowTop(block, r);
        const x0 = input.rtl ? layout.width - block.x - block.width : block.x;
        const box = new Container();
        const barColor = block.side === 0 ? input.theme.upBar : input.theme.downBar;
        // Bars grow from the outer edge: the right in LTR, the left in RTL.
        const barRect: RowRect = { x: input.rtl ? x0 : x0 + block.width, y: top + 1, w: 0, h: BAR_HEIGHT, color: barColor, alpha: 1 };
        const outlineRect: RowRect = { x: x0 + 0.5, y: top + 0.5, w: block.width - 1, h: ROW_PITCH - 1, color: input.theme.accent, alpha: 1, stroke: true };
        let bar: Graphics | null = null;
        let outline: Graphics | null = null;
        if (gpu) {
          bar = new gpu.Graphics().rect(0, top + 1, 1, BAR_HEIGHT).fill(barColor);
          bar.x = barRect.x;
          bar.scale.x = 0;
          outline = new gpu.Graphics().rect(outlineRect.x, outlineRect.y, outlineRect.w, outlineRect.h).stroke({ color: input.theme.accent, width: 1 });
          outline.visible = false;
          box.addChild(new gpu.Graphics().rect(x0, top, block.width, ROW_PITCH).fill(input.theme.background), bar, outline);
        }
        const y = top + ROW_PITCH / 2;
        const mx = (x: number) => (input.rtl ? layout.width - x : x);
        const slots = [
          { x: mx(block.x + PAD), y, anchorX: input.rtl ? 1 : 0 },
          { x: mx(block.x + Math.round(block.width * SIZE_COLUMN_END)), y, anchorX: input.rtl ? 0 : 1 },
          { x: mx(block.x + block.width - PAD), y, anchorX: input.rtl ? 0 : 1 },
        ] as const;
        const text = new TextRow(slots, renderer, gpu ? gpu.bitmapCells(slots, box, renderer) : null);
        text.under.push({ x: x0, y: top, w: block.width, h: ROW_PITCH, color: input.theme.background, alpha: 1 }, barRect);
        const cells: RowCells = { box, bar, outline, barRect, outlineRect, text, shown: null, barWidth: -1, color: -1, highlighted: false };
        this.rowLayer.addChild(cells.box);
        list.push(cells);
      }
      this.cells[block.side] = list;
    }
    this.lastStale = null;
  }

  private drawBlock(block: SideBlock, rows: readonly BookRowCells[], input: OrderBookInput): void {
    const list = this.cells[block.side]!;
    const color = block.side === 0 ? input.theme.up : input.theme.down;
    const hl = input.highlight;
    for (let r = 0; r < list.length; r++) {
      const c = list[r]!;
      const row = rows[r] ?? null;
      const highlighted = hl !== null && hl.side === block.side && hl.row === r;
      if (highlighted !== c.highlighted) {
        c.highlighted = highlighted;
        if (c.outline) c.outline.visible = highlighted;
        c.text.over.length = 0;
        if (highlighted) c.text.over.push(c.outlineRect);
        if (row === c.shown && c.color === color) this.dirtyRows.push(c);
      }
      if (row === c.shown && c.color === color) continue;
      this.dirtyRows.push(c);
      this.stats.rowWrites++;
      c.shown = row;
      c.color = color;
      c.text.set(0, row ? row.price : '', color);
      c.text.set(1, row ? row.size : '', input.theme.text);
      c.text.set(2, row ? row.total : '', input.theme.text);
      const w = row ? Math.round(Math.min(1, Math.max(0, row.bar)) * block.width) : 0;
      if (w !== c.barWidth) {
        c.barWidth = w;
        if (c.bar) c.bar.scale.x = input.rtl ? w : -w;
        // LTR bars end at the row's right edge; RTL bars start at its left edge.
        const edge = input.rtl ? c.barRect.x : c.barRect.x + c.barRect.w;
        c.barRect.w = w;
        c.barRect.x = input.rtl ? edge : edge - w;
      }
    }
  }

  /** The stale dimming over the whole book; true when it changed (a full repaint is due). */
  private drawOverlay(input: OrderBookInput, layout: BookLayout): boolean {
    if (input.stale === this.lastStale) return false;
    this.lastStale = input.stale;
    // A stale book is dimmed so nobody trades on it without noticing; the DOM says why. (On the
    // Canvas renderer the dimming is painted with the frame.)
    const g = this.overlay?.clear();
    if (g && input.stale) g.rect(0, 0, layout.width, layout.height).fill({ color: input.theme.background, alpha: STALE_DIM });
    return true;
  }

  destroy(): void {
    scheduler.forget(this);
    this.stage.destroy({ children: true });
    this.renderer?.destroy();
    this.renderer = null;
  }
}
