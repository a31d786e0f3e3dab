import { BitmapFont, BitmapText, CanvasTextMetrics, canvasUtils, type Container, type Renderer } from 'pixi.js';
import { cssColor } from './css-color.ts';

export const DIGITS_FONT = 'spot-digits';
export const DIGITS_FONT_SIZE = 12;

/**
 * What an empty cell holds. PixiJS 8.22's Canvas renderer never draws a BitmapText that was
 * rendered once with '' and given text later; a space avoids that.
 */
export const BLANK = ' ';

let installedAt = 0;

// PixiJS splits every changed text into graphemes with Intl.Segmenter, 6–7 % of the main
// thread in bench:browser; our cells are ASCII, where characters are graphemes.
const segmentGraphemes = CanvasTextMetrics.graphemeSegmenter;
const ASCII = /^[\x20-\x7e]*$/;
CanvasTextMetrics.graphemeSegmenter = (s: string) => (ASCII.test(s) ? s.split('') : segmentGraphemes(s));

// The Canvas renderer draws each tinted glyph from its own small canvas. Chromium snapshots a
// canvas every time it is a drawImage source (Canvas2DResourceProvider::Snapshot in traces);
// an ImageBitmap is already an image. The canvas serves until its bitmap is ready.
type TintSource = (HTMLCanvasElement | ImageBitmap) & { tintId?: number };
const tintCanvas = canvasUtils.getTintedCanvas;
const converting = new WeakSet<object>();
canvasUtils.getTintedCanvas = (sprite, color) => {
  const result = tintCanvas(sprite, color);
  const out = result as unknown as TintSource;
  if (typeof createImageBitmap !== 'function' || !('getContext' in out) || converting.has(out)) return result;
  converting.add(out);
  const cache = (sprite.texture as unknown as { tintCache: Record<string, TintSource> }).tintCache;
  const key = Object.keys(cache).find((k) => cache[k] === out);
  const tintId = out.tintId;
  if (key !== undefined && out.width > 0 && out.height > 0) {
    createImageBitmap(out).then(
      (bmp: ImageBitmap & { tintId?: number }) => {
        // Only when the cache still holds this canvas for the same texture version.
        if (cache[key] !== out || out.tintId !== tintId) return bmp.close();
        bmp.tintId = tintId;
        cache[key] = bmp;
      },
      () => undefined,
    );
  }
  return result;
};

/**
 * One bitmap font for every number a canvas draws: digits, separators and the Latin letters
 * of K/M/B/T and pairs. Drawn white and tinted per use, so colour changes cost nothing.
 * Words a person reads (labels) stay in the DOM, where translations live.
 */
export function ensureDigitsFont(resolution: number): void {
  if (installedAt >= resolution) return;
  BitmapFont.install({
    name: DIGITS_FONT,
    chars: [[' ', '~']],
    resolution,
    padding: 2,
    style: {
      fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace',
      fontSize: DIGITS_FONT_SIZE,
      fill: 0xffffff,
    },
  });
  installedAt = resolution;
}

interface BitmapTextPipeInternals {
  _updateContext(text: BitmapText, proxy: unknown): void;
}

/**
 * Sets a cell's text. PixiJS 8.22's Canvas renderer does not rebuild a BitmapText's glyphs when
 * only its text changes (the GPU renderers do, via their instruction rebuild), so there the
 * glyph context is refreshed directly. Verified in Chromium: without it, changed cells stay
 * blank or show their first text.
 */
export function setCellText(cell: BitmapText, value: string, renderer: Renderer): void {
  if (cell.text === value) return;
  cell.text = value;
  if (renderer.name !== 'canvas') return;
  const internals = cell as unknown as { _gpuData: Record<number, unknown>; _didTextUpdate: boolean };
  const proxy = internals._gpuData[renderer.uid];
  const pipe = (renderer.renderPipes as unknown as { bitmapText?: BitmapTextPipeInternals }).bitmapText;
  if (!proxy || !pipe) return;
  internals._didTextUpdate = false;
  pipe._updateContext(cell, proxy);
}

/** A number cell in the digits font, vertically centred, aligned by `anchorX` (0 start, 1 end). */
export function createCell(anchorX: number): BitmapText {
  const t = new BitmapText({ text: BLANK, style: { fontFamily: DIGITS_FONT, fontSize: DIGITS_FONT_SIZE } });
  t.anchor.set(anchorX, 0.5);
  // Whole-pixel glyph positions: crisper, and Skia blits them without filtering.
  t.roundPixels = true;
  return t;
}

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

/**
 * The number cells of one row. On WebGL/WebGPU they are BitmapTexts in the row's container
 * (one batched draw for every glyph). On PixiJS's Canvas renderer a BitmapText costs one
 * drawImage per glyph, which Chromium then rasterises at commit: bench:browser measured that as
 * the bottleneck of the whole page at CPU ×4. There `paint` writes the row straight into the
 * renderer's context: its rectangles (`under`: background, depth bar, flash) with fillRect, the
 * cells with fillText (Skia draws them from its glyph cache, one call per cell), then `over`
 * (the keyboard outline). A scene-graph Graphics per rectangle cost a save, a transform, a path
 * and a restore each, which bench:browser measured as most of the per-row cost; the static parts
 * of a widget (background, stale dimming) stay PixiJS Graphics.
 */
export class TextRow {
  readonly texts: string[];
  readonly colors: number[];
  /** Canvas renderer: rectangles painted before the cells, in row coordinates (moved by `offsetY`). */
  readonly under: RowRect[] = [];
  /** Canvas renderer: rectangles painted after the cells. */
  readonly over: RowRect[] = [];
  private readonly bitmaps: BitmapText[] | null;

  constructor(
    private readonly slots: readonly CellSlot[],
    parent: Container | null,
    private readonly renderer: Renderer,
  ) {
    this.texts = slots.map(() => '');
    this.colors = slots.map(() => 0xffffff);
    if (parent && canvasContextOf(renderer) === null) {
      this.bitmaps = slots.map((s) => {
        const t = createCell(s.anchorX);
        t.position.set(s.x, s.y);
        parent.addChild(t);
        return t;
      });
    } else {
      this.bitmaps = null;
    }
  }

  set(i: number, text: string, color: number): void {
    this.texts[i] = text;
    this.colors[i] = color;
    const b = this.bitmaps?.[i];
    if (b) {
      setCellText(b, text === '' ? BLANK : text, this.renderer);
      b.tint = color;
    }
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
    if (!first || first.bitmaps) return;
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

/**
 * Canvas renderer: a whole repaint of a widget whose rows are painted by `TextRow.paint`: the
 * scene without its top layer, the rows, then the top layer (stale dimming) over them.
 */
export function paintSceneWithRows(renderer: Renderer, ctx: CanvasRenderingContext2D, scene: Container, top: Container, rows: readonly TextRow[]): void {
  top.visible = false;
  renderer.render({ container: scene });
  TextRow.paint(ctx, rows);
  top.visible = true;
  renderer.render({ container: top, clear: false });
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
