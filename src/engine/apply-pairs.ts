// Feeds level batches into a BookEngine through its input view, in input-sized chunks.
import type { BookSide } from '../core/order-book.ts';
import type { BookEngine } from './book-engine.ts';

/** Writes [priceTicks, sizeScaled] pairs (flat) and applies them in input-sized chunks. */
export function applyPairs(engine: BookEngine, side: BookSide, pairs: ArrayLike<number>, reset: boolean): number {
  const input = engine.input();
  const cap = input.length >> 1;
  const total = pairs.length >> 1;
  let rejected = 0;
  let first = true;
  for (let start = 0; start < total || first; start += cap) {
    const count = Math.min(cap, total - start);
    for (let i = 0; i < 2 * count; i++) input[i] = pairs[2 * start + i]!;
    rejected += engine.apply(side, count, reset && first);
    first = false;
  }
  return rejected;
}
