// Bybit v5 public `orderbook.{depth}.{symbol}` messages: the wire type, the exchange's encoder
// and the page's validating decoder, which turns one message into level batches of integer ticks
// and scaled sizes. Anything the engine could misread (NaN, negatives, exponents, numbers instead
// of strings, off-tick prices, unsorted or crossed snapshots) is dropped here, whole, and counted
// by reason: a half-applied message would leave a book that looks right and is wrong.
import { DECIMAL_RE, type DecimalScale, decimalPlaces, decimalToScaled, decimalToTicks } from '../../core/decimal.ts';
import type { WireFormat } from './wire-format.ts';

/** [price, size], both decimal strings; size "0" in a delta removes the level. */
export type BybitLevelWire = [price: string, size: string];

/** Key order follows real spot captures (topic, ts, type, data, cts). */
export interface BybitOrderbookWire {
  topic: string;
  ts: number;
  type: 'snapshot' | 'delta';
  data: { s: string; b: BybitLevelWire[]; a: BybitLevelWire[]; u: number; seq?: number };
  cts?: number;
}

/** A level as the exchange holds it: [price in ticks, size in lots]; lots 0 removes it. */
export type LevelLots = readonly [ticks: number, lots: number];

/** Levels as a JSON array of [price, size] strings, best first as given. */
export function encodeLevels(levels: readonly LevelLots[], f: WireFormat): string {
  let s = '[';
  for (let i = 0; i < levels.length; i++) {
    const [p, q] = levels[i]!;
    s += `${i ? ',' : ''}["${f.price(p)}","${q === 0 ? '0' : f.qty(q)}"]`;
  }
  return s + ']';
}

/**
 * One orderbook message. Template strings and positional arguments: this runs for every push of
 * every book, and one encoded message serves every subscriber.
 */
export function encodeOrderbook(
  topic: string, ts: number, type: 'snapshot' | 'delta', symbol: string,
  bids: readonly LevelLots[], asks: readonly LevelLots[], u: number, seq: number, cts: number, f: WireFormat,
): string {
  return (
    `{"topic":"${topic}","ts":${ts},"type":"${type}","data":{"s":"${symbol}","b":${encodeLevels(bids, f)},"a":${encodeLevels(asks, f)},` +
    `"u":${u},"seq":${seq}},"cts":${cts}}`
  );
}

/** One decoded message. bids/asks are flat pairs [priceTicks, sizeScaled], in wire order. */
export interface OrderbookBatch {
  symbol: string;
  depth: number;
  type: 'snapshot' | 'delta';
  u: number;
  seq: number | null;
  ts: number;
  cts: number | null;
  bids: Float64Array;
  asks: Float64Array;
}

export const ORDERBOOK_DROP_REASONS = [
  'not-json', 'not-orderbook', 'bad-topic', 'wrong-symbol', 'bad-type', 'bad-data', 'bad-ids',
  'bad-level', 'bad-price', 'off-tick', 'bad-size', 'too-many', 'unsorted', 'crossed',
] as const;
export type OrderbookDropReason = (typeof ORDERBOOK_DROP_REASONS)[number];

export interface OrderbookScales {
  tick: DecimalScale;
  sizeDecimals: number;
}

const TOPIC_RE = /^orderbook\.(1|50|200|1000)\.([A-Z0-9]{1,40})$/;

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);
const isId = (x: unknown): x is number => typeof x === 'number' && Number.isSafeInteger(x) && x >= 0;

/** Thrown inside the decoder only; a plain class (no Error) so drops cost no stack trace. */
class Drop {
  constructor(readonly reason: OrderbookDropReason) {}
}

/** Validating decoder for one symbol's order-book topic; keeps per-reason drop counters. */
export class BybitOrderbookDecoder {
  readonly dropped: Record<OrderbookDropReason, number> = Object.fromEntries(
    ORDERBOOK_DROP_REASONS.map((r) => [r, 0]),
  ) as Record<OrderbookDropReason, number>;
  lastDrop: OrderbookDropReason | null = null;

  /** symbol: if given, messages of other symbols are dropped. */
  constructor(private readonly scales: OrderbookScales, private readonly symbol?: string) {}

  /** Decodes a raw frame (string) or an already parsed message; null when dropped. */
  decode(message: unknown): OrderbookBatch | null {
    try {
      return this.decodeOrThrow(message);
    } catch (e) {
      if (!(e instanceof Drop)) throw e;
      this.dropped[e.reason]++;
      this.lastDrop = e.reason;
      return null;
    }
  }

  totalDropped(): number {
    let n = 0;
    for (const r of ORDERBOOK_DROP_REASONS) n += this.dropped[r];
    return n;
  }

  private decodeOrThrow(message: unknown): OrderbookBatch {
    let msg = message;
    if (typeof msg === 'string') {
      try {
        msg = JSON.parse(msg);
      } catch {
        throw new Drop('not-json');
      }
    }
    if (!isObject(msg) || typeof msg.topic !== 'string' || !msg.topic.startsWith('orderbook.')) throw new Drop('not-orderbook');
    const m = TOPIC_RE.exec(msg.topic);
    if (!m) throw new Drop('bad-topic');
    const depth = Number(m[1]);
    const symbol = m[2]!;
    if (this.symbol !== undefined && symbol !== this.symbol) throw new Drop('wrong-symbol');
    const type = msg.type;
    if (type !== 'snapshot' && type !== 'delta') throw new Drop('bad-type');
    const data = msg.data;
    if (!isObject(data) || data.s !== symbol || !Array.isArray(data.b) || !Array.isArray(data.a)) throw new Drop('bad-data');
    if (!isId(data.u) || data.u < 1 || (data.seq !== undefined && !isId(data.seq))) throw new Drop('bad-ids');
    if (!isId(msg.ts) || (msg.cts !== undefined && !isId(msg.cts))) throw new Drop('bad-ids');
    const snapshot = type === 'snapshot';
    // A delta may delete every level of the window and insert as many new ones.
    const limit = snapshot ? depth : 2 * depth;
    if (data.b.length > limit || data.a.length > limit) throw new Drop('too-many');
    const bids = this.levels(data.b, snapshot, true);
    const asks = this.levels(data.a, snapshot, false);
    if (snapshot && bids.length > 0 && asks.length > 0 && bids[0]! >= asks[0]!) throw new Drop('crossed');
    return {
      symbol,
      depth,
      type,
      u: data.u,
      seq: data.seq === undefined ? null : (data.seq as number),
      ts: msg.ts,
      cts: msg.cts === undefined ? null : (msg.cts as number),
      bids,
      asks,
    };
  }

  private levels(list: unknown[], snapshot: boolean, isBid: boolean): Float64Array {
    const out = new Float64Array(list.length * 2);
    const { tick, sizeDecimals } = this.scales;
    let prev = 0;
    for (let i = 0; i < list.length; i++) {
      const level = list[i];
      if (!Array.isArray(level) || level.length !== 2 || typeof level[0] !== 'string' || typeof level[1] !== 'string') {
        throw new Drop('bad-level');
      }
      const ticks = decimalToTicks(level[0], tick);
      if (ticks === null) {
        // Well-formed but not on the tick grid vs malformed or beyond exact integers.
        const offTick = DECIMAL_RE.test(level[0]) && decimalPlaces(level[0]) > tick.decimals;
        throw new Drop(offTick || (DECIMAL_RE.test(level[0]) && tick.units > 1 && decimalToScaled(level[0], tick.decimals) !== null) ? 'off-tick' : 'bad-price');
      }
      if (ticks < 1) throw new Drop('bad-price');
      const size = decimalToScaled(level[1], sizeDecimals);
      if (size === null) throw new Drop('bad-size');
      if (snapshot) {
        // Snapshots list levels, never removals, strictly ordered best first.
        if (size === 0) throw new Drop('bad-size');
        if (i > 0 && (isBid ? ticks >= prev : ticks <= prev)) throw new Drop('unsorted');
      }
      prev = ticks;
      out[2 * i] = ticks;
      out[2 * i + 1] = size;
    }
    return out;
  }
}
