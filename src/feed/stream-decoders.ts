// Validating decoders for the non-book public topics. Prices and sizes stay decimal strings
// (they are shown, never computed with here); anything malformed is dropped whole and counted.
import { DECIMAL_RE } from '../core/decimal.ts';

export interface TradeRow {
  id: string;
  time: number;
  price: string;
  qty: string;
  /** True when the taker bought (spec 3 "Trade row": m buy flag). */
  buy: boolean;
}

export interface TickerRow {
  symbol: string;
  lastPrice: string;
  highPrice24h: string;
  lowPrice24h: string;
  prevPrice24h: string;
  volume24h: string;
  turnover24h: string;
  /** 24 h change as a ratio string, e.g. "-0.0123". */
  price24hPcnt: string;
  usdIndexPrice: string;
  nav: string | null;
  ts: number;
}

export interface CandleRow {
  start: number;
  end: number;
  open: string;
  high: string;
  low: string;
  close: string;
  volume: string;
  turnover: string;
  confirm: boolean;
}

const isObj = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);
const dec = (x: unknown): x is string => typeof x === 'string' && x.length <= 40 && DECIMAL_RE.test(x);
const signedDec = (x: unknown): x is string => typeof x === 'string' && x.length <= 40 && /^-?\d+(?:\.\d+)?$/.test(x);
const time = (x: unknown): x is number => typeof x === 'number' && Number.isSafeInteger(x) && x > 0;
/** Empty strings are how Bybit sends "no value" in some ticker fields. */
const decOrEmpty = (x: unknown): x is string => x === '' || dec(x);

/** publicTrade.{symbol} data → trades oldest first; null when any item is malformed. */
export function decodeTrades(data: unknown, symbol: string): TradeRow[] | null {
  if (!Array.isArray(data) || data.length > 1024) return null;
  const out: TradeRow[] = [];
  for (const t of data) {
    if (!isObj(t) || t.s !== symbol || typeof t.i !== 'string' || t.i.length > 64 || !time(t.T)) return null;
    if (!dec(t.p) || !dec(t.v) || (t.S !== 'Buy' && t.S !== 'Sell')) return null;
    if (Number(t.p) <= 0 || Number(t.v) <= 0) return null;
    out.push({ id: t.i, time: t.T, price: t.p, qty: t.v, buy: t.S === 'Buy' });
  }
  return out;
}

export function decodeTicker(data: unknown, ts: unknown, symbol: string): TickerRow | null {
  if (!isObj(data) || data.symbol !== symbol || !time(ts)) return null;
  const d = data;
  if (!dec(d.lastPrice) || !decOrEmpty(d.highPrice24h) || !decOrEmpty(d.lowPrice24h) || !decOrEmpty(d.prevPrice24h)) return null;
  if (!decOrEmpty(d.volume24h) || !decOrEmpty(d.turnover24h) || !(d.price24hPcnt === '' || signedDec(d.price24hPcnt))) return null;
  if (d.usdIndexPrice !== undefined && !decOrEmpty(d.usdIndexPrice)) return null;
  if (d.nav !== undefined && !dec(d.nav)) return null;
  return {
    symbol,
    lastPrice: d.lastPrice,
    highPrice24h: d.highPrice24h,
    lowPrice24h: d.lowPrice24h,
    prevPrice24h: d.prevPrice24h,
    volume24h: d.volume24h,
    turnover24h: d.turnover24h,
    price24hPcnt: d.price24hPcnt as string,
    usdIndexPrice: (d.usdIndexPrice as string | undefined) ?? '',
    nav: (d.nav as string | undefined) ?? null,
    ts,
  };
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
