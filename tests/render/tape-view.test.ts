import type { Renderer } from 'pixi.js';
import { describe, expect, it } from 'vitest';
import { CanvasTapePainter } from '../../src/render/trades/canvas-painter.ts';
import { TRADE_ROWS } from '../../src/render/trades/tape.ts';
import { FLASH_MS, TapeView, type TradesInput } from '../../src/render/trades/tape-view.ts';
import { themeFor } from '../../src/render/theme.ts';

let n = 0;
const trade = (arrivedAt = 0) => ({ price: String(++n), qty: '1', time: '00:00:00', buy: n % 2 === 0, arrivedAt });
const input = (rows: ReturnType<typeof trade>[], stale = false): TradesInput => ({ rows, theme: themeFor(false), rtl: false, stale });

describe('trades tape view', () => {
  it('a new trade on top rotates the slots: only its slot is written', () => {
    const v = new TapeView();
    const old = [trade(), trade()];
    v.update(input(old), 300, 10_000);
    const before = v.rowWrites;
    const top = v.slots[0]!;
    const fresh = trade(10_000);
    const c = v.update(input([fresh, ...old]), 300, 10_000);
    expect(c.shift).toBe(1);
    expect(v.rowWrites - before).toBe(1);
    // The slot that showed the newest trade moved down one row, its texts untouched.
    expect(v.slots[1]).toBe(top);
    expect(top.index).toBe(1);
    expect(v.slots[0]!.texts[0]).toBe(fresh.price);
  });

  it('a new trade flashes, and the view says when to look again', () => {
    const v = new TapeView();
    const t = trade(1_000);
    const c = v.update(input([t]), 300, 1_000);
    expect(v.slots[0]!.flash).toBeGreaterThan(0);
    expect(c.nextFlashChange).toBe(1_000 + FLASH_MS);
    const later = v.update(input([t]), 300, 1_000 + FLASH_MS);
    expect(later.rows).toEqual([v.slots[0]]);
    expect(v.slots[0]!.flash).toBe(0);
    expect(later.nextFlashChange).toBe(Infinity);
  });
});

describe('trades tape Canvas-renderer painter', () => {
  it('repaints every row when trades arrive, only changed rows otherwise, everything when stale', () => {
    const texts: string[] = [];
    const ctx = new Proxy({}, { get: (_t, k) => (k === 'fillText' ? (s: string) => texts.push(s) : () => {}), set: () => true }) as unknown as CanvasRenderingContext2D;
    const p = new CanvasTapePainter({ resolution: 1 } as Renderer, ctx);
    const v = new TapeView();
    const rows = Array.from({ length: TRADE_ROWS }, () => trade(0));
    const draw = (i: TradesInput, wall = 100_000) => p.paint(v, i, v.update(i, 300, wall), 300);
    expect(draw(input(rows))).toBe('full');
    expect(draw(input(rows))).toBe('none');
    expect(draw(input([trade(0), ...rows]))).toBe('all');
    expect(draw(input([trade(0), ...rows], true))).toBe('full');
    texts.length = 0;
    expect(draw(input([trade(0), ...rows]))).toBe('full');
  });
});
