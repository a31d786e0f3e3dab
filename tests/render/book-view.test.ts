import type { Renderer } from 'pixi.js';
import { describe, expect, it } from 'vitest';
import { BookView, cellXs, type OrderBookInput } from '../../src/render/order-book/book-view.ts';
import { CanvasBookPainter } from '../../src/render/order-book/canvas-painter.ts';
import { themeFor } from '../../src/render/theme.ts';

const row = (price: string, bar = 0.5) => ({ price, size: '1', total: '1', bar });
const input = (bids: ReturnType<typeof row>[], patch: Partial<OrderBookInput> = {}): OrderBookInput => ({
  view: { bids, asks: [] },
  mode: 2,
  theme: themeFor(false),
  rtl: false,
  highlight: null,
  stale: false,
  pitch: 22,
  ...patch,
});

/** A 2D context that records what is painted. */
function recordingContext() {
  const texts: string[] = [];
  const rects: number[] = [];
  const ctx = new Proxy(
    {},
    {
      get: (_t, k) => (k === 'fillText' ? (s: string) => texts.push(s) : k === 'fillRect' ? (_x: number, y: number) => rects.push(y) : () => {}),
      set: () => true,
    },
  ) as unknown as CanvasRenderingContext2D;
  return { ctx, texts, rects };
}

describe('order book view', () => {
  it('marks only the rows whose content changed', () => {
    const v = new BookView();
    const a = row('100');
    const b = row('99');
    expect(v.update(input([a, b]), 300).relayout).toBe(true);
    const c = v.update(input([a, row('98')]), 300);
    expect(c.relayout).toBe(false);
    expect(c.rows.map((s) => s.texts[0])).toEqual(['98']);
    expect(v.update(input([a, b]), 300).rows).toHaveLength(1);
    expect(v.priceShownAt(0, 1)).toBe('99');
    expect(v.priceShownAt(0, 5)).toBeNull();
  });

  it("a click means the row as drawn when it was made, though another trader's bid landed above it since (issue 33)", () => {
    const v = new BookView();
    // Drawn at t=1000: 100, 99, 98. The person clicks the second row (99) at t=1500.
    v.update(input([row('100'), row('99'), row('98')]), 300, 1000);
    // At t=1510, before the click's answer comes back from the canvas worker, a bid at 101 lands
    // above and every row moves down one.
    v.update(input([row('101'), row('100'), row('99'), row('98')]), 300, 1510);
    expect(v.priceShownAt(0, 1)).toBe('100');
    // The click asked for the row as it was at 1500: 99, what the person saw and clicked.
    expect(v.priceShownAt(0, 1, 1500)).toBe('99');
    expect(v.priceShownAt(0, 0, 1500)).toBe('100');
    // A row empty then is an empty click.
    expect(v.priceShownAt(0, 3, 1500)).toBeNull();
    // Sizes changing at the same price are no change of price; several changes go back in turn.
    v.update(input([row('101', 0.2), row('100', 0.2), row('99'), row('98')]), 300, 1520);
    v.update(input([row('102'), row('101'), row('100'), row('99')]), 300, 1530);
    expect(v.priceShownAt(0, 1, 1500)).toBe('99');
    expect(v.priceShownAt(0, 1, 1515)).toBe('100');
    expect(v.priceShownAt(0, 1, 1525)).toBe('100');
    expect(v.priceShownAt(0, 1, 2000)).toBe('101');
  });

  it('a highlight redraws its row alone, and the bar width follows the row', () => {
    const v = new BookView();
    const rows = [row('100', 1), row('99', 0.25)];
    v.update(input(rows), 400);
    const c = v.update(input(rows, { highlight: { side: 0, price: '99' } }), 400);
    expect(c.rows).toHaveLength(1);
    expect(c.rows[0]!.highlighted).toBe(true);
    expect(v.slots[0]![0]!.barWidth).toBe(400);
    expect(v.slots[0]![1]!.barWidth).toBe(100);
  });

  it('the highlight follows its price from row to row, and shows nowhere while that price is not shown', () => {
    const v = new BookView();
    const hl = { highlight: { side: 0 as const, price: '99' } };
    v.update(input([row('100', 1), row('99', 0.5)], hl), 400);
    expect(v.highlightShown()).toEqual({ side: 0, row: 1, price: '99' });
    // A new best bid arrives: 99 moves one row down, and so does the outline.
    v.update(input([row('101', 1), row('100', 0.7), row('99', 0.5)], hl), 400);
    expect(v.highlightShown()).toEqual({ side: 0, row: 2, price: '99' });
    expect(v.slots[0]!.filter((s) => s.highlighted)).toHaveLength(1);
    // 99 is gone: nothing is outlined (not the row it last stood on).
    v.update(input([row('101', 1), row('100', 0.7), row('98', 0.5)], hl), 400);
    expect(v.highlightShown()).toBeNull();
    // The same price on the other side is not it.
    v.update(input([row('99', 1)], { highlight: { side: 1, price: '99' } }), 400);
    expect(v.highlightShown()).toBeNull();
  });

  it('lays out again for a new mode or width, and mirrors the cells right to left', () => {
    const v = new BookView();
    v.update(input([]), 300);
    expect(v.update(input([], { mode: 1 }), 300).relayout).toBe(true);
    expect(v.update(input([]), 320).relayout).toBe(true);
    const s = v.slots[0]![0]!;
    const ltr = cellXs(s, false);
    const rtl = cellXs(s, true);
    expect(ltr[0]).toEqual({ x: 8, anchorX: 0 });
    expect(rtl[0]).toEqual({ x: 320 - 8, anchorX: 1 });
  });

  it('lays out again for a new row pitch, and puts rows that many pixels apart', () => {
    const v = new BookView();
    v.update(input([], { mode: 1 }), 300);
    expect(v.update(input([], { mode: 1, pitch: 17 }), 300).relayout).toBe(true);
    expect(v.layout!.height).toBe(26 * 17 + 36);
    const bids = v.slots[0]!;
    expect(bids[1]!.top - bids[0]!.top).toBe(17);
  });

  it('in mode 4 on a 296 px book each side shows price and size only, and they do not meet', () => {
    const v = new BookView();
    const rows = [{ price: '96802.35', size: '0.013555', total: '1.018832', bar: 0.5 }];
    v.update({ ...input(rows, { mode: 4 }), view: { bids: rows, asks: rows } }, 296);
    for (const side of [0, 1] as const) {
      const s = v.slots[side]![0]!;
      expect(s.narrow).toBe(true);
      expect(s.texts).toEqual(['96802.35', '0.013555', '']);
      const [price, size] = cellXs(s, false);
      // About 7 px a digit at 12 px: price from its start and size back from its end leave a gap.
      const priceEnd = price!.x + 8 * 7;
      const sizeStart = size!.x - 8 * 7;
      expect(sizeStart - priceEnd).toBeGreaterThan(4);
      expect(size!.x).toBeLessThanOrEqual(s.x0 + s.width);
    }
    // A 600 px book has room for all three.
    v.update({ ...input(rows, { mode: 4 }), view: { bids: rows, asks: rows } }, 600);
    expect(v.slots[0]![0]!.texts[2]).toBe('1.018832');
  });
});

describe('order book Canvas-renderer painter', () => {
  const renderer = { resolution: 1 } as Renderer;

  it('paints everything once, then only the rows that changed', () => {
    const v = new BookView();
    const { ctx, texts } = recordingContext();
    const p = new CanvasBookPainter(renderer, ctx);
    const a = row('100');
    expect(p.paint(v, input([a, row('99')]), v.update(input([a, row('99')]), 300))).toBe(true);
    expect(texts).toContain('100');
    texts.length = 0;
    const next = input([a, row('98')]);
    expect(p.paint(v, next, v.update(next, 300))).toBe(false);
    expect(texts).toEqual(['98', '1', '1']);
  });

  it('a stale book is painted whole (dimmed) every time', () => {
    const v = new BookView();
    const { ctx } = recordingContext();
    const p = new CanvasBookPainter(renderer, ctx);
    const rows = [row('100')];
    p.paint(v, input(rows), v.update(input(rows), 300));
    const stale = input(rows, { stale: true });
    expect(p.paint(v, stale, v.update(stale, 300))).toBe(true);
    expect(p.paint(v, stale, v.update(stale, 300))).toBe(true);
    expect(p.paint(v, input(rows), v.update(input(rows), 300))).toBe(true);
    expect(p.paint(v, input(rows), v.update(input(rows), 300))).toBe(false);
  });
});
