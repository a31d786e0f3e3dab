import { describe, expect, test } from 'vitest';
import { areasText, collapseHidden, type GridTemplate } from '../../src/core/workspace-grid.ts';

const NARROW: GridTemplate = {
  areas: [
    ['symbol', 'symbol', 'right'],
    ['chart', 'book', 'forms'],
    ['orders', 'book', 'forms'],
  ],
  columns: ['minmax(0, 1fr)', '296px', '320px'],
};
const WIDE: GridTemplate = {
  areas: [
    ['symbol', 'symbol', 'symbol', 'right'],
    ['chart', 'book', 'forms', 'right'],
    ['orders', 'book', 'forms', 'right'],
  ],
  columns: ['minmax(0, 1fr)', '296px', '320px', '300px'],
};
const LADDER: GridTemplate = {
  areas: [
    ['symbol', 'symbol', 'symbol', 'right'],
    ['chart', 'ladder', 'book', 'forms'],
    ['orders', 'orders', 'book', 'forms'],
  ],
  columns: ['minmax(0, 1fr)', '260px', '296px', '320px'],
};
const hide = (t: GridTemplate, ...names: string[]) => collapseHidden(t, new Set(names));

describe('a hidden panel leaves no empty space', () => {
  test('nothing hidden: the template as it was', () => {
    expect(hide(NARROW)).toEqual(NARROW);
  });
  test("the book's column collapses and the chart's flexible column takes its width", () => {
    expect(hide(NARROW, 'book')).toEqual({
      areas: [['symbol', 'right'], ['chart', 'forms'], ['orders', 'forms']],
      columns: ['minmax(0, 1fr)', '320px'],
    });
  });
  test('the chart hidden: the orders take its height', () => {
    expect(hide(NARROW, 'chart').areas).toEqual([['symbol', 'symbol', 'right'], ['orders', 'book', 'forms'], ['orders', 'book', 'forms']]);
  });
  test('the orders hidden: the chart takes their height', () => {
    expect(hide(WIDE, 'orders').areas.map((r) => r[0])).toEqual(['symbol', 'chart', 'chart']);
  });
  test('the right column hidden on a narrow page: the symbol row takes its place', () => {
    expect(hide(NARROW, 'right').areas[0]).toEqual(['symbol', 'symbol', 'symbol']);
  });
  test('the right column hidden on a wide page: its column goes', () => {
    expect(hide(WIDE, 'right')).toEqual({
      areas: [['symbol', 'symbol', 'symbol'], ['chart', 'book', 'forms'], ['orders', 'book', 'forms']],
      columns: ['minmax(0, 1fr)', '296px', '320px'],
    });
  });
  test('the order forms hidden on a narrow page: the book beside them widens', () => {
    expect(hide(NARROW, 'forms').areas).toEqual([['symbol', 'symbol', 'right'], ['chart', 'book', 'book'], ['orders', 'book', 'book']]);
  });
  test('chart and orders hidden: their column goes and the book, first left, takes the rest of the width', () => {
    expect(hide(WIDE, 'chart', 'orders')).toEqual({
      areas: [['symbol', 'symbol', 'right'], ['book', 'forms', 'right'], ['book', 'forms', 'right']],
      columns: ['minmax(0, 1fr)', '320px', '300px'],
    });
  });
  test('with the ladder, a hidden chart goes to the ladder beside it (the orders span both columns)', () => {
    expect(hide(LADDER, 'chart').areas[1]).toEqual(['ladder', 'ladder', 'book', 'forms']);
  });
  test('every result is a set of rectangles with no empty cell', () => {
    const names = ['chart', 'book', 'forms', 'orders', 'right'];
    for (const t of [NARROW, WIDE, LADDER]) {
      for (let mask = 1; mask < 1 << names.length; mask++) {
        const hidden = names.filter((_, i) => mask & (1 << i));
        if (hidden.length === names.length) continue;
        const out = collapseHidden(t, new Set(hidden));
        const cells = out.areas.flat();
        for (const h of hidden) expect(cells).not.toContain(h);
        expect(cells, `${hidden.join('+')} hidden: ${areasText(out.areas)}`).not.toContain('.');
        expect(out.areas.every((row) => row.length === out.columns.length)).toBe(true);
        for (const name of new Set(cells)) {
          if (name === '.') continue;
          const at = out.areas.flatMap((row, r) => row.map((c, col) => (c === name ? [r, col] : null))).filter((x): x is number[] => x !== null);
          const rs = at.map((x) => x[0]!), cs = at.map((x) => x[1]!);
          const area = (Math.max(...rs) - Math.min(...rs) + 1) * (Math.max(...cs) - Math.min(...cs) + 1);
          expect(area, `${name} with ${hidden.join('+')} hidden: ${areasText(out.areas)}`).toBe(at.length);
        }
        expect(out.columns.some((c) => c.includes('fr'))).toBe(true);
      }
    }
  });
});
