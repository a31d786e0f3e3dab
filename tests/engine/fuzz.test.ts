// Fuzz: >= 100,000 random and mutated inputs. Mutated real levels (NaN, negative, huge, wrong
// types, wrong arity, unsorted, crossed, bad ids) must be rejected by the validating decoder;
// whatever passes goes through the engine, whose output is checked after every input. Raw
// junk numbers are also written straight into the engine, which must skip them.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseScale, scaledToDecimal } from '../../src/core/decimal.ts';
import { ASK, BID } from '../../src/core/order-book.ts';
import * as L from '../../src/engine/book-layout.ts';
import { BybitOrderbookDecoder, type BybitOrderbookWire } from '../../src/protocol/bybit-v5/orderbook.ts';
import { generateBookStream, rng } from '../../bench/lib/book-stream.ts';
import { referenceEngine, wasmEngine } from './support/engines.ts';
import { captureState, checkInvariants } from './support/snapshot.ts';
import { applyBatch, fixtureLines } from './support/replay.ts';

const ITERATIONS = 100_000;
const TICK = parseScale('0.01')!;
const SIZE_DECIMALS = 6;

type Wire = BybitOrderbookWire & Record<string, unknown>;

function baseMessages(): Wire[] {
  const read = (url: URL): string => readFileSync(url, 'utf8');
  const real = [
    'spot_orderbook200_BTCUSDT_rbot.ndjson',
    'spot_orderbook50_BTCUSDT_open-trader.ndjson',
    'spot_orderbook50_BTCUSDT_trade_pong_gocryptotrader.ndjson',
  ].flatMap((f) => fixtureLines(f, read)).filter((m): m is Wire => String((m as Wire).topic).startsWith('orderbook.'));
  // Generated 50-level feed in wire form, so most inputs are small and the run stays fast.
  const gen = generateBookStream({ depth: 50, messages: 300, seed: 7, resnapshotEvery: 60 }).map((m, i): Wire => {
    const side = (pairs: Float64Array): Array<[string, string]> => {
      const out: Array<[string, string]> = [];
      for (let j = 0; j < pairs.length; j += 2) out.push([scaledToDecimal(pairs[j]!, 2), scaledToDecimal(pairs[j + 1]!, SIZE_DECIMALS)]);
      return out;
    };
    return { topic: 'orderbook.50.BTCUSDT', ts: 1_700_000_000_000 + i, type: m.type, data: { s: 'BTCUSDT', b: side(m.bids), a: side(m.asks), u: m.u, seq: 1000 + i }, cts: 1 } as Wire;
  });
  return [...real, ...gen];
}

const BAD_VALUES: unknown[] = ['NaN', '-1', '1e400', '99999999999999999999999', '', ' 1', '0x1F', 'Infinity', '-0', '1.', '.5', '4.3e4', '1.0000001', 5, -5, NaN, null, undefined, true, {}, [], '١٢'];

describe('fuzz: decoder + engine', () => {
  it(`survives ${ITERATIONS} random and mutated inputs with the book invariants intact`, () => {
    const r = rng(20240501);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
    const bases = baseMessages();
    const decoder = new BybitOrderbookDecoder({ tick: TICK, sizeDecimals: SIZE_DECIMALS }, 'BTCUSDT');
    const wasm = wasmEngine('release');
    const ref = referenceEngine();
    let depth = 50;
    let accepted = 0;
    let junkPairs = 0;
    for (let it = 0; it < ITERATIONS; it++) {
      const base = pick(bases);
      const data = { ...base.data, b: base.data.b.slice(), a: base.data.a.slice() };
      const m: Record<string, unknown> = { ...base, data };
      let mustReject = false;
      // Plausible edits first (they may or may not break order), then at most one edit that
      // must always be rejected, applied last so nothing overwrites it.
      const edits = Math.floor(r() * 3);
      for (let k = 0; k < edits; k++) {
        const list = r() < 0.5 ? data.b : data.a;
        const i = Math.floor(r() * list.length);
        if (list.length === 0) continue;
        if (r() < 0.6) {
          list[i] = [scaledToDecimal(Math.floor(r() * 10_000_000) + 1, 2), pick(['0', '0.5', '12.345678', '0.000001'])];
        } else if (list.length > 1) {
          const j = Math.floor(r() * list.length);
          [list[i], list[j]] = [list[j]!, list[i]!];
        }
      }
      const roll = r();
      const list = r() < 0.5 ? data.b : data.a;
      const i = Math.floor(r() * list.length);
      if (roll < 0.25 && list.length > 0) {
        const level = list[i]!.slice() as unknown[];
        level[r() < 0.5 ? 0 : 1] = pick(BAD_VALUES);
        list[i] = level as [string, string];
        mustReject = true;
      } else if (roll < 0.32 && list.length > 0) {
        list[i] = pick<unknown>([[list[i]![0]], [...list[i]!, '1'], 'level', null, 42]) as [string, string];
        mustReject = true;
      } else if (roll < 0.4) {
        const key = pick(['topic', 'type', 'ts', 'u', 'seq', 'data', 's', 'b']);
        const bad = pick<unknown>(['x', -1, 1.5, NaN, null, {}, 'orderbook.7.BTCUSDT']);
        if (key === 'u' || key === 'seq' || key === 's' || key === 'b') (data as Record<string, unknown>)[key] = bad;
        else m[key] = bad;
        mustReject = true;
      } else if (roll < 0.45 && data.b.length > 0 && data.a.length > 0 && m.type === 'snapshot') {
        data.b[0] = [data.a[0]![0], '1'];
        mustReject = true;
      }
      const input: unknown = r() < 0.02 ? JSON.stringify(m).slice(0, Math.floor(r() * 200)) : m;
      const batch = decoder.decode(input);
      if (mustReject) expect(batch, `iteration ${it} should be rejected`).toBeNull();
      if (batch) {
        accepted++;
        depth = batch.depth;
        expect(applyBatch(wasm, batch)).toBe(0);
        wasm.update();
        if (batch.type === 'snapshot') expect(wasm.header()[L.H_CROSSED]).toBe(0);
      }
      if (it % 7 === 0) {
        // Junk straight into the engine: it must skip it and still produce no NaN.
        const inp = wasm.input();
        const n = 1 + Math.floor(r() * 8);
        for (let j = 0; j < 2 * n; j++) inp[j] = pick([NaN, -1, Infinity, -Infinity, 0.5, 2 ** 60, 1e308, Math.floor(r() * 1e7)]);
        wasm.apply(r() < 0.5 ? BID : ASK, n, false);
        junkPairs += n;
        wasm.update();
      }
      wasm.depthCurve();
      const broken = checkInvariants(wasm, depth);
      if (broken) expect.fail(`iteration ${it}: ${broken}`);
      if (it % 500 === 0) {
        // The reference must agree on the same state: rebuild it from the wasm levels.
        ref.clear();
        ref.setDepth(depth);
        for (const side of [BID, ASK] as const) {
          const n = wasm.levelCount(side);
          const inp = ref.input();
          for (let j = 0; j < n; j++) {
            inp[2 * j] = wasm.prices(side)[j]!;
            inp[2 * j + 1] = wasm.sizes(side)[j]!;
          }
          ref.apply(side, n, true);
        }
        const a = captureState(wasm) as { header: number[] };
        const b = captureState(ref) as { header: number[] };
        a.header[L.H_REJECTED] = b.header[L.H_REJECTED] = 0;
        expect(a).toEqual(b);
      }
    }
    // The fuzz must exercise both paths, not just rejections.
    expect(accepted).toBeGreaterThan(ITERATIONS / 4);
    expect(decoder.totalDropped()).toBeGreaterThan(ITERATIONS / 4);
    expect(junkPairs).toBeGreaterThan(0);
    for (const reason of ['bad-price', 'bad-size', 'bad-level', 'unsorted', 'crossed', 'bad-ids', 'not-json'] as const) {
      expect(decoder.dropped[reason], reason).toBeGreaterThan(0);
    }
  }, 60_000);
});
