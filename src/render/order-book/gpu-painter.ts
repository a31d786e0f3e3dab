// The order book on PixiJS's GPU renderers (WebGL, WebGPU): a scene of Graphics and BitmapText
// cells (gpu-kit.ts), changed only where a row changed and rendered whole each frame (the GPU
// renderers keep no pixels between frames). Loaded only for those renderers.
import { Container, type Graphics, type Renderer } from 'pixi.js';
import { Graphics as PixiGraphics, bitmapCells, ensureDigitsFont } from '../gpu-kit.ts';
import type { GpuCells } from '../text-row.ts';
import { barHeight } from './layout.ts';
import { STALE_DIM, cellXs, type BookChanges, type BookPainter, type BookSlot, type BookView, type OrderBookInput } from './book-view.ts';

interface SceneRow {
  box: Container;
  /** The depth bar: a 1 px wide rectangle drawn once and stretched by its scale, so a new width is a transform change. */
  bar: Graphics;
  outline: Graphics;
  cells: GpuCells;
}

export class GpuBookPainter implements BookPainter {
  private readonly stage = new Container();
  private readonly background: Graphics = new PixiGraphics();
  private readonly overlay: Graphics = new PixiGraphics();
  private readonly rowLayer = new Container();
  private rows = new Map<BookSlot, SceneRow>();

  constructor(private readonly renderer: Renderer) {
    ensureDigitsFont(renderer.resolution);
    this.stage.addChild(this.background, this.rowLayer, this.overlay);
  }

  paint(view: BookView, input: OrderBookInput, changes: BookChanges): boolean {
    if (changes.relayout) this.relayout(view, input);
    for (const s of changes.rows) this.sync(s, this.rows.get(s)!, input.rtl);
    if (changes.staleChanged) {
      // A stale book is dimmed so nobody trades on it without noticing; the DOM says why.
      const layout = view.layout!;
      const g = this.overlay.clear();
      if (input.stale) g.rect(0, 0, layout.width, layout.height).fill({ color: input.theme.background, alpha: STALE_DIM });
    }
    this.renderer.render({ container: this.stage });
    return true;
  }

  private relayout(view: BookView, input: OrderBookInput): void {
    const layout = view.layout!;
    const pitch = layout.pitch;
    const theme = input.theme;
    this.background.clear().rect(0, 0, layout.width, layout.height).fill(theme.background);
    for (const r of this.rows.values()) r.box.destroy({ children: true });
    this.rowLayer.removeChildren();
    this.rows = new Map();
    for (const side of view.slots) {
      for (const s of side) {
        const box = new Container();
        const bar = new PixiGraphics().rect(0, s.top + 1, 1, barHeight(pitch)).fill(s.side === 0 ? theme.upBar : theme.downBar);
        bar.x = input.rtl ? s.x0 : s.x0 + s.width;
        bar.scale.x = 0;
        const outline = new PixiGraphics().rect(s.x0 + 0.5, s.top + 0.5, s.width - 1, pitch - 1).stroke({ color: theme.accent, width: 1 });
        outline.visible = false;
        box.addChild(new PixiGraphics().rect(s.x0, s.top, s.width, pitch).fill(theme.background), bar, outline);
        const y = s.top + pitch / 2;
        const cells = bitmapCells(cellXs(s, input.rtl).map((c) => ({ x: c.x, y, anchorX: c.anchorX })), box, this.renderer);
        const row = { box, bar, outline, cells };
        this.rowLayer.addChild(box);
        this.rows.set(s, row);
        this.sync(s, row, input.rtl);
      }
    }
  }

  private sync(s: BookSlot, r: SceneRow, rtl: boolean): void {
    for (let i = 0; i < 3; i++) r.cells.set(i, s.texts[i]!, s.colors[i]!);
    // LTR bars end at the row's right edge (a negative scale grows them leftwards); RTL bars start at its left edge.
    r.bar.scale.x = rtl ? s.barWidth : -s.barWidth;
    r.outline.visible = s.highlighted;
  }

  destroy(): void {
    this.stage.destroy({ children: true });
    this.rows.clear();
  }
}
