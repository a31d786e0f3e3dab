// The heatmap painter's pure parts: the bitmap on one absolute price grid, and sample times
// placed on the candles' time axis.
import { describe, expect, it } from 'vitest';
import { heatBitmap, timeToX, type HeatSnapshot } from '../../src/render/chart/heatmap-bitmap.ts';
import { TimeScale } from '../../src/render/chart/time-scale.ts';

function snap(cols: Array<{ base: number; cells: Record<number, number> }>, rows = 4, width = 2): HeatSnapshot {
  const n = cols.length;
  const cells = new Float32Array(n * rows);
  let max = 0;
  cols.forEach((c, i) => {
    for (const [k, v] of Object.entries(c.cells)) {
      cells[i * rows + Number(k)] = v;
      max = Math.max(max, v);
    }
  });
  return {
    columns: n, rows, cells, max,
    times: Float64Array.from(cols, (_, i) => 1000 * i),
    bases: Float64Array.from(cols, (c) => c.base),
    widths: new Float64Array(n).fill(width),
  };
}

const alpha = (bm: NonNullable<ReturnType<typeof heatBitmap>>, col: number, row: number) => bm.pixels[((bm.height - 1 - row) * bm.width + col) * 4 + 3]!;

describe('heatmap bitmap', () => {
  it('puts columns taken at different mids on one grid, highest price on top', () => {
    const bm = heatBitmap(snap([{ base: 100, cells: { 0: 4 } }, { base: 104, cells: { 0: 1, 3: 9 } }]), 0xff0000)!;
    expect(bm.lowTicks).toBe(100);
    expect(bm.width0).toBe(2);
    // Grid rows cover ticks 100..112 (6 rows of 2 ticks).
    expect(bm.height).toBe(6);
    expect(alpha(bm, 0, 0)).toBeGreaterThan(0);
    // Column 1's bucket 0 is tick 104 = grid row 2; its bucket 3 (tick 110) is grid row 5.
    expect(alpha(bm, 1, 2)).toBeGreaterThan(0);
    expect(alpha(bm, 1, 5)).toBe(240);
    expect(alpha(bm, 1, 0)).toBe(0);
    expect(alpha(bm, 0, 2)).toBe(0);
    // Larger size, stronger colour.
    expect(alpha(bm, 1, 5)).toBeGreaterThan(alpha(bm, 0, 0));
    expect(bm.pixels[((bm.height - 1 - 5) * bm.width + 1) * 4]).toBe(255);
  });

  it('draws nothing for an empty snapshot', () => {
    expect(heatBitmap(snap([]), 0)).toBeNull();
    expect(heatBitmap(snap([{ base: 0, cells: {} }]), 0)).toBeNull();
  });
});

describe('heatmap time axis', () => {
  it('maps a time to its bar plus the fraction of the bar elapsed', () => {
    const ts = new TimeScale(0, 1);
    ts.width = 100;
    ts.setLength(3);
    ts.barSpacing = 10;
    ts.rightOffset = 0;
    const times = Float64Array.from([0, 60_000, 120_000]);
    expect(timeToX(60_000, times, 3, ts)).toBe(ts.x(1) - 5);
    expect(timeToX(90_000, times, 3, ts)).toBe(ts.x(1));
    // Past the last candle: its interval continues.
    expect(timeToX(150_000, times, 3, ts)).toBe(ts.x(2));
    expect(timeToX(-1, times, 3, ts)).toBeNull();
  });
});
