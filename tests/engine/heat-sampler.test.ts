import { describe, expect, it } from 'vitest';
import { ASK, BID, type BookSide } from '../../src/core/order-book.ts';
import type { WasmBookEngine } from '../../src/engine/wasm-book.ts';
import { applyPairs } from './support/book-reader.ts';
import { wasmEngine } from './support/engines.ts';

const put = (e: WasmBookEngine, side: BookSide, levels: Array<[number, number]>, reset = true): number =>
  applyPairs(e, side, levels.flat(), reset);

/** Size in the bucket holding `tick` of column `col` of a snapshot. */
function cellAt(e: WasmBookEngine, symbol: string, col: number, tick: number): number {
  const s = e.heat.snapshot(symbol)!;
  const k = Math.floor((tick - s.bases[col]!) / s.widths[col]!);
  return s.cells[col * s.rows + k]!;
}

describe.each(['release', 'debug'] as const)('heatmap sampler (wasm %s)', (flavour) => {
  function engine(): WasmBookEngine {
    const e = wasmEngine(flavour);
    e.setDepth(1000);
    put(e, BID, [[1000, 5], [999, 3], [990, 2]]);
    put(e, ASK, [[1001, 1], [1002, 4], [1010, 7]]);
    return e;
  }

  it('maps levels to absolute buckets around the mid, summing levels that share one', () => {
    const e = engine();
    e.heat.select('BTCUSDT');
    expect(e.heat.sample(1_000, 4)).toBe(true);
    const s = e.heat.snapshot('BTCUSDT')!;
    expect(s.columns).toBe(1);
    expect(s.rows).toBe(e.heat.rows);
    // mid 1000.5 → floor(1000.5 / 4) = 250; base = (250 - rows/2) * 4, a multiple of the width.
    expect(s.bases[0]).toBe((250 - e.heat.rows / 2) * 4);
    expect(s.bases[0]! % 4).toBe(0);
    expect(s.times[0]).toBe(1_000);
    // [1000, 1004): bid 1000 (5) + asks 1001 (1) and 1002 (4) = 10.
    expect(cellAt(e, 'BTCUSDT', 0, 1000)).toBe(10);
    // [996, 1000): bid 999 (3).
    expect(cellAt(e, 'BTCUSDT', 0, 999)).toBe(3);
    expect(cellAt(e, 'BTCUSDT', 0, 990)).toBe(2);
    expect(cellAt(e, 'BTCUSDT', 0, 1010)).toBe(7);
    expect(cellAt(e, 'BTCUSDT', 0, 1020)).toBe(0);
    expect(s.max).toBe(10);
    const total = s.cells.reduce((a, b) => a + b, 0);
    expect(total).toBe(5 + 3 + 2 + 1 + 4 + 7);
  });

  it('keeps columns on one absolute grid when the mid moves, and leaves out levels beyond the window', () => {
    const e = engine();
    e.heat.select('BTCUSDT');
    e.heat.sample(1, 1);
    put(e, BID, [[1100, 2], [10, 9]]);
    put(e, ASK, [[1101, 3]]);
    e.heat.sample(2, 1);
    const s = e.heat.snapshot('BTCUSDT')!;
    expect(s.bases[1]! - s.bases[0]!).toBe(100);
    expect(cellAt(e, 'BTCUSDT', 1, 1100)).toBe(2);
    // 10 is far outside 64 one-tick buckets around 1100.5: not counted anywhere.
    expect(s.cells.subarray(s.rows).reduce((a, b) => a + b, 0)).toBe(5);
  });

  it('wraps the ring: keeps the newest columns, oldest first', () => {
    const e = engine();
    e.heat.select('ETHUSDT');
    const C = e.heat.columns;
    for (let i = 0; i < C + 5; i++) e.heat.sample(i * 500, 1);
    const s = e.heat.snapshot('ETHUSDT')!;
    expect(s.columns).toBe(C);
    expect(s.times[0]).toBe(5 * 500);
    expect(s.times[C - 1]).toBe((C + 4) * 500);
    for (let i = 1; i < C; i++) expect(s.times[i]! - s.times[i - 1]!).toBe(500);
  });

  it('keeps each symbol its own ring across a switch and back, evicting the least recently used', () => {
    const e = engine();
    e.heat.select('A');
    e.heat.sample(1, 1);
    e.heat.sample(2, 1);
    e.heat.select('B');
    e.heat.sample(3, 1);
    expect(e.heat.count('A')).toBe(2);
    expect(e.heat.count('B')).toBe(1);
    e.heat.select('A');
    e.heat.sample(4, 1);
    expect(Array.from(e.heat.snapshot('A')!.times)).toEqual([1, 2, 4]);
    expect(Array.from(e.heat.snapshot('B')!.times)).toEqual([3]);
    // Fill every slot with new symbols: B (least recently used) goes first, then A.
    const others = Array.from({ length: e.heat.slots - 1 }, (_, i) => `S${i}`);
    for (const s of others) e.heat.select(s);
    expect(e.heat.count('B')).toBe(0);
    expect(e.heat.snapshot('B')).toBeNull();
    expect(e.heat.count('A')).toBe(3);
    e.heat.select('B');
    expect(e.heat.count('A')).toBe(0);
    expect(e.heat.count('B')).toBe(0);
  });

  it('samples nothing from an empty book or without a symbol, and costs nothing unless sampled', () => {
    const e = wasmEngine(flavour);
    expect(e.heat.sample(1, 1)).toBe(false);
    e.heat.select('X');
    expect(e.heat.sample(1, 1)).toBe(false);
    expect(e.heat.sampleCount).toBe(0);
    expect(e.heat.count('X')).toBe(0);
  });
});
