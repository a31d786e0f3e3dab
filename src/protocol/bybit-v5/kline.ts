// Bybit v5 `kline.{interval}.{symbol}`: the wire type, the exchange's encoder and the page's decoder.
import type { CandleRow } from '../../core/market-rows.ts';
import { dec, isObj, time } from './checks.ts';
import type { KlineInterval } from './topics.ts';
import type { WireFormat } from './wire-format.ts';

export interface KlineItemWire {
  start: number;
  end: number;
  interval: KlineInterval;
  open: string;
  close: string;
  high: string;
  low: string;
  volume: string;
  turnover: string;
  confirm: boolean;
  timestamp: number;
}

export interface KlineWire {
  topic: string;
  data: KlineItemWire[];
  ts: number;
  type: 'snapshot';
}

/** A candle as the exchange holds it: prices in ticks, volume in lots, turnover in quote units. */
export interface CandleLots {
  start: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
  turnover: bigint;
  /** Time of the last trade in it (0 for a flat candle without trades). */
  lastTradeTs: number;
}

/** One kline item; `end` is the last millisecond of the candle. */
export function encodeKlineItem(c: CandleLots, interval: KlineInterval, end: number, confirm: boolean, f: WireFormat): string {
  return (
    `{"start":${c.start},"end":${end},"interval":"${interval}","open":"${f.price(c.open)}","close":"${f.price(c.close)}",` +
    `"high":"${f.price(c.high)}","low":"${f.price(c.low)}","volume":"${f.qty(c.volume)}","turnover":"${f.quote(c.turnover)}",` +
    `"confirm":${confirm},"timestamp":${c.lastTradeTs || c.start}}`
  );
}

/** One kline message around already encoded items. */
export function encodeKline(topic: string, ts: number, items: readonly string[]): string {
  return `{"topic":"${topic}","data":[${items.join(',')}],"ts":${ts},"type":"snapshot"}`;
}

/** kline.{interval}.{symbol} data → the newest candle; null when malformed. */
export function decodeCandle(data: unknown): CandleRow | null {
  if (!Array.isArray(data) || data.length === 0 || data.length > 16) return null;
  const k = data[data.length - 1];
  if (!isObj(k) || !time(k.start) || !time(k.end) || k.end < k.start) return null;
  if (!dec(k.open) || !dec(k.high) || !dec(k.low) || !dec(k.close) || !dec(k.volume) || !dec(k.turnover)) return null;
  if (typeof k.confirm !== 'boolean') return null;
  const [o, h, l, c] = [Number(k.open), Number(k.high), Number(k.low), Number(k.close)];
  if (h < Math.max(o, c, l) || l > Math.min(o, c, h)) return null;
  return { start: k.start, end: k.end, open: k.open, high: k.high, low: k.low, close: k.close, volume: k.volume, turnover: k.turnover, confirm: k.confirm };
}
