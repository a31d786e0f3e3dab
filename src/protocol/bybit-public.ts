/**
 * Bybit v5 public spot wire shapes, shared by the browser feed and the local exchange.
 * Key order of the objects the exchange sends follows real spot captures (topic, ts, type, data, cts).
 */

export const SPOT_PUBLIC_WS_PATH = '/v5/public/spot';

export const ORDERBOOK_DEPTHS = [1, 50, 200, 1000] as const;
export type OrderbookDepth = (typeof ORDERBOOK_DEPTHS)[number];

/** Push period per depth in ms, from Bybit's docs (depth 1 also repeats every 3 s unchanged). */
export const ORDERBOOK_PUSH_MS: Readonly<Record<OrderbookDepth, number>> = { 1: 10, 50: 20, 200: 100, 1000: 200 };
export const ORDERBOOK_L1_REPEAT_MS = 3000;
export const TICKER_PUSH_MS = 50;

/** Bybit v5 kline intervals, plus "1s" which the local exchange also serves. */
export const KLINE_INTERVALS = ['1s', '1', '3', '5', '15', '30', '60', '120', '240', '360', '720', 'D', 'W', 'M'] as const;
export type KlineInterval = (typeof KLINE_INTERVALS)[number];

export type TopicKind = 'orderbook' | 'publicTrade' | 'tickers' | 'kline';

export type ParsedTopic =
  | { kind: 'orderbook'; depth: OrderbookDepth; symbol: string }
  | { kind: 'publicTrade'; symbol: string }
  | { kind: 'tickers'; symbol: string }
  | { kind: 'kline'; interval: KlineInterval; symbol: string };

export const orderbookTopic = (depth: OrderbookDepth, symbol: string) => `orderbook.${depth}.${symbol}`;
export const publicTradeTopic = (symbol: string) => `publicTrade.${symbol}`;
export const tickersTopic = (symbol: string) => `tickers.${symbol}`;
export const klineTopic = (interval: KlineInterval, symbol: string) => `kline.${interval}.${symbol}`;

/** Parses a topic name; undefined when it is not one of the spot public topics. */
export function parseTopic(topic: string): ParsedTopic | undefined {
  const parts = topic.split('.');
  if (parts[0] === 'orderbook' && parts.length === 3) {
    const depth = Number(parts[1]);
    if (!(ORDERBOOK_DEPTHS as readonly number[]).includes(depth) || String(depth) !== parts[1]) return undefined;
    return { kind: 'orderbook', depth: depth as OrderbookDepth, symbol: parts[2]! };
  }
  if (parts[0] === 'publicTrade' && parts.length === 2) return { kind: 'publicTrade', symbol: parts[1]! };
  if (parts[0] === 'tickers' && parts.length === 2) return { kind: 'tickers', symbol: parts[1]! };
  if (parts[0] === 'kline' && parts.length === 3) {
    if (!(KLINE_INTERVALS as readonly string[]).includes(parts[1]!)) return undefined;
    return { kind: 'kline', interval: parts[1] as KlineInterval, symbol: parts[2]! };
  }
  return undefined;
}

/** [price, size], both decimal strings; size "0" in a delta removes the level. */
export type PriceLevel = [string, string];

export interface OrderbookMessage {
  topic: string;
  ts: number;
  type: 'snapshot' | 'delta';
  data: { s: string; b: PriceLevel[]; a: PriceLevel[]; u: number; seq: number };
  cts: number;
}

export interface PublicTradeItem {
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

export interface PublicTradeMessage {
  topic: string;
  ts: number;
  type: 'snapshot';
  data: PublicTradeItem[];
}

export interface SpotTickerData {
  symbol: string;
  lastPrice: string;
  highPrice24h: string;
  lowPrice24h: string;
  prevPrice24h: string;
  volume24h: string;
  turnover24h: string;
  price24hPcnt: string;
  usdIndexPrice: string;
  /** Leveraged tokens only (local-exchange extension): net asset value and its time. */
  nav?: string;
  navTime?: string;
  leverage?: string;
}

export interface TickerMessage {
  topic: string;
  ts: number;
  type: 'snapshot';
  cs: number;
  data: SpotTickerData;
}

export interface KlineItem {
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

export interface KlineMessage {
  topic: string;
  data: KlineItem[];
  ts: number;
  type: 'snapshot';
}

/** Answer to subscribe / unsubscribe / ping on the spot public stream. */
export interface OpAck {
  success: boolean;
  ret_msg: string;
  conn_id: string;
  req_id?: string | number;
  op: string;
}

export interface ClientOp {
  op: 'subscribe' | 'unsubscribe' | 'ping';
  args?: string[];
  req_id?: string | number;
}

/** REST envelope of every /v5 answer. */
export interface RestEnvelope<T> {
  retCode: number;
  retMsg: string;
  result: T;
  retExtInfo: Record<string, never>;
  time: number;
}

export type KlineRow = [start: string, open: string, high: string, low: string, close: string, volume: string, turnover: string];
