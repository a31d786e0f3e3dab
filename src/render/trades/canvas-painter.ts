// The trades tape on PixiJS's Canvas renderer: rows painted straight into the renderer's 2D
// context (text-row.ts). New trades move every row down: all 40 rows are repainted (cheaper,
// measured, than scrolling the old pixels with a drawImage of the canvas onto itself, which
// makes Chromium snapshot the canvas mid-frame); otherwise only rows whose highlight changed.
import type { Renderer } from 'pixi.js';
import { TextRow, paintCanvasFrame, type RowRect } from '../text-row.ts';
import { FLASH_ALPHA, FLASH_STEPS, TRADE_ROWS, TRADE_ROW_HEIGHT } from './tape.ts';
import { STALE_DIM, tapeCellXs, type TapeChanges, type TapePainter, type TapeSlot, type TapeView, type TradesInput } from './tape-view.ts';

interface PaintedRow {
  text: TextRow;
  flash: RowRect;
}

export class CanvasTapePainter implements TapePainter {
  private rows = new Map<TapeSlot, PaintedRow>();
  private needsFullPaint = true;
  private readonly dirty: TextRow[] = [];

  constructor(
    private readonly renderer: Renderer,
    private readonly ctx: CanvasRenderingContext2D,
  ) {}

  paint(view: TapeView, input: TradesInput, changes: TapeChanges, width: number): 'full' | 'all' | 'rows' | 'none' {
    if (changes.relayout) this.relayout(view, input, width);
    for (const s of changes.rows) this.sync(s, this.rows.get(s)!, input, width);
    const k = changes.shift;
    // Partial painting keeps the pixels of the last frame (only this renderer has them).
    let full = this.needsFullPaint || changes.staleChanged || input.stale;
    const repaintAll = k > 0 && k < TRADE_ROWS && !full;
    if (k !== 0 && !repaintAll) full = true;
    const texts = () => view.slots.map((s) => this.moved(s));
    if (full) {
      const frame = { width, height: TRADE_ROWS * TRADE_ROW_HEIGHT, background: input.theme.background, dim: input.stale ? STALE_DIM : 0 };
      paintCanvasFrame(this.ctx, this.renderer.resolution, frame, texts());
      this.needsFullPaint = false;
      return 'full';
    }
    if (repaintAll) {
      TextRow.paint(this.ctx, texts());
      return 'all';
    }
    if (changes.rows.length === 0) return 'none';
    this.dirty.length = 0;
    for (const s of changes.rows) this.dirty.push(this.moved(s));
    TextRow.paint(this.ctx, this.dirty);
    return 'rows';
  }

  /** The row's texts, moved to the slot's row. */
  private moved(s: TapeSlot): TextRow {
    const text = this.rows.get(s)!.text;
    text.offsetY = s.index * TRADE_ROW_HEIGHT;
    return text;
  }

  private relayout(view: TapeView, input: TradesInput, width: number): void {
    this.rows = new Map();
    const cells = tapeCellXs(width, input.rtl).map((c) => ({ x: c.x, y: TRADE_ROW_HEIGHT / 2, anchorX: c.anchorX }));
    for (const s of view.slots) {
      const text = new TextRow(cells, this.renderer);
      // Each row paints its own opaque background, so it can be painted over old pixels.
      const flash: RowRect = { x: 0, y: 0, w: 0, h: TRADE_ROW_HEIGHT, color: input.theme.up, alpha: FLASH_ALPHA };
      text.under.push({ x: 0, y: 0, w: width, h: TRADE_ROW_HEIGHT, color: input.theme.background, alpha: 1 }, flash);
      this.rows.set(s, { text, flash });
    }
    this.needsFullPaint = true;
  }

  private sync(s: TapeSlot, p: PaintedRow, input: TradesInput, width: number): void {
    for (let i = 0; i < 3; i++) p.text.set(i, s.texts[i]!, s.colors[i]!);
    const on = s.flash > 0 && s.shown !== null;
    p.flash.w = on ? width : 0;
    p.flash.color = s.buy ? input.theme.up : input.theme.down;
    p.flash.alpha = (FLASH_ALPHA * s.flash) / FLASH_STEPS;
  }

  destroy(): void {
    this.rows.clear();
  }
}
