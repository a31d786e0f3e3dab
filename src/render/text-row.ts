// Rows of number cells, and painting them (with their rectangles) straight into the Canvas
// renderer's 2D context. No PixiJS here, only its types: on the Canvas renderer the order book
// and the tape are painted with this alone, so the canvas worker's first load carries none of
// PixiJS's Graphics or text code (those are gpu-kit.ts, loaded for WebGL/WebGPU only).
import type { Renderer } from 'pixi.js';
import { cssColor } from './css-color.ts';

export const DIGITS_FONT_SIZE = 12;

/**
 * What an empty cell holds. PixiJS 8.22's Canvas renderer never draws a BitmapText that was
 * rendered once with '' and given text later; a space avoids that.
 */
export const BLANK = ' ';

/** Where a cell sits in its row: x, the vertical centre y, and its alignment (0 start, 1 end). */
export interface CellSlot {
  x: number;
  y: number;
  anchorX: 0 | 1;
}

/** The CSS font of numbers painted with fillText on the Canvas renderer (same face as the bitmap font). */
export const CELL_FONT = `${DIGITS_FONT_SIZE}px ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace`;

/**
 * The 2D context PixiJS's Canvas renderer paints into, or null on the GPU renderers. In the canvas
 * worker it is an OffscreenCanvasRenderingContext2D, which has every member used here.
 */
export function canvasContextOf(renderer: Renderer): CanvasRenderingContext2D | null {
  if (renderer.name !== 'canvas') return null;
  return (renderer as unknown as { canvasContext?: { rootContext?: CanvasRenderingContext2D } }).canvasContext?.rootContext ?? null;
}

/** A rectangle of a row painted by `TextRow.paint` (Canvas renderer): filled, or outlined when `stroke`. */
export interface RowRect {
  x: number;
  y: number;
  w: number;
  h: number;
  color: number;
  alpha: number;
  stroke?: boolean;
}

export type GpuKit = typeof import('./gpu-kit.ts');

/** The GPU renderers' parts (gpu-kit.ts, loaded now), or null on the Canvas renderer, which needs none. */
export async function gpuKitFor(renderer: Renderer): Promise<GpuKit | null> {
  return renderer.name === 'canvas' ? null : import('./gpu-kit.ts');
}

/** GPU renderers: a row's cells as scene objects (gpu-kit.ts `bitmapCells`). */
export interface GpuCells {
  set(i: number, text: string, color: number): void;
}

/**
 * The number cells of one row. On WebGL/WebGPU they are BitmapTexts in the row's container
 * (`gpu`, one batched draw for every glyph). On PixiJS's Canvas renderer a BitmapText costs one
 * drawImage per glyph, which Chromium then rasterises at commit: bench:browser measured that as
 * the bottleneck of the whole page at CPU ×4. There `paint` writes the row straight into the
 * renderer's context: its rectangles (`under`: background, depth bar, flash) with fillRect, the
 * cells with fillText (Skia draws them from its glyph cache, one call per cell), then `over`
 * (the keyboard outline). A scene-graph Graphics per rectangle cost a save, a transform, a path
 * and a restore each, which bench:browser measured as most of the per-row cost.
 */
export class TextRow {
  readonly texts: string[];
  readonly colors: number[];
  /** Canvas renderer: rectangles painted before the cells, in row coordinates (moved by `offsetY`). */
  readonly under: RowRect[] = [];
  /** Canvas renderer: rectangles painted after the cells. */
  readonly over: RowRect[] = [];

  constructor(
    private readonly slots: readonly CellSlot[],
    private readonly renderer: Renderer,
    private readonly gpu: GpuCells | null = null,
  ) {
    this.texts = slots.map(() => '');
    this.colors = slots.map(() => 0xffffff);
  }

  set(i: number, text: string, color: number): void {
    this.texts[i] = text;
    this.colors[i] = color;
    this.gpu?.set(i, text, color);
  }

  /** Canvas renderer only: moves the painted cells `offsetY` pixels down (a row slot that moved). */
  offsetY = 0;

  /**
   * Canvas renderer only: paints `rows` into the renderer's context (rows never overlap, so all
   * rectangles go first, then all cells, then all outlines). Context state is set once per batch
   * and changed only when a colour, alpha or alignment differs.
   */
  static paint(ctx: CanvasRenderingContext2D, rows: readonly TextRow[]): void {
    const first = rows[0];
    if (!first || first.gpu) return;
    const res = first.renderer.resolution;
    ctx.setTransform(res, 0, 0, res, 0, 0);
    ctx.globalCompositeOperation = 'source-over';
    const state = { color: -1, alpha: -1 };
    for (const row of rows) paintRects(ctx, row.under, row.offsetY, state);
    if (state.alpha !== 1) ctx.globalAlpha = 1;
    state.alpha = 1;
    ctx.font = CELL_FONT;
    ctx.textBaseline = 'middle';
    let align = -1;
    state.color = -1;
    for (const row of rows) {
      for (let i = 0; i < row.slots.length; i++) {
        const text = row.texts[i]!;
        if (text === '') continue;
        const s = row.slots[i]!;
        if (s.anchorX !== align) {
          align = s.anchorX;
          ctx.textAlign = align === 0 ? 'left' : 'right';
        }
        const c = row.colors[i]!;
        if (c !== state.color) {
          state.color = c;
          ctx.fillStyle = cssColor(c);
        }
        ctx.fillText(text, s.x, s.y + row.offsetY);
      }
    }
    state.color = -1;
    for (const row of rows) if (row.over.length > 0) paintRects(ctx, row.over, row.offsetY, state);
    if (state.alpha !== 1) ctx.globalAlpha = 1;
  }
}

/** What a whole repaint on the Canvas renderer covers: the widget's area, its background and whether it is dimmed. */
export interface CanvasFrame {
  width: number;
  height: number;
  background: number;
  /** Stale data: the whole widget dimmed with its background at this alpha, over the rows; 0: not dimmed. */
  dim: number;
}

/**
 * Canvas renderer: a whole repaint of a widget whose rows are painted by `TextRow.paint`: its
 * background, the rows, then the stale dimming over them.
 */
export function paintCanvasFrame(ctx: CanvasRenderingContext2D, resolution: number, frame: CanvasFrame, rows: readonly TextRow[]): void {
  ctx.setTransform(resolution, 0, 0, resolution, 0, 0);
  ctx.globalCompositeOperation = 'source-over';
  ctx.globalAlpha = 1;
  ctx.fillStyle = cssColor(frame.background);
  ctx.fillRect(0, 0, frame.width, frame.height);
  TextRow.paint(ctx, rows);
  if (frame.dim > 0) {
    ctx.setTransform(resolution, 0, 0, resolution, 0, 0);
    ctx.globalAlpha = frame.dim;
    ctx.fillStyle = cssColor(frame.background);
    ctx.fillRect(0, 0, frame.width, frame.height);
    ctx.globalAlpha = 1;
  }
}

function paintRects(ctx: CanvasRenderingContext2D, rects: readonly RowRect[], dy: number, state: { color: number; alpha: number }): void {
  for (const r of rects) {
    if (r.w <= 0 || r.h <= 0 || r.alpha <= 0) continue;
    if (r.alpha !== state.alpha) {
      state.alpha = r.alpha;
      ctx.globalAlpha = r.alpha;
    }
    if (r.stroke) {
      ctx.strokeStyle = cssColor(r.color);
      ctx.lineWidth = 1;
      ctx.strokeRect(r.x, r.y + dy, r.w, r.h);
      continue;
    }
    if (r.color !== state.color) {
      state.color = r.color;
      ctx.fillStyle = cssColor(r.color);
    }
    ctx.fillRect(r.x, r.y + dy, r.w, r.h);
  }
}
