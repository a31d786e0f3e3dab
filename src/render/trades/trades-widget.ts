import { Container, Graphics, type BitmapText, type Renderer } from 'pixi.js';
import type { TradeRowText } from '../../state/trades-view.ts';
import { effect } from '../../state/signals.ts';
import { createRenderer } from '../renderer-choice.ts';
import { scheduler, type Drawable } from '../scheduler.ts';
import { BLANK, createCell, ensureDigitsFont, setCellText } from '../text-atlas.ts';
import type { Theme } from '../theme.ts';

export const TRADE_ROWS = 40;
export const TRADE_ROW_HEIGHT = 22;
/** New trades flash this long (a brief highlight, spec 2.11). */
export const FLASH_MS = 600;
const PAD = 8;

export interface TradesInput {
  rows: readonly TradeRowText[];
  theme: Theme;
  rtl: boolean;
  stale: boolean;
}

interface Cells {
  flash: Graphics;
  price: BitmapText;
  qty: BitmapText;
  time: BitmapText;
  shown: TradeRowText | null;
  flashAlpha: number;
}

/** The latest-trades tape: 40 rows, rewritten only where a different trade now shows. */
export class TradesWidget implements Drawable {
  private renderer: Renderer | null = null;
  private readonly stage = new Container();
  private readonly bg = new Graphics();
  private readonly dim = new Graphics();
  private cells: Cells[] = [];
  private key = '';
  private width: number;
  private dispose: (() => void) | null = null;
  private destroyed = false;
  stats = { draws: 0, rowWrites: 0 };

  constructor(
    private readonly canvas: HTMLCanvasElement,
    width: number,
    private readonly read: () => TradesInput,
  ) {
    this.width = Math.max(120, Math.floor(width));
  }

  async init(): Promise<void> {
    const input = this.read();
    const r = await createRenderer({ canvas: this.canvas, width: this.width, height: TRADE_ROWS * TRADE_ROW_HEIGHT, background: input.theme.background });
    if (this.destroyed) return void r.destroy();
    ensureDigitsFont(r.resolution);
    this.renderer = r;
    this.dispose = effect(() => {
      this.read();
      scheduler.markDirty(this);
    });
  }

  resize(width: number): void {
    const w = Math.max(120, Math.floor(width));
    if (w !== this.width) {
      this.width = w;
      scheduler.markDirty(this);
    }
  }

  private relayout(input: TradesInput, r: Renderer): void {
    this.key = `${this.width}/${input.rtl}/${input.theme.up}`;
    const h = TRADE_ROWS * TRADE_ROW_HEIGHT;
    r.resize(this.width, h);
    this.stage.removeChildren();
    for (const c of this.cells) c.flash.destroy(), c.price.destroy(), c.qty.destroy(), c.time.destroy();
    this.bg.clear().rect(0, 0, this.width, h).fill(input.theme.background);
    this.stage.addChild(this.bg);
    const mx = (x: number) => (input.rtl ? this.width - x : x);
    this.cells = [];
    for (let i = 0; i < TRADE_ROWS; i++) {
      const y = i * TRADE_ROW_HEIGHT + TRADE_ROW_HEIGHT / 2;
      const c: Cells = { flash: new Graphics(), price: createCell(input.rtl ? 1 : 0), qty: createCell(input.rtl ? 0 : 1), time: createCell(input.rtl ? 0 : 1), shown: null, flashAlpha: -1 };
      c.price.position.set(mx(PAD), y);
      c.qty.position.set(mx(Math.round(this.width * 0.62)), y);
      c.time.position.set(mx(this.width - PAD), y);
      this.stage.addChild(c.flash, c.price, c.qty, c.time);
      this.cells.push(c);
    }
    this.stage.addChild(this.dim);
  }

  draw(now: number): void {
    const r = this.renderer;
    if (!r) return;
    const input = this.read();
    if (this.key !== `${this.width}/${input.rtl}/${input.theme.up}`) this.relayout(input, r);
    const wall = Date.now();
    let flashing = false;
    for (let i = 0; i < TRADE_ROWS; i++) {
      const c = this.cells[i]!;
      const row = input.rows[i] ?? null;
      if (row !== c.shown) {
        this.stats.rowWrites++;
        c.shown = row;
        setCellText(c.price, row ? row.price : BLANK, r);
        setCellText(c.qty, row ? row.qty : BLANK, r);
        setCellText(c.time, row ? row.time : BLANK, r);
        c.price.tint = row?.buy ? input.theme.up : input.theme.down;
        c.qty.tint = input.theme.text;
        c.time.tint = input.theme.muted;
      }
      const age = row ? wall - row.arrivedAt : FLASH_MS;
      const alpha = age < FLASH_MS ? 0.35 * (1 - age / FLASH_MS) : 0;
      if (alpha > 0) flashing = true;
      if (Math.abs(alpha - c.flashAlpha) > 0.02 || (alpha === 0 && c.flashAlpha !== 0)) {
        c.flashAlpha = alpha;
        c.flash.clear();
        if (alpha > 0 && row) c.flash.rect(0, i * TRADE_ROW_HEIGHT, this.width, TRADE_ROW_HEIGHT).fill({ color: row.buy ? input.theme.up : input.theme.down, alpha });
      }
    }
    this.dim.clear();
    if (input.stale) this.dim.rect(0, 0, this.width, TRADE_ROWS * TRADE_ROW_HEIGHT).fill({ color: input.theme.background, alpha: 0.55 });
    r.render({ container: this.stage });
    this.stats.draws++;
    // The highlight fades over the next frames; keep drawing only while it does.
    if (flashing) scheduler.markDirty(this);
    void now;
  }

  destroy(): void {
    this.destroyed = true;
    this.dispose?.();
    scheduler.forget(this);
    this.stage.destroy({ children: true });
    this.renderer?.destroy();
    this.renderer = null;
  }
}
