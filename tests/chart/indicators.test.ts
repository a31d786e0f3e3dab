import { describe, expect, it } from 'vitest';
import { heikinAshi } from '../../src/core/chart/heikin-ashi.ts';
import { bollinger, ema, macd, rsi, sma } from '../../src/core/chart/indicators.ts';

const round = (a: ArrayLike<number>, d = 2) => Array.from(a, (v) => (Number.isNaN(v) ? NaN : Number(v.toFixed(d))));

// StockCharts' worked examples ("Moving Averages - Simple and Exponential", "RSI").
const EMA_PRICES = [22.27, 22.19, 22.08, 22.17, 22.18, 22.13, 22.23, 22.43, 22.24, 22.29, 22.15, 22.39, 22.38, 22.61, 23.36, 24.05, 23.75, 23.83, 23.95, 23.63, 23.82, 23.87, 23.65, 23.19, 23.10, 23.33, 22.68, 23.10, 22.40, 22.17];
const EMA_10 = [22.22, 22.21, 22.24, 22.27, 22.33, 22.52, 22.8, 22.97, 23.13, 23.28, 23.34, 23.43, 23.51, 23.54, 23.47, 23.4, 23.39, 23.26, 23.23, 23.08, 22.92];
const RSI_PRICES = [44.34, 44.09, 44.15, 43.61, 44.33, 44.83, 45.1, 45.42, 45.84, 46.08, 45.89, 46.03, 45.61, 46.28, 46.28, 46.0, 46.03, 46.41, 46.22, 45.64];
/**
 * Worked by hand from these (2-decimal) prices: 14 changes gain 3.34 and lose 1.40, so
 * RSI = 100 − 100 / (1 + 3.34/1.40) = 70.46; then 46.00 loses 0.28: gain 0.2385714·13/14,
 * loss (0.1·13 + 0.28)/14, RSI 66.25. (StockCharts prints 70.53 and 66.32: its sheet keeps
 * the prices' 4 decimals; the same within 0.1.)
 */
const RSI_HAND = [70.46, 66.25];
const RSI_STOCKCHARTS = [70.53, 66.32, 66.55, 69.41, 66.36, 57.97];

describe('indicators', () => {
  it('SMA averages the last n values', () => {
    expect(round(sma([1, 2, 3, 4, 5, 6], 3))).toEqual([NaN, NaN, 2, 3, 4, 5]);
  });

  it('EMA(10) matches the StockCharts example (seeded with the 10-day SMA)', () => {
    const e = ema(EMA_PRICES, 10);
    expect(Number.isNaN(e[8]!)).toBe(true);
    // StockCharts computed on unrounded prices: equal to within a cent.
    const got = Array.from(e).slice(9);
    got.forEach((v, k) => expect(Math.abs(v - EMA_10[k]!)).toBeLessThanOrEqual(0.0051 + 0.005));
  });

  it('RSI(14) matches a hand-worked Wilder RSI and the StockCharts example', () => {
    const r = rsi(RSI_PRICES, 14);
    expect(Number.isNaN(r[13]!)).toBe(true);
    expect(round(r).slice(14, 16)).toEqual(RSI_HAND);
    Array.from(r)
      .slice(14)
      .forEach((v, k) => expect(Math.abs(v - RSI_STOCKCHARTS[k]!)).toBeLessThan(0.1));
  });

  it('RSI is 100 when prices only rise and 0 when they only fall', () => {
    const up = Array.from({ length: 20 }, (_, i) => i + 1);
    expect(rsi(up, 14)[19]).toBe(100);
    expect(rsi(up.slice().reverse(), 14)[19]).toBe(0);
  });

  it('Bollinger bands are the SMA ± k population standard deviations', () => {
    const b = bollinger([2, 4, 4, 4, 5, 5, 7, 9], 8, 2);
    // Population SD of this classic set is exactly 2, the mean 5.
    expect(b.mid[7]).toBe(5);
    expect(b.upper[7]).toBe(9);
    expect(b.lower[7]).toBe(1);
    expect(Number.isNaN(b.upper[6]!)).toBe(true);
  });

  it('MACD is EMA(fast) − EMA(slow), its signal the EMA of that, the histogram their difference', () => {
    const prices = Array.from({ length: 60 }, (_, i) => 100 + 10 * Math.sin(i / 5) + i * 0.3);
    const m = macd(prices, 12, 26, 9);
    const f = ema(prices, 12);
    const s = ema(prices, 26);
    expect(m.macd[40]).toBeCloseTo(f[40]! - s[40]!, 12);
    expect(Number.isNaN(m.signal[25 + 7]!)).toBe(true);
    expect(Number.isNaN(m.signal[25 + 8]!)).toBe(false);
    const sig = ema(Array.from(m.macd), 9);
    expect(m.signal[50]).toBeCloseTo(sig[50]!, 12);
    expect(m.histogram[50]).toBeCloseTo(m.macd[50]! - m.signal[50]!, 12);
  });
});

describe('Heikin-Ashi', () => {
  it('averages OHLC into close, previous HA body into open, and widens high/low', () => {
    const src = { open: [10, 11, 12], high: [12, 13, 15], low: [9, 10, 11], close: [11, 12, 14] };
    const ha = heikinAshi(src, 3);
    expect(ha.close[0]).toBe((10 + 12 + 9 + 11) / 4);
    expect(ha.open[0]).toBe((10 + 11) / 2);
    expect(ha.open[1]).toBe((ha.open[0]! + ha.close[0]!) / 2);
    expect(ha.close[1]).toBe((11 + 13 + 10 + 12) / 4);
    expect(ha.high[2]).toBe(Math.max(15, ha.open[2]!, ha.close[2]!));
    expect(ha.low[2]).toBe(Math.min(11, ha.open[2]!, ha.close[2]!));
  });

  it('may write over its own input (the chart reuses its columns)', () => {
    const cols = { open: Float64Array.of(10, 11), high: Float64Array.of(12, 13), low: Float64Array.of(9, 10), close: Float64Array.of(11, 12) };
    const copy = heikinAshi({ open: [10, 11], high: [12, 13], low: [9, 10], close: [11, 12] }, 2);
    heikinAshi(cols, 2, cols);
    expect(Array.from(cols.close)).toEqual(Array.from(copy.close));
    expect(Array.from(cols.open)).toEqual(Array.from(copy.open));
  });
});
