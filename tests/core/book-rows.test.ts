import { describe, expect, it } from 'vitest';
import { BookRowFormatter, bookRowSums, fixed } from '../../src/core/book-rows.ts';
import { parseScale } from '../../src/core/decimal.ts';
import * as L from '../../src/engine/book-layout.ts';
import { bookFrame } from '../support/book-frame.ts';

const frame = (bids: Array<[number, number]>, asks: Array<[number, number]>) => bookFrame(bids, asks);

const scales = (totalIn: 'base' | 'quote' = 'base', priceDecimals = 2) => ({ tick: parseScale('0.01')!, sizeDecimals: 6, quoteDecimals: 2, priceDecimals, totalIn });

describe('book row text', () => {
  it('writes prices at the decimals of the step the frame was merged with, not the step chosen since', () => {
    // Merged at 10 (1000 ticks of 0.01) while the page still holds the cent step's scales.
    const merged = frame([[9700000, 1500000]], [[9701000, 1]]);
    merged.numbers[L.H_STEP] = 1000;
    expect(new BookRowFormatter().format(merged, scales('base', 2)).bids[0]!.price).toBe('97000');
    // A raw frame (1 tick) arriving after 10 was chosen keeps its cents.
    const raw = frame([[9700012, 1500000]], []);
    raw.numbers[L.H_STEP] = 1;
    expect(new BookRowFormatter().format(raw, scales('base', 0)).bids[0]!.price).toBe('97000.12');
    // In step: as the scales say.
    merged.numbers[L.H_STEP] = 1000;
    expect(new BookRowFormatter().format(merged, scales('base', 0)).bids[0]!.price).toBe('97000');
  });

  it('formats prices, sizes and running totals exactly', () => {
    const v = new BookRowFormatter().format(frame([[9700012, 1500000], [9700000, 250000]], [[9700100, 1]]), scales());
    expect(v.bids.map((r) => [r.price, r.size, r.total])).toEqual([['97000.12', '1.500000', '1.500000'], ['97000.00', '0.250000', '1.750000']]);
    expect(v.asks[0]).toMatchObject({ price: '97001.00', size: '0.000001' });
    expect(v.bestBid).toBe('97000.12');
  });

  it('quote totals and the average price to a row are exact decimals', () => {
    const f = frame([[10000, 1000000], [9900, 3000000]], []);
    const v = new BookRowFormatter().format(f, scales('quote'));
    // 100.00 × 1 + 99.00 × 3 = 397.00; average 397 / 4 = 99.25
    expect(v.bids[1]!.total).toBe('397.00');
    expect(bookRowSums(f, 0, 1, scales('quote'))).toEqual({ cumBase: '4.000000', cumQuote: '397.00', avgPrice: '99.25' });
  });

  it('hover sums are made for the asked row only, and none for a row without a level', () => {
    const f = frame([[10000, 1000000]], [[10100, 2000000], [10300, 2000000]]);
    // asks: 101 × 2 + 103 × 2 = 408 over 4 → 102.00
    expect(bookRowSums(f, 1, 1, scales())).toEqual({ cumBase: '4.000000', cumQuote: '408.00', avgPrice: '102.00' });
    expect(bookRowSums(f, 0, 1, scales())).toBeNull();
    expect(bookRowSums(f, 1, -1, scales())).toBeNull();
  });

  it('an average price that does not divide evenly is rounded half-up at the tick', () => {
    // (1.00 × 1 + 1.01 × 2) / 3 = 1.00666… → 1.01
    const f = frame([[100, 1000000], [101, 2000000]], []);
    expect(bookRowSums(f, 0, 1, scales())!.avgPrice).toBe('1.01');
  });

  it('a base total switched to quote is formatted again (the scales are part of the cache key)', () => {
    const fmt = new BookRowFormatter();
    const f = frame([[10000, 1000000], [9900, 3000000]], []);
    expect(fmt.format(f, scales('base')).bids[1]!.total).toBe('4.000000');
    expect(fmt.format(f, scales('quote')).bids[1]!.total).toBe('397.00');
  });

  // Walk 7, C3: PEPE's Quantity read 5073051210 beside a Total of 32.13B.
  it('abbreviates a large size as the total is (K, M, B), small ones at their places', () => {
    const pepe = { tick: parseScale('0.00000001')!, sizeDecimals: 0, quoteDecimals: 7, priceDecimals: 8, totalIn: 'base' as const };
    const v = new BookRowFormatter().format(frame([[1871, 5073051210], [1870, 27060000000]], [[1872, 999999]]), pepe);
    expect(v.bids.map((r) => [r.size, r.total])).toEqual([['5.07B', '5.07B'], ['27.06B', '32.13B']]);
    expect(v.asks[0]!.size).toBe('999999');
    expect(v.bids[0]!.price).toBe('0.00001871');
  });

  it('a merged price shows the step\'s decimals', () => {
    const v = new BookRowFormatter().format(frame([[9700000, 1]], []), scales('base', 0));
    expect(v.bids[0]!.price).toBe('97000');
  });

  it('reuses the same row object when a row did not change, so canvases skip it', () => {
    const f = new BookRowFormatter();
    const a = f.format(frame([[100, 5], [99, 6]], []), scales());
    const b = f.format(frame([[100, 5], [99, 7]], []), scales());
    expect(b.bids[0]).toBe(a.bids[0]);
    expect(b.bids[1]).not.toBe(a.bids[1]);
  });

  it('fixed() places the point without floats', () => {
    expect(fixed(5, 3)).toBe('0.005');
    expect(fixed(123456, 2)).toBe('1234.56');
    expect(fixed(7, 0)).toBe('7');
  });
});
