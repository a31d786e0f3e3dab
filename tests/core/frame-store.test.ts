import { describe, expect, it } from 'vitest';
import { FrameStore, type StoreFrame } from '../../src/core/frame-store.ts';
import { TRADES_LISTED } from '../../src/core/trade-rows.ts';

const book = (symbol: string, updateId: number) => ({ symbol, updateId, numbers: new Float64Array(4) });
const trade = (id: number) => ({ id: String(id), time: id, price: '1', qty: '1', buy: id % 2 === 0 });
const empty = (): StoreFrame => ({ book: null, bookCleared: false, trades: null, tradesCleared: false, tickers: null, candle: null, status: null });

describe('frame store', () => {
  it('keeps the latest book and drops it when the feed clears it', () => {
    const s = new FrameStore();
    expect(s.apply({ ...empty(), book: book('A', 1) }).book).toBe(true);
    expect(s.book?.updateId).toBe(1);
    const touched = s.apply(empty());
    expect(touched).toEqual({ book: false, trades: false, tickers: false, candle: false, curve: false, status: false });
    expect(s.apply({ ...empty(), bookCleared: true }).book).toBe(true);
    expect(s.book).toBeNull();
    // A frame that clears and brings the new symbol's first book shows that book.
    s.apply({ ...empty(), bookCleared: true, book: book('B', 7) });
    expect(s.book?.symbol).toBe('B');
  });

  it('puts new trades on top, newest first, and keeps at most TRADES_LISTED', () => {
    const s = new FrameStore();
    s.apply({ ...empty(), trades: [trade(1), trade(2)] });
    expect(s.trades.map((t) => t.id)).toEqual(['2', '1']);
    s.apply({ ...empty(), trades: Array.from({ length: TRADES_LISTED + 5 }, (_, i) => trade(i + 3)) });
    expect(s.trades).toHaveLength(TRADES_LISTED);
    expect(s.trades[0]!.id).toBe(String(TRADES_LISTED + 7));
    expect(s.apply({ ...empty(), tradesCleared: true }).trades).toBe(true);
    expect(s.trades).toEqual([]);
  });

  it('merges tickers by symbol into a new map, so a reader sees the change', () => {
    const s = new FrameStore();
    s.apply({ ...empty(), tickers: [{ symbol: 'A' }, { symbol: 'B' }] });
    const before = s.tickers;
    s.apply({ ...empty(), tickers: [{ symbol: 'A' }] });
    expect(s.tickers).not.toBe(before);
    expect([...s.tickers.keys()]).toEqual(['A', 'B']);
  });

  it('keeps the last status, candle and curve until a frame brings new ones', () => {
    const s = new FrameStore();
    s.apply({ ...empty(), status: { stale: { book: false, trades: true } }, candle: 1, curve: 'c' });
    s.apply(empty());
    expect(s.status?.stale).toEqual({ book: false, trades: true });
    expect(s.candle).toBe(1);
    expect(s.curve).toBe('c');
  });
});
