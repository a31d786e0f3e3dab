import { describe, expect, it } from 'vitest';
import { CandleSeries, type CandleInput } from '../../src/core/chart/candle-series.ts';

const c = (start: number, close: string, extra: Partial<CandleInput> = {}): CandleInput => ({
  start,
  open: '100.10',
  high: '101.25',
  low: '99.05',
  close,
  volume: '3.5',
  ...extra,
});

describe('candle series', () => {
  it('keeps prices exact at the symbol precision', () => {
    const s = new CandleSeries();
    s.reset([c(1000, '100.07')], 2);
    expect(s.length).toBe(1);
    expect(s.priceText(s.close[0]!)).toBe('100.07');
    expect(s.priceText(s.high[0]!)).toBe('101.25');
    // 0.1 + 0.2 style float noise never reaches the text.
    s.reset([c(1000, '0.3', { open: '0.1', high: '0.3', low: '0.1' })], 8);
    expect(s.priceText(s.close[0]!)).toBe('0.30000000');
  });

  it('merges realtime candles: same start replaces, newer appends, older is ignored', () => {
    const s = new CandleSeries();
    s.reset([c(1000, '100.00'), c(2000, '100.50')], 2);
    const v0 = s.version;
    expect(s.merge(c(2000, '100.90'))).toBe('replaced');
    expect(s.length).toBe(2);
    expect(s.priceText(s.close[1]!)).toBe('100.90');
    expect(s.change).toBe('last');
    expect(s.merge(c(3000, '101.00'))).toBe('appended');
    expect(s.length).toBe(3);
    expect(s.change).toBe('append');
    expect(s.merge(c(1000, '1.00'))).toBe('ignored');
    expect(s.priceText(s.close[0]!)).toBe('100.00');
    expect(s.version).toBe(v0 + 2);
  });

  it('prepends only strictly older candles and keeps the arrays dense', () => {
    const s = new CandleSeries();
    s.reset([c(3000, '3.00'), c(4000, '4.00')], 2);
    const added = s.prepend([c(1000, '1.00'), c(2000, '2.00'), c(3000, '9.99')]);
    expect(added).toBe(2);
    expect(Array.from(s.time.subarray(0, s.length))).toEqual([1000, 2000, 3000, 4000]);
    expect(s.priceText(s.close[2]!)).toBe('3.00');
    expect(s.prepended).toBe(2);
    // A malformed row is skipped without leaving a hole.
    s.prepend([c(100, '0.50'), c(200, 'NaN'), c(300, '0.70')]);
    expect(Array.from(s.time.subarray(0, s.length))).toEqual([100, 300, 1000, 2000, 3000, 4000]);
  });

  it('grows past its initial capacity and finds bars by time', () => {
    const s = new CandleSeries();
    s.reset([], 2);
    for (let i = 0; i < 5000; i++) s.merge(c(i * 60_000, '100.00'));
    expect(s.length).toBe(5000);
    expect(s.indexAtOrBefore(60_000 * 2500 + 5)).toBe(2500);
    expect(s.indexAtOrBefore(-1)).toBe(-1);
  });
});
