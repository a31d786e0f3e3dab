// Bybit v5 `publicTrade.{symbol}`: the wire type, the exchange's encoder and the page's decoder.
import type { TradeRow } from '../../core/market-rows.ts';
import { dec, isObj, time } from './checks.ts';
import type { WireFormat } from './wire-format.ts';

export interface PublicTradeItemWire {
  i: string;
  T: number;
  p: string;
  v: string;
  S: 'Buy' | 'Sell';
  seq: number;
  s: string;
  BT: boolean;
  RPI: boolean;
}

export interface PublicTradeWire {
  topic: string;
  ts: number;
  type: 'snapshot';
  data: PublicTradeItemWire[];
}

/** Bybit puts at most 1024 trades in one publicTrade message. */
export const MAX_TRADES_PER_MESSAGE = 1024;

/** A trade as the exchange holds it (integers). */
export interface TradeLots {
  readonly id: string;
  readonly ts: number;
  readonly priceTicks: number;
  readonly qtyLots: number;
  readonly side: 'Buy' | 'Sell';
  readonly seq: number;
}

/** One publicTrade message of at most MAX_TRADES_PER_MESSAGE trades (the caller splits). */
export function encodePublicTrades(topic: string, ts: number, symbol: string, trades: readonly TradeLots[], f: WireFormat): string {
  let items = '';
  for (const t of trades) {
    items +=
      `${items ? ',' : ''}{"i":"${t.id}","T":${t.ts},"p":"${f.price(t.priceTicks)}","v":"${f.qty(t.qtyLots)}",` +
      `"S":"${t.side}","seq":${t.seq},"s":"${symbol}","BT":false,"RPI":false}`;
  }
  return `{"topic":"${topic}","ts":${ts},"type":"snapshot","data":[${items}]}`;
}

/** publicTrade.{symbol} data → trades oldest first; null when any item is malformed. */
export function decodeTrades(data: unknown, symbol: string): TradeRow[] | null {
  if (!Array.isArray(data) || data.length > MAX_TRADES_PER_MESSAGE) return null;
  const out: TradeRow[] = [];
  for (const t of data) {
    if (!isObj(t) || t.s !== symbol || typeof t.i !== 'string' || t.i.length > 64 || !time(t.T)) return null;
    if (!dec(t.p) || !dec(t.v) || (t.S !== 'Buy' && t.S !== 'Sell')) return null;
    if (Number(t.p) <= 0 || Number(t.v) <= 0) return null;
    out.push({ id: t.i, time: t.T, price: t.p, qty: t.v, buy: t.S === 'Buy' });
  }
  return out;
}
