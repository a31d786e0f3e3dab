// Property tests: random command streams (snapshots, deltas, deletes, window-edge moves,
// re-snapshots, step/depth/mode changes, invalid numbers) give exactly the same output from
// the wasm build and the TS reference, and keep the book invariants.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ASK, BID, type BookSide, type OrderBookMode } from '../../src/core/order-book.ts';
import type { BookEngine } from '../../src/engine/book-engine.ts';
import { applyPairs, readLevels } from './support/book-reader.ts';
import { finalBook, generateBookStream } from '../../bench/lib/book-stream.ts';
import { referenceEngine, wasmEngine } from './support/engines.ts';
import { captureState, checkInvariants } from './support/snapshot.ts';

type Cmd =
  | { k: 'levels'; side: BookSide; reset: boolean; levels: Array<[number, number]> }
  | { k: 'edge'; side: BookSide; shift: number }
  | { k: 'step'; step: number }
  | { k: 'depth'; depth: number }
  | { k: 'mode'; mode: OrderBookMode }
  | { k: 'clear' };

const side = fc.constantFrom<BookSide>(BID, ASK);
// A narrow price range makes replacements, deletes and bucket collisions frequent.
const price = fc.oneof({ weight: 9, arbitrary: fc.integer({ min: 1, max: 300 }) }, { weight: 1, arbitrary: fc.constantFrom(NaN, -3, 0, 1.5, Infinity, 2 ** 53) });
const size = fc.oneof(
  { weight: 3, arbitrary: fc.constant(0) },
  { weight: 8, arbitrary: fc.integer({ min: 1, max: 1_000_000 }) },
  { weight: 1, arbitrary: fc.constantFrom(NaN, -1, 0.5, 2 ** 40, Number.MAX_SAFE_INTEGER) },
);
const cmd: fc.Arbitrary<Cmd> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ k: fc.constant('levels' as const), side, reset: fc.constant(true), levels: fc.array(fc.tuple(price, size), { maxLength: 80 }) }) },
  { weight: 8, arbitrary: fc.record({ k: fc.constant('levels' as const), side, reset: fc.constant(false), levels: fc.array(fc.tuple(price, size), { maxLength: 20 }) }) },
  { weight: 2, arbitrary: fc.record({ k: fc.constant('edge' as const), side, shift: fc.integer({ min: 1, max: 5 }) }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('step' as const), step: fc.constantFrom(1, 2, 5, 10, 100, 1000, 0, 2.5, NaN, -10) }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('depth' as const), depth: fc.constantFrom(1, 3, 20, 50, 200, 1000, 0, -5, 5000) }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('mode' as const), mode: fc.constantFrom<OrderBookMode>(1, 2, 3, 4) }) },
  { weight: 1, arbitrary: fc.constant({ k: 'clear' as const }) },
);

/** Window-edge move as a real feed sends it: the best levels leave, new ones enter beyond the worst. */
function edgePairs(e: BookEngine, s: BookSide, shift: number): Array<[number, number]> {
  const levels = readLevels(e, s);
  const out: Array<[number, number]> = levels.slice(0, shift).map(([p]) => [p, 0]);
  const worst = levels.at(-1)?.[0] ?? 150;
  for (let i = 1; i <= shift; i++) out.push([s === BID ? Math.max(1, worst - i) : worst + i, 1000 * i]);
  return out;
}

function run(e: BookEngine, c: Cmd, pairs: Array<[number, number]>): void {
  if (c.k === 'levels' || c.k === 'edge') applyPairs(e, c.side, pairs.flat(), c.k === 'levels' && c.reset);
  else if (c.k === 'step') e.setStep(c.step);
  else if (c.k === 'depth') e.setDepth(c.depth);
  else if (c.k === 'mode') e.setMode(c.mode);
  else e.clear();
}

describe('wasm engine equals the TS reference', () => {
  const wasm = wasmEngine('release');
  const debug = wasmEngine('debug');
  const ref = referenceEngine();

  it('on random command streams', () => {
    fc.assert(
      fc.property(fc.array(cmd, { minLength: 1, maxLength: 40 }), (cmds) => {
        for (const e of [wasm, debug, ref]) {
          e.setDepth(50);
          e.setStep(1);
          e.setMode(1);
          e.clear();
        }
        let depth = 50;
        for (const c of cmds) {
          const pairs = c.k === 'levels' ? c.levels : c.k === 'edge' ? edgePairs(ref, c.side, c.shift) : [];
          for (const e of [wasm, debug, ref]) run(e, c, pairs);
          if (c.k === 'depth') depth = Math.min(1000, Math.max(1, c.depth));
          const expected = captureState(ref);
          expect(captureState(wasm)).toEqual(expected);
          expect(captureState(debug)).toEqual(expected);
          expect(checkInvariants(wasm, depth)).toBeNull();
        }
      }),
      { numRuns: 300 },
    );
  });

  it.each([50, 200, 1000])('on generated %i-level feeds with re-snapshots and step changes, ending at the exact top-N book', (depth) => {
    const stream = generateBookStream({ depth, messages: 400, seed: depth, resnapshotEvery: 150 });
    const steps = [1, 10, 100];
    for (const e of [wasm, ref]) {
      e.clear();
      e.setDepth(depth);
      e.setMode(4);
    }
    stream.forEach((msg, i) => {
      for (const e of [wasm, ref]) {
        e.setStep(steps[i % 3]!);
        const reset = msg.type === 'snapshot';
        if (reset || msg.bids.length) applyPairs(e, BID, msg.bids, reset);
        if (reset || msg.asks.length) applyPairs(e, ASK, msg.asks, reset);
      }
      expect(captureState(wasm)).toEqual(captureState(ref));
      expect(checkInvariants(wasm, depth)).toBeNull();
    });
    const want = finalBook(stream);
    expect(readLevels(wasm, BID)).toEqual(want.bids);
    expect(readLevels(wasm, ASK)).toEqual(want.asks);
    expect(want.bids).toHaveLength(depth);
  });
});
