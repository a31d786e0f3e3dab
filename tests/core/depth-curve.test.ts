import { describe, expect, it } from 'vitest';
import { parseScale } from '../../src/core/decimal.ts';
import { depthData, depthMid, depthReadout } from '../../src/core/depth-curve.ts';

describe('depth chart data', () => {
  it('the readout is exact where floats are not: 0.1 + 0.2 at a cent tick', () => {
    // bids: 0.10 × 1, then 0.20 × 1 (cumulative 2); value 0.30 exactly (floats give 0.30000000000000004)
    const d = depthData({ symbol: 'X', bids: new Float64Array([10, 100, 20, 200]), asks: new Float64Array() }, parseScale('0.01')!, 2, 8);
    expect(depthReadout(d, d.bids, 1)).toEqual({ price: '0.20', amount: '2.00', value: '0.30000000' });
    expect(depthReadout(d, d.bids, 0)).toEqual({ price: '0.10', amount: '1.00', value: '0.10000000' });
    expect(depthReadout(d, d.bids, 2)).toBeNull();
  });

  it('rounds the value half-up at the quote decimals and handles totals past 2^53', () => {
    // price 97000.05 (ticks 9700005 at 0.01) × 123456.789012 (sizeDecimals 6): Σ beyond float precision.
    const d = depthData({ symbol: 'X', bids: new Float64Array(), asks: new Float64Array([9700005, 123456789012]) }, parseScale('0.01')!, 6, 2);
    // 97000.05 × 123456.789012 = 11975314707.0034506 (1197531470700345060 × 10^-8: past 2^53)
    expect(depthReadout(d, d.asks, 0)).toEqual({ price: '97000.05', amount: '123456.789012', value: '11975314707.00' });
    // 0.05 × 0.50 = 0.025 → 0.03 half-up
    const h = depthData({ symbol: 'X', bids: new Float64Array([5, 50]), asks: new Float64Array() }, parseScale('0.01')!, 2, 2);
    expect(depthReadout(h, h.bids, 0)!.value).toBe('0.03');
  });

  it('the mid price is exact, with one decimal more halfway between two ticks', () => {
    const curve = (bid: number, ask: number) => ({ symbol: 'X', bids: new Float64Array([bid, 100]), asks: new Float64Array([ask, 100]) });
    expect(depthMid(depthData(curve(9694862, 9694864), parseScale('0.01')!, 2, 2))).toBe('96948.63');
    expect(depthMid(depthData(curve(9694862, 9694863), parseScale('0.01')!, 2, 2))).toBe('96948.625');
    // A tick of 0.5: 3 and 4 ticks are 1.5 and 2, the mid 1.75.
    expect(depthMid(depthData(curve(3, 4), parseScale('0.5')!, 2, 2))).toBe('1.75');
    expect(depthMid(depthData({ symbol: 'X', bids: new Float64Array([1, 1]), asks: new Float64Array() }, parseScale('0.01')!, 2, 2))).toBeNull();
  });

  it('draws from float columns of the same points', () => {
    const d = depthData({ symbol: 'X', bids: new Float64Array([10, 100]), asks: new Float64Array() }, parseScale('0.01')!, 2, 2);
    expect([...d.bids.price]).toEqual([0.1]);
    expect([...d.bids.amount]).toEqual([1]);
  });
});
