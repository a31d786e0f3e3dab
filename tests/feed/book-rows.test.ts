import { describe, expect, it } from 'vitest';
import { BookRowFormatter, fixed } from '../../src/feed/book-rows.ts';
import { parseScale } from '../../src/core/decimal.ts';
import * as L from '../../src/engine/book-layout.ts';

function frame(bids: Array<[number, number]>, asks: Array<[number, number]>) {
  const n = new Float64Array(L.HEADER_LEN + 2 * L.ROW_CAP * L.ROW_FIELDS);
  const put = (off: number, rows: Array<[number, number]>) => {
    let cb = 0;
    let cq = 0;
    rows.forEach(([p, s], i) => {
      cb += s;
      cq += p * s;
      n.set([p, s, cb, cq, cb / 10], off + i * L.ROW_FIELDS);
    });
  };
  put(L.HEADER_LEN, bids);
  put(L.HEADER_LEN + L.ROW_CAP * L.ROW_FIELDS, asks);
  n[L.H_BID_ROWS] = bids.length;
  n[L.H_ASK_ROWS] = asks.length;
  n[L.H_BEST_BID] = bids[0]?.[0] ?? 0;
  n[L.H_BEST_ASK] = asks[0]?.[0] ?? 0;
  n[L.H_BUY_RATIO] = 5000;
  n[L.H_SELL_RATIO] = 5000;
  return { symbol: 'BTCUSDT', updateId: 1, numbers: n };
}

const scales = (totalIn: 'base' | 'quote' = 'base', priceDecimals = 2) => ({ tick: parseScale('0.01')!, sizeDecimals: 6, quoteDecimals: 2, priceDecimals, totalIn });

describe('book row text', () => {
  it('formats prices, sizes and running totals exactly', () => {
    const v = new BookRowFormatter().format(frame([[9700012, 1500000], [9700000, 250000]], [[9700100, 1]]), scales());
    expect(v.bids.map((r) => [r.price, r.size, r.total])).toEqual([['97000.12', '1.500000', '1.500000'], ['97000.00', '0.250000', '1.750000']]);
    expect(v.asks[0]).toMatchObject({ price: '97001.00', size: '0.000001' });
    expect(v.bestBid).toBe('97000.12');
  });

  it('quote totals and the average price to a row are exact decimals', () => {
    const v = new BookRowFormatter().format(frame([[10000, 1000000], [9900, 3000000]], []), scales('quote'));
    // 100.00 × 1 + 99.00 × 3 = 397.00; average 397 / 4 = 99.25
    expect(v.bids[1]!.total).toBe('397.00');
    expect(v.bids[1]!.avgPrice).toBe('99.25');
    expect(v.bids[1]!.cumBase).toBe('4.000000');
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
