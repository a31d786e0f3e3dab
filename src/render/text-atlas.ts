// Bitmap text for numbers: the digits font and BitmapText cells, used by the GPU renderers
// (order book and tape through gpu-kit.ts) and by the chart's labels. The Canvas renderer's rows
// are text-row.ts, which needs none of this.
import { BitmapFont, BitmapText, CanvasTextMetrics, canvasUtils, type Renderer } from 'pixi.js';
import { BLANK, DIGITS_FONT_SIZE } from './text-row.ts';

export { BLANK, CELL_FONT, DIGITS_FONT_SIZE, canvasContextOf, type CellSlot, type RowRect } from './text-row.ts';

export const DIGITS_FONT = 'spot-digits';

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
