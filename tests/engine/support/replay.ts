// Decoder + engine glue used by the replay and fuzz tests: what the feed worker will do per
// message (continuity checks on u are the feed's job and are only asserted here).
import { ASK, BID } from '../../../src/core/order-book.ts';
import type { BookEngine } from '../../../src/engine/book-engine.ts';
import { applyPairs } from './book-reader.ts';
import type { OrderbookBatch } from '../../../src/protocol/bybit-v5/orderbook.ts';

export function applyBatch(e: BookEngine, b: OrderbookBatch): number {
  const reset = b.type === 'snapshot';
  e.setDepth(b.depth);
  // Bybit: an empty side in a delta means "no change", in a snapshot "no levels".
  let rejected = 0;
  if (reset || b.bids.length > 0) rejected += applyPairs(e, BID, b.bids, reset);
  if (reset || b.asks.length > 0) rejected += applyPairs(e, ASK, b.asks, reset);
  return rejected;
}

export function fixtureLines(name: string, readText: (url: URL) => string): unknown[] {
  return readText(new URL(`../fixtures/${name}`, import.meta.url))
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as unknown);
}
