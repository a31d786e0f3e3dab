// Bybit v5 `kline.{interval}.{symbol}`: the wire type, the exchange's encoder and the page's decoder.
import type { CandleInput } from '../../core/chart/candle-series.ts';
import { DECIMAL_RE } from '../../core/decimal.ts';
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

/** One REST /v5/market/kline row (a list is newest first). */
export type KlineRowWire = [start: string, open: string, high: string, low: string, close: string, volume: string, turnover: string];

export function encodeKlineRow(c: CandleLots, f: WireFormat): KlineRowWire {
  return [String(c.start), f.price(c.open), f.price(c.high), f.price(c.low), f.price(c.close), f.qty(c.volume), f.quote(c.turnover)];
}

/** One REST kline row → a candle, or null when malformed (the caller skips it). */
export function decodeKlineRow(row: unknown): CandleInput | null {
  if (!Array.isArray(row) || row.length < 6) return null;
  const [start, open, high, low, close, volume] = row as unknown[];
  const t = typeof start === 'string' && /^\d{1,16}$/.test(start) ? Number(start) : NaN;
  if (!Number.isSafeInteger(t) || t <= 0) return null;
  for (const v of [open, high, low, close, volume]) if (typeof v !== 'string' || v.length > 40 || !DECIMAL_RE.test(v)) return null;
  return { start: t, open: open as string, high: high as string, low: low as string, close: close as string, volume: volume as string };
}
