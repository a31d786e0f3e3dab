import { describe, expect, it } from 'vitest';
import { CandleSeries } from '../../src/core/chart/candle-series.ts';
import { compareValues } from '../../src/render/chart/compare.ts';

const series = (rows: Array<[number, string]>) => {
  const s = new CandleSeries();
  s.reset(rows.map(([start, close]) => ({ start, open: close, high: close, low: close, close, volume: '1' })), 2);
  return s;
};

describe('compare on a percent scale', () => {
  it('gives the other symbol’s change from the first visible bar, matched by time', () => {
    const main = series([[1, '10'], [2, '11'], [3, '12'], [4, '13']]);
    // The other symbol lacks bar 3: it keeps its last close there.
    const other = series([[1, '200'], [2, '210'], [4, '180']]);
    const v = compareValues(other, 1, 3, main.time)!;
    expect(Array.from(v)).toEqual([0, 0, (180 / 210 - 1) * 100]);
    const all = compareValues(other, 0, 3, main.time)!;
    expect(all[1]).toBeCloseTo(5, 12);
  });

  it('is NaN before the other symbol has any bar', () => {
    const main = series([[1, '10'], [2, '11'], [3, '12']]);
    const other = series([[2, '50'], [3, '55']]);
    const v = compareValues(other, 0, 2, main.time)!;
    expect(Number.isNaN(v[0]!)).toBe(true);
    expect(v[1]).toBe(0);
    expect(v[2]).toBeCloseTo(10, 12);
  });
});
