import { Container, type Graphics, type ICanvas, type Renderer } from 'pixi.js';
import type { TradeRowText } from '../../core/trade-rows.ts';
import type { HostedWidget } from '../canvas-host.ts';
import type { RendererInit } from '../renderer-choice.ts';
import { scheduler } from '../scheduler.ts';
import { TextRow, canvasContextOf, gpuKitFor, paintCanvasFrame, type GpuKit, type RowRect } from '../text-row.ts';
import type { Theme } from '../theme.ts';
import { flashStep, FLASH_ALPHA, FLASH_STEPS, nextFlashAge, tapeShift, TRADE_ROWS, TRADE_ROW_HEIGHT } from './tape.ts';

export { TRADE_ROWS, TRADE_ROW_HEIGHT } from './tape.ts';
/** New trades flash this long (a brief highlight, spec 2.11). */
export const FLASH_MS = 600;
const PAD = 8;
/** A stale tape is dimmed with its background at this opacity. */
const STALE_DIM = 0.55;

/** The part of a trade row the tape draws. */
export type TradeRowCells = Pick<TradeRowText, 'price' | 'qty' | 'time' | 'buy' | 'arrivedAt'>;

export interface TradesInput {
  rows: readonly TradeRowCells[];
  theme: Theme;
  rtl: boolean;
  stale: boolean;
}

interface Cells {
  /** GPU renderers: the row's scene (background, highlight, cells). */
  box: Container;
  /** Moved to the row's slot; the cells inside never move. */
  slot: Container;
  /** GPU renderers: the highlight of a new buy and of a new sell, drawn once, shown or hidden. */
  flashUp: Graphics | null;
  flashDown: Graphics | null;
  /** Canvas renderer: the highlight rectangle painted with the cells. */
  flashRect: RowRect;
  /** Price, quantity and time. */
  text: TextRow;
  shown: TradeRowCells | null;
  /** Flash step drawn now (FLASH_STEPS … 0), -1 before the first draw. */
  flash_: number;
}

/**
 * The latest-trades tape: 40 rows. The row objects rotate with their trades, so a trade's cells
 * are set once. On the Canvas renderer rows are painted straight into PixiJS's context: all of
 * them when new trades arrived, else only rows whose flash step changed. GPU renderers keep no
 * pixels between frames and draw the scene each time (Graphics and BitmapTexts: gpu-kit.ts,
 * loaded for them only).
 */
export class TradesWidget implements HostedWidget {
  private renderer: Renderer | null = null;
  /** GPU renderers only: Graphics and bitmap cells, and the scene they make. */
  private gpu: GpuKit | null = null;
  private readonly stage = new Container();
  private bg: Graphics | null = null;
  private dim: Graphics | null = null;
  /** Row objects in slot order (slot 0 = newest trade, at the top). */
  private cells: Cells[] = [];
  private key = '';
  private width: number;
  private lastStale: boolean | null = null;
  private needsFullPaint = true;
  private readonly dirty: TextRow[] = [];
  stats = { draws: 0, rowWrites: 0, fullPaints: 0, repaints: 0 };

  constructor(
    private readonly canvas: ICanvas,
    width: number,
    private readonly read: () => TradesInput,
  ) {
    this.width = Math.max(120, Math.floor(width));
  }

  rendererInit(): RendererInit {
    return { canvas: this.canvas, width: this.width, height: TRADE_ROWS * TRADE_ROW_HEIGHT, background: this.read().theme.background };
  }

  async attach(r: Renderer): Promise<void> {
    this.renderer = r;
    const gpu = await gpuKitFor(r);
    if (this.renderer !== r) return; // destroyed meanwhile
    if (gpu) {
      gpu.ensureDigitsFont(r.resolution);
      this.bg = new gpu.Graphics();
      this.dim = new gpu.Graphics();
    }
    this.gpu = gpu;
  }

  /** What it shows changed: it draws in the next frame. */
  invalidate(): void {
    scheduler.markDirty(this);
  }

  resize(width: number): void {
    const w = Math.max(120, Math.floor(width));
    if (w !== this.width) {
      this.width = w;
      this.invalidate();
    }
  }

  private relayout(input: TradesInput, r: Renderer): void {
    this.key = `${this.width}/${input.rtl}/${input.theme.up}`;
    const h = TRADE_ROWS * TRADE_ROW_HEIGHT;
    r.resize(this.width, h);
    this.stage.removeChildren();
    for (const c of this.cells) c.box.destroy({ children: true });
    const gpu = this.gpu;
    if (this.bg) this.stage.addChild(this.bg.clear().rect(0, 0, this.width, h).fill(input.theme.background));
    const mx = (x: number) => (input.rtl ? this.width - x : x);
    this.cells = [];
    for (let i = 0; i < TRADE_ROWS; i++) {
      const y = TRADE_ROW_HEIGHT / 2;
      const slot = new Container();
      slot.y = i * TRADE_ROW_HEIGHT;
      let flashUp: Graphics | null = null;
      let flashDown: Graphics | null = null;
      if (gpu) {
        flashUp = new gpu.Graphics().rect(0, 0, this.width, TRADE_ROW_HEIGHT).fill({ color: input.theme.up, alpha: FLASH_ALPHA });
        flashDown = new gpu.Graphics().rect(0, 0, this.width, TRADE_ROW_HEIGHT).fill({ color: input.theme.down, alpha: FLASH_ALPHA });
        flashUp.visible = flashDown.visible = false;
        slot.addChild(flashUp, flashDown);
      }
      const slots = [
        { x: mx(PAD), y, anchorX: input.rtl ? 1 : 0 },
        { x: mx(Math.round(this.width * 0.62)), y, anchorX: input.rtl ? 0 : 1 },
        { x: mx(this.width - PAD), y, anchorX: input.rtl ? 0 : 1 },
      ] as const;
      const text = new TextRow(slots, r, gpu ? gpu.bitmapCells(slots, slot, r) : null);
      text.offsetY = slot.y;
      // Each row paints its own opaque background, so it can be painted over old pixels.
      const flashRect: RowRect = { x: 0, y: 0, w: 0, h: TRADE_ROW_HEIGHT, color: input.theme.up, alpha: FLASH_ALPHA };
      text.under.push({ x: 0, y: 0, w: this.width, h: TRADE_ROW_HEIGHT, color: input.theme.background, alpha: 1 }, flashRect);
      const c: Cells = { box: new Container(), slot, flashUp, flashDown, flashRect, text, shown: null, flash_: -1 };
      c.box.addChild(slot);
      this.stage.addChild(c.box);
      this.cells.push(c);
    }
    if (this.dim) this.stage.addChild(this.dim);
    this.needsFullPaint = true;
    this.lastStale = null;
  }

  draw(): void {
    const r = this.renderer;
    // Before attach, and between attach and the GPU kit's arrival.
    if (!r || (r.name !== 'canvas' && !this.gpu)) return;
    const input = this.read();
    if (this.key !== `${this.width}/${input.rtl}/${input.theme.up}`) this.relayout(input, r);
    const rows = input.rows;
    const k = tapeShift(this.cells.map((c) => c.shown), rows);
    const stale = input.stale;
    // Partial painting keeps the pixels of the last frame: only the Canvas renderer has them
    // (WebGL runs without preserveDrawingBuffer).
    const ctx = canvasContextOf(r);
    let full = this.needsFullPaint || stale !== this.lastStale || stale || !ctx;
    // New trades move every row down: on the Canvas renderer all 40 rows are repainted straight
    // into the context (cheaper, measured, than scrolling the old pixels with a drawImage of the
    // canvas onto itself, which makes Chromium snapshot the canvas mid-frame).
    const repaintAll = k > 0 && k < TRADE_ROWS && !full;
    if (k !== 0 && !repaintAll) full = true;
    if (k > 0 && k < TRADE_ROWS) this.cells = [...this.cells.slice(TRADE_ROWS - k), ...this.cells.slice(0, TRADE_ROWS - k)];
    const wall = Date.now();
    let nextFlashChange = Infinity;
    this.dirty.length = 0;
    for (let i = 0; i < TRADE_ROWS; i++) {
      const c = this.cells[i]!;
      const row = rows[i] ?? null;
      let changed = false;
      if (c.slot.y !== i * TRADE_ROW_HEIGHT) c.slot.y = c.text.offsetY = i * TRADE_ROW_HEIGHT;
      if (row !== c.shown) {
        changed = true;
        this.stats.rowWrites++;
        c.shown = row;
        c.text.set(0, row ? row.price : '', row?.buy ? input.theme.up : input.theme.down);
        c.text.set(1, row ? row.qty : '', input.theme.text);
        c.text.set(2, row ? row.time : '', input.theme.muted);
      }
      const step = row ? flashStep(wall - row.arrivedAt, FLASH_MS) : 0;
      // When this row's highlight steps down next (wall-clock ms).
      if (step > 0 && row) nextFlashChange = Math.min(nextFlashChange, row.arrivedAt + nextFlashAge(step, FLASH_MS));
      if (step !== c.flash_ || changed) {
        changed = true;
        c.flash_ = step;
        const on = step > 0 && row !== null;
        if (c.flashUp && c.flashDown) {
          c.flashUp.visible = on && row.buy;
          c.flashDown.visible = on && !row.buy;
          c.flashUp.alpha = c.flashDown.alpha = step / FLASH_STEPS;
        }
        c.flashRect.w = on ? this.width : 0;
        c.flashRect.color = row?.buy ? input.theme.up : input.theme.down;
        c.flashRect.alpha = (FLASH_ALPHA * step) / FLASH_STEPS;
      }
      if (changed) this.dirty.push(c.text);
    }
    if (full) {
      const height = TRADE_ROWS * TRADE_ROW_HEIGHT;
      const dim = this.dim?.clear();
      if (dim && stale) dim.rect(0, 0, this.width, height).fill({ color: input.theme.background, alpha: STALE_DIM });
      if (ctx) paintCanvasFrame(ctx, r.resolution, { width: this.width, height, background: input.theme.background, dim: stale ? STALE_DIM : 0 }, this.cells.map((c) => c.text));
      else r.render({ container: this.stage });
      this.needsFullPaint = false;
      this.lastStale = stale;
      this.stats.fullPaints++;
    } else if (ctx && repaintAll) {
      TextRow.paint(ctx, this.cells.map((c) => c.text));
      this.stats.repaints++;
    } else if (ctx && this.dirty.length > 0) {
      TextRow.paint(ctx, this.dirty);
    }
    this.stats.draws++;
    // The highlight fades in steps: come back when the next one is due (not every frame).
    if (nextFlashChange < Infinity) this.wakeAt(nextFlashChange - wall);
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
      this.invalidate();
    }, Math.max(0, delayMs) + 1);
  }

  destroy(): void {
    if (this.wakeTimer !== null) clearTimeout(this.wakeTimer);
    scheduler.forget(this);
    this.stage.destroy({ children: true });
    this.renderer?.destroy();
    this.renderer = null;
  }
}
