// Replays real captured Bybit spot order-book messages (tests/engine/fixtures, copied verbatim
// from shared/reference/bybit-v5/samples) through the validating decoder and the wasm engine.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseScale, ticksToDecimal } from '../../src/core/decimal.ts';
import { ASK, BID } from '../../src/core/order-book.ts';
import * as L from '../../src/engine/book-layout.ts';
import { readLevels } from './support/book-reader.ts';
import { BybitOrderbookDecoder, type BybitOrderbookWire } from '../../src/protocol/bybit-v5/orderbook.ts';
import { captureState } from './support/snapshot.ts';
import { referenceEngine, wasmEngine } from './support/engines.ts';
import { applyBatch, fixtureLines } from './support/replay.ts';

const TICK = parseScale('0.01')!;
const SIZE_DECIMALS = 6;
const read = (url: URL): string => readFileSync(url, 'utf8');

/** Normalises a wire decimal to 2 price decimals by string padding (independent of the codec). */
function norm(price: string): string {
  const [i, f = ''] = price.split('.');
  return `${i}.${f.padEnd(2, '0')}`;
}

/** Independent fold with string keys, as a naive client would do it. */
function fold(messages: BybitOrderbookWire[]): { bids: string[]; asks: string[] } {
  const sides = [new Map<string, string>(), new Map<string, string>()];
  let depth = 0;
  for (const m of messages) {
    depth = Number(m.topic.split('.')[1]);
    for (const [k, list] of [[0, m.data.b], [1, m.data.a]] as const) {
      if (m.type === 'snapshot') sides[k]!.clear();
      for (const [p, s] of list) {
        if (Number(s) === 0) sides[k]!.delete(norm(p));
        else sides[k]!.set(norm(p), s);
      }
    }
  }
  const line = ([p, s]: [string, string]): string => `${p} ${Number(s)}`;
  return {
    bids: [...sides[0]!].sort((a, b) => Number(b[0]) - Number(a[0])).slice(0, depth).map(line),
    asks: [...sides[1]!].sort((a, b) => Number(a[0]) - Number(b[0])).slice(0, depth).map(line),
  };
}

function replay(file: string) {
  const all = fixtureLines(file, read);
  const book = all.filter((m): m is BybitOrderbookWire => typeof (m as { topic?: unknown }).topic === 'string' && (m as { topic: string }).topic.startsWith('orderbook.'));
  const decoder = new BybitOrderbookDecoder({ tick: TICK, sizeDecimals: SIZE_DECIMALS }, 'BTCUSDT');
  const wasm = wasmEngine();
  const ref = referenceEngine();
  const us: number[] = [];
  for (const m of book) {
    const batch = decoder.decode(JSON.stringify(m));
    expect(batch, `dropped: ${decoder.lastDrop}`).not.toBeNull();
    us.push(batch!.u);
    for (const e of [wasm, ref]) {
      expect(applyBatch(e, batch!)).toBe(0);
      e.update();
      expect(e.header()[L.H_CROSSED]).toBe(0);
    }
    expect(captureState(wasm)).toEqual(captureState(ref));
  }
  const show = (side: 0 | 1): string[] => readLevels(wasm, side).map(([p, s]) => `${ticksToDecimal(p, TICK)} ${s / 10 ** SIZE_DECIMALS}`);
  return { wasm, us, book, shown: { bids: show(BID), asks: show(ASK) }, decoder };
}

describe('replay of real Bybit captures', () => {
  it('rbot orderbook.200: keeps 200/200 with the window-edge delete and insert', () => {
    const { wasm, us, book, shown } = replay('spot_orderbook200_BTCUSDT_rbot.ndjson');
    expect(us).toEqual([5179079, 5179080]);
    expect(wasm.levelCount(BID)).toBe(200);
    expect(wasm.levelCount(ASK)).toBe(200);
    expect(shown.bids).toContain('43728.19 0.5');
    expect(shown.bids).toContain('43724.11 0.333012');
    expect(shown.bids.some((l) => l.startsWith('43725.35 '))).toBe(false);
    expect(shown.bids.at(-1)).toBe('43636.36 0.027705');
    expect(shown.asks.some((l) => l.startsWith('43829.75 ') || l.startsWith('43829.92 '))).toBe(false);
    expect(shown.asks).toContain('43736.01 0.525');
    expect(shown).toEqual(fold(book));
  });

  it('open-trader orderbook.50: two bid-only deltas leave asks untouched', () => {
    const { wasm, us, book, shown } = replay('spot_orderbook50_BTCUSDT_open-trader.ndjson');
    expect(us).toEqual([17340415, 17340416, 17340417]);
    expect(shown.bids[0]).toBe('74139.50 0.772943');
    expect(shown.bids).toContain('74114.60 0.0945');
    expect(shown.bids.some((l) => l.startsWith('74124.30 '))).toBe(false);
    expect([wasm.levelCount(BID), wasm.levelCount(ASK)]).toEqual([50, 50]);
    expect(shown).toEqual(fold(book));
  });

  it('gocryptotrader orderbook.50: inserts a bid, deletes the 50th, and ignores trade and pong lines', () => {
    const { wasm, book, shown, decoder } = replay('spot_orderbook50_BTCUSDT_trade_pong_gocryptotrader.ndjson');
    expect(shown.bids.some((l) => l.startsWith('75837.13 '))).toBe(false);
    expect(shown.bids).toContain('75848.62 0.014895');
    expect(wasm.levelCount(BID)).toBe(50);
    expect(shown.asks[0]!.startsWith('75848.75 ')).toBe(true);
    expect(shown).toEqual(fold(book));
    for (const other of fixtureLines('spot_orderbook50_BTCUSDT_trade_pong_gocryptotrader.ndjson', read).slice(2)) {
      expect(decoder.decode(other)).toBeNull();
    }
    expect(decoder.dropped['not-orderbook']).toBe(2);
    wasm.update();
    expect(wasm.header()[L.H_SPREAD]).toBe(1);
  });
});
