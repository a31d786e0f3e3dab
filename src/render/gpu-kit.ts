// What the order book and the tape need on the GPU renderers only (WebGL, WebGPU): PixiJS
// Graphics for their rectangles and BitmapText cells in the digits font. The widgets import this
// when their renderer is not the Canvas renderer, so on the Canvas renderer (a machine without a
// GPU) the canvas worker loads none of PixiJS's Graphics and text code.
import type { Container, Renderer } from 'pixi.js';
import { Graphics } from 'pixi.js';
import { BLANK, createCell, ensureDigitsFont, setCellText } from './text-atlas.ts';
import type { CellSlot, GpuCells } from './text-row.ts';

export { Graphics, ensureDigitsFont };

/** A row's cells as BitmapTexts in `parent`, for `TextRow`. */
export function bitmapCells(slots: readonly CellSlot[], parent: Container, renderer: Renderer): GpuCells {
  const cells = slots.map((s) => {
    const t = createCell(s.anchorX);
    t.position.set(s.x, s.y);
    parent.addChild(t);
    return t;
  });
  return {
    set(i, text, color) {
      const b = cells[i];
      if (!b) return;
      setCellText(b, text === '' ? BLANK : text, renderer);
      b.tint = color;
    },
  };
}
