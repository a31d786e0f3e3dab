import * as L from '../../src/core/book-layout.ts';
import type { BookFrame } from '../../src/core/book-rows.ts';

/**
 * A book frame as the engine lays it out (src/core/book-layout.ts): each side's rows with their
 * cumulative base and quote sums and a depth ratio of cumulative ÷ 10, best prices, `step` ticks a
 * row and even buy/sell ratios.
 */
export function bookFrame(bids: Array<[number, number]>, asks: Array<[number, number]>, updateId = 1, step = 0): BookFrame {
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
  if (step) n[L.H_STEP] = step;
  return { symbol: 'BTCUSDT', updateId, numbers: n };
}
