// The trades tape on PixiJS's GPU renderers: a scene of row containers (highlight Graphics and
// BitmapText cells, gpu-kit.ts) moved to their rows, rendered whole each frame (the GPU
// renderers keep no pixels between frames). Loaded only for those renderers.
import { Container, type Graphics, type Renderer } from 'pixi.js';
import { Graphics as PixiGraphics, bitmapCells, ensureDigitsFont } from '../gpu-kit.ts';
import type { GpuCells } from '../text-row.ts';
import { FLASH_ALPHA, FLASH_STEPS, TRADE_ROWS, TRADE_ROW_HEIGHT } from './tape.ts';
import { STALE_DIM, tapeCellXs, type TapeChanges, type TapePainter, type TapeSlot, type TapeView, type TradesInput } from './tape-view.ts';

interface SceneRow {
  /** Moved to the row's slot; the cells inside never move. */
  slot: Container;
  /** The highlight of a new buy and of a new sell, drawn once, shown or hidden. */
  flashUp: Graphics;
  flashDown: Graphics;
  cells: GpuCells;
}

export class GpuTapePainter implements TapePainter {
  private readonly stage = new Container();
  private readonly bg: Graphics = new PixiGraphics();
  private readonly dim: Graphics = new PixiGraphics();
  private rows = new Map<TapeSlot, SceneRow>();

  constructor(private readonly renderer: Renderer) {
    ensureDigitsFont(renderer.resolution);
  }

  paint(view: TapeView, input: TradesInput, changes: TapeChanges, width: number): 'full' {
    if (changes.relayout) this.relayout(view, input, width);
    for (const s of changes.rows) this.sync(s, this.rows.get(s)!);
    for (const s of view.slots) {
      const r = this.rows.get(s)!;
      if (r.slot.y !== s.index * TRADE_ROW_HEIGHT) r.slot.y = s.index * TRADE_ROW_HEIGHT;
    }
    const d = this.dim.clear();
    if (input.stale) d.rect(0, 0, width, TRADE_ROWS * TRADE_ROW_HEIGHT).fill({ color: input.theme.background, alpha: STALE_DIM });
    this.renderer.render({ container: this.stage });
    return 'full';
  }

  private relayout(view: TapeView, input: TradesInput, width: number): void {
    this.stage.removeChildren();
    for (const r of this.rows.values()) r.slot.destroy({ children: true });
    this.rows = new Map();
    this.stage.addChild(this.bg.clear().rect(0, 0, width, TRADE_ROWS * TRADE_ROW_HEIGHT).fill(input.theme.background));
    const cells = tapeCellXs(width, input.rtl).map((c) => ({ x: c.x, y: TRADE_ROW_HEIGHT / 2, anchorX: c.anchorX }));
    for (const s of view.slots) {
      const slot = new Container();
      slot.y = s.index * TRADE_ROW_HEIGHT;
      const flashUp = new PixiGraphics().rect(0, 0, width, TRADE_ROW_HEIGHT).fill({ color: input.theme.up, alpha: FLASH_ALPHA });
      const flashDown = new PixiGraphics().rect(0, 0, width, TRADE_ROW_HEIGHT).fill({ color: input.theme.down, alpha: FLASH_ALPHA });
      flashUp.visible = flashDown.visible = false;
      slot.addChild(flashUp, flashDown);
      const row = { slot, flashUp, flashDown, cells: bitmapCells(cells, slot, this.renderer) };
      this.stage.addChild(slot);
      this.rows.set(s, row);
    }
    this.stage.addChild(this.dim);
  }

  private sync(s: TapeSlot, r: SceneRow): void {
    for (let i = 0; i < 3; i++) r.cells.set(i, s.texts[i]!, s.colors[i]!);
    const on = s.flash > 0 && s.shown !== null;
    r.flashUp.visible = on && s.buy;
    r.flashDown.visible = on && !s.buy;
    r.flashUp.alpha = r.flashDown.alpha = s.flash / FLASH_STEPS;
  }

  destroy(): void {
    this.stage.destroy({ children: true });
    this.rows.clear();
  }
}
