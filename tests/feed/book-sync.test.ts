import { describe, expect, it } from 'vitest';
import { BookSync } from '../../src/feed/book-sync.ts';
import type { OrderbookBatch } from '../../src/protocol/bybit-v5/orderbook.ts';

const batch = (type: 'snapshot' | 'delta', u: number, seq: number | null = null): OrderbookBatch => ({
  symbol: 'BTCUSDT', depth: 50, type, u, seq, ts: 1, cts: null, bids: new Float64Array(), asks: new Float64Array(),
});

function setup() {
  const applied: Array<[number, boolean]> = [];
  const sync = new BookSync((b, reset) => applied.push([b.u, reset]));
  return { sync, applied };
}

describe('order-book sequence rules', () => {
  it('a snapshot then consecutive deltas apply in order', () => {
    const { sync, applied } = setup();
    expect(sync.push(batch('snapshot', 10))).toBe('snapshot');
    expect(sync.push(batch('delta', 11))).toBe('delta');
    expect(sync.push(batch('delta', 12))).toBe('delta');
    expect(applied).toEqual([[10, true], [11, false], [12, false]]);
  });

  it('a stale or duplicate delta is ignored', () => {
    const { sync, applied } = setup();
    sync.push(batch('snapshot', 10));
    sync.push(batch('delta', 11));
    expect(sync.push(batch('delta', 11))).toBe('stale');
    expect(sync.push(batch('delta', 5))).toBe('stale');
    expect(applied.length).toBe(2);
  });

  it('a gap drops the book and waits for a fresh snapshot', () => {
    const { sync, applied } = setup();
    sync.push(batch('snapshot', 10));
    expect(sync.push(batch('delta', 12))).toBe('gap');
    expect(sync.hasBook).toBe(false);
    expect(sync.push(batch('delta', 13))).toBe('waiting');
    expect(sync.push(batch('snapshot', 20))).toBe('snapshot');
    expect(applied).toEqual([[10, true], [20, true]]);
  });

  it('u = 1 resets the book even after higher ids', () => {
    const { sync, applied } = setup();
    sync.push(batch('snapshot', 500));
    expect(sync.push(batch('snapshot', 1))).toBe('snapshot');
    expect(sync.push(batch('delta', 2))).toBe('delta');
    expect(applied).toEqual([[500, true], [1, true], [2, false]]);
  });

  it('a delta before any snapshot waits, and applies after it when it follows on', () => {
    const { sync, applied } = setup();
    expect(sync.push(batch('delta', 8))).toBe('waiting');
    expect(sync.push(batch('delta', 11))).toBe('waiting');
    expect(sync.push(batch('snapshot', 10))).toBe('snapshot');
    expect(applied).toEqual([[10, true], [11, false]]);
    expect(sync.updateId).toBe(11);
  });

  it('depth-1 snapshots repeated with the same u are accepted', () => {
    const { sync, applied } = setup();
    sync.push(batch('snapshot', 7));
    expect(sync.push(batch('snapshot', 7))).toBe('snapshot');
    expect(applied.length).toBe(2);
  });

  it('a delta whose seq went backwards is ignored', () => {
    const { sync } = setup();
    sync.push(batch('snapshot', 10, 100));
    expect(sync.push(batch('delta', 11, 90))).toBe('stale');
    expect(sync.push(batch('delta', 11, 120))).toBe('delta');
  });
});
