import { readFileSync, existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ASK, BID, type BookSide } from '../../src/core/order-book.ts';
import { parseScale } from '../../src/core/decimal.ts';
import type { BookEngine } from '../../src/engine/book-engine.ts';
import * as L from '../../src/engine/book-layout.ts';
import { applyPairs, formatRow, hoverSums, readCurve, readLevels, readRows } from './support/book-reader.ts';
import { ENGINE_FACTORIES, wasmEngine, wasmPath } from './support/engines.ts';

const put = (e: BookEngine, side: BookSide, levels: Array<[number, number]>, reset = false): number =>
  applyPairs(e, side, levels.flat(), reset);

describe.each(ENGINE_FACTORIES)('book engine (%s)', (_name, make) => {
  function book(depth = 50): BookEngine {
    const e = make();
    e.setDepth(depth);
    e.setMode(4);
    put(e, BID, [[100, 5], [99, 3], [97, 2]], true);
    put(e, ASK, [[101, 1], [102, 4]], true);
    e.update();
    return e;
  }

  it('builds rows with cumulative base and quote totals and shared-scale depth bars', () => {
    const e = book();
    expect(readRows(e, BID)).toEqual([
      { price: 100, size: 5, cumBase: 5, cumQuote: 500, bar: 0.5 },
      { price: 99, size: 3, cumBase: 8, cumQuote: 797, bar: 0.8 },
      { price: 97, size: 2, cumBase: 10, cumQuote: 991, bar: 1 },
    ]);
    expect(readRows(e, ASK)).toEqual([
      { price: 101, size: 1, cumBase: 1, cumQuote: 101, bar: 0.1 },
      { price: 102, size: 4, cumBase: 5, cumQuote: 509, bar: 0.5 },
    ]);
    const h = e.header();
    expect([h[L.H_BEST_BID], h[L.H_BEST_ASK], h[L.H_SPREAD], h[L.H_MID], h[L.H_CROSSED]]).toEqual([100, 101, 1, 100.5, 0]);
  });

  it('gives B and S ratios in 1/100 % summing to 100 %, and noRatio on an empty book', () => {
    const e = book();
    const h = e.header();
    expect([h[L.H_BUY_RATIO], h[L.H_SELL_RATIO], h[L.H_NO_RATIO]]).toEqual([6667, 3333, 0]);
    e.clear();
    e.update();
    expect([h[L.H_BUY_RATIO], h[L.H_SELL_RATIO], h[L.H_NO_RATIO]]).toEqual([0, 0, 1]);
    expect(e.header()[L.H_BID_ROWS]).toBe(0);
  });

  it('applies deltas: replace, delete with size 0, insert; deleting an unknown price changes nothing', () => {
    const e = book();
    put(e, BID, [[99, 7], [97, 0], [98, 1], [50, 0]]);
    expect(readLevels(e, BID)).toEqual([[100, 5], [99, 7], [98, 1]]);
    e.update();
    expect(e.header()[L.H_BID_TOTAL]).toBe(13);
  });

  it('a later snapshot replaces the side', () => {
    const e = book();
    put(e, BID, [[90, 1]], true);
    expect(readLevels(e, BID)).toEqual([[90, 1]]);
    put(e, ASK, [], true);
    e.update();
    expect(e.levelCount(ASK)).toBe(0);
    expect(e.header()[L.H_SPREAD]).toBe(0);
    expect(e.header()[L.H_BUY_RATIO]).toBe(10000);
  });

  it('trims the fixed-depth window at the end of a batch, so an edge insert listed before its delete survives', () => {
    const e = make();
    e.setDepth(3);
    put(e, BID, [[100, 1], [99, 1], [98, 1], [97, 1], [96, 1]], true);
    expect(readLevels(e, BID).map((l) => l[0])).toEqual([100, 99, 98]);
    put(e, BID, [[97, 4], [99, 0]]);
    expect(readLevels(e, BID)).toEqual([[100, 1], [98, 1], [97, 4]]);
    e.setDepth(1);
    e.update();
    expect(readLevels(e, BID)).toEqual([[100, 1]]);
    expect(e.header()[L.H_BID_TOTAL]).toBe(1);
  });

  it('merges bids down and asks up to the step', () => {
    const e = make();
    e.setMode(4);
    e.setStep(10);
    put(e, BID, [[105, 1], [104, 2], [100, 4], [99, 8]], true);
    put(e, ASK, [[101, 1], [109, 2], [110, 4], [111, 8]], true);
    e.update();
    expect(readRows(e, BID).map((r) => [r.price, r.size, r.cumBase])).toEqual([[100, 7, 7], [90, 8, 15]]);
    expect(readRows(e, ASK).map((r) => [r.price, r.size, r.cumBase])).toEqual([[110, 7, 7], [120, 8, 15]]);
    // Quote totals use the real level prices, not the bucket price.
    expect(readRows(e, BID)[0]!.cumQuote).toBe(105 + 208 + 400);
    e.setStep(2.5);
    e.update();
    expect(e.header()[L.H_STEP]).toBe(1);
    expect(readRows(e, BID)).toHaveLength(4);
  });

  it.each([
    [1, 13, 13],
    [2, 40, 0],
    [3, 0, 40],
    [4, 40, 40],
  ] as const)('mode %i shows %i bid rows and %i ask rows', (mode, bidRows, askRows) => {
    const e = make();
    e.setDepth(200);
    e.setMode(mode);
    put(e, BID, Array.from({ length: 60 }, (_, i): [number, number] => [1000 - i, 1 + i]), true);
    put(e, ASK, Array.from({ length: 60 }, (_, i): [number, number] => [1001 + i, 2]), true);
    e.update();
    expect(readRows(e, BID)).toHaveLength(bidRows);
    expect(readRows(e, ASK)).toHaveLength(askRows);
    // The ratio covers the whole window, whatever the mode shows.
    expect(e.header()[L.H_BID_TOTAL]).toBe((60 * 61) / 2);
  });

  it('rejects NaN, infinite, negative, fractional and inexact numbers without touching the book', () => {
    const e = book();
    const before = readLevels(e, BID);
    const bad: Array<[number, number]> = [[NaN, 1], [99, NaN], [Infinity, 1], [-5, 1], [0, 1], [99.5, 1], [99, -1], [99, 0.25], [2 ** 53, 1], [99, 2 ** 60]];
    expect(put(e, BID, bad)).toBe(bad.length);
    expect(readLevels(e, BID)).toEqual(before);
    e.update();
    expect(e.header()[L.H_REJECTED]).toBe(bad.length);
  });

  it('reports a crossed book after a crossing delta', () => {
    const e = book();
    put(e, BID, [[101, 1]]);
    e.update();
    expect(e.header()[L.H_CROSSED]).toBe(1);
  });

  it('gives hover sums from the best level through the row, and none for a hidden row', () => {
    const e = book();
    expect(e.hover(BID, 1)).toBe(true);
    const h = e.header();
    expect([h[L.H_HOVER_AVG], h[L.H_HOVER_BASE], h[L.H_HOVER_QUOTE]]).toEqual([797 / 8, 8, 797]);
    expect(e.hover(ASK, 2)).toBe(false);
    expect(e.hover(BID, 2 ** 32 + 1)).toBe(false);
    expect([h[L.H_HOVER_AVG], h[L.H_HOVER_BASE], h[L.H_HOVER_QUOTE]]).toEqual([0, 0, 0]);
  });

  it('draws depth-chart curves as cumulative steps per raw level', () => {
    const e = book();
    e.setStep(10);
    e.depthCurve();
    expect(readCurve(e, BID)).toEqual([[100, 5], [99, 8], [97, 10]]);
    expect(readCurve(e, ASK)).toEqual([[101, 1], [102, 5]]);
  });

  it('keeps the best levels when one batch overflows the input area', () => {
    const e = make();
    e.setDepth(1000);
    const levels = Array.from({ length: 5000 }, (_, i): [number, number] => [10_000 + i, 1]);
    put(e, ASK, levels, true);
    expect(e.levelCount(ASK)).toBe(1000);
    expect(readLevels(e, ASK)[0]).toEqual([10_000, 1]);
    expect(readLevels(e, ASK)[999]).toEqual([10_999, 1]);
  });
});

describe('formatting rows back to decimals', () => {
  const scales = { tick: parseScale('0.01')!, sizeDecimals: 6, quoteDecimals: 2 };
  it('formats price, size and totals exactly at the symbol precision', () => {
    const e = wasmEngine();
    e.setMode(1);
    // 43732.01 x 0.049391 and 43731.97 x 0.000609, as in the rbot capture.
    put(e, BID, [[4_373_201, 49_391], [4_373_197, 609]], true);
    e.update();
    const rows = readRows(e, BID);
    expect(formatRow(rows[0]!, scales)).toEqual({ price: '43732.01', size: '0.049391', totalBase: '0.049391', totalQuote: '2159.97' });
    // 2159.96874591 + 26.63176973 = 2186.60047564 → 2186.60
    expect(formatRow(rows[1]!, scales).totalQuote).toBe('2186.60');
    const hover = hoverSums(e, BID, 1, scales)!;
    expect(hover).toEqual({ avgPrice: '43732.01', totalBase: '0.050000', totalQuote: '2186.60' });
    expect(hoverSums(e, ASK, 0, scales)).toBeNull();
  });
});

describe('wasm build', () => {
  it('imports nothing and never grows memory while updating (no allocation per update)', () => {
    const mod = new WebAssembly.Module(readFileSync(wasmPath('release')));
    expect(WebAssembly.Module.imports(mod)).toEqual([]);
    const e = wasmEngine('release');
    const bytes = e.header().buffer.byteLength;
    e.setDepth(1000);
    for (let i = 0; i < 2000; i++) {
      put(e, i % 2 ? BID : ASK, [[1000 + (i % 700), i + 1], [1500 + (i % 300), 0]], i % 500 === 0);
      e.update();
      e.depthCurve();
    }
    expect(e.header().buffer.byteLength).toBe(bytes);
    const wat = wasmPath('debug').replace(/\.wasm$/, '.wat');
    if (existsSync(wat)) expect(readFileSync(wat, 'utf8')).not.toMatch(/__new|__alloc|__renew/);
  });
});
