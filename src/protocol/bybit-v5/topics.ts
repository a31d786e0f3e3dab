// Bybit v5 stream paths and topic names, built here and nowhere else: the exchange names its
// topics with these builders and the page subscribes with the same ones.

export const SPOT_PUBLIC_WS_PATH = '/v5/public/spot';
export const PRIVATE_WS_PATH = '/v5/private';

export const ORDERBOOK_DEPTHS = [1, 50, 200, 1000] as const;
export type OrderbookDepth = (typeof ORDERBOOK_DEPTHS)[number];

/** Push period per depth in ms, from Bybit's docs (depth 1 also repeats every 3 s unchanged). */
export const ORDERBOOK_PUSH_MS: Readonly<Record<OrderbookDepth, number>> = { 1: 10, 50: 20, 200: 100, 1000: 200 };
export const ORDERBOOK_L1_REPEAT_MS = 3000;
export const TICKER_PUSH_MS = 50;

/** Bybit v5 kline intervals, plus "1s" which the local exchange also serves. */
export const KLINE_INTERVALS = ['1s', '1', '3', '5', '15', '30', '60', '120', '240', '360', '720', 'D', 'W', 'M'] as const;
export type KlineInterval = (typeof KLINE_INTERVALS)[number];

/** Bybit spot accepts at most 10 topics per subscribe request, on either stream. */
export const MAX_ARGS_PER_OP = 10;

export const orderbookTopic = (depth: OrderbookDepth | number, symbol: string) => `orderbook.${depth}.${symbol}`;
export const publicTradeTopic = (symbol: string) => `publicTrade.${symbol}`;
export const tickersTopic = (symbol: string) => `tickers.${symbol}`;
export const klineTopic = (interval: KlineInterval | string, symbol: string) => `kline.${interval}.${symbol}`;
export const TICKERS_PREFIX = 'tickers.';

export type ParsedTopic =
  | { kind: 'orderbook'; depth: OrderbookDepth; symbol: string }
  | { kind: 'publicTrade'; symbol: string }
  | { kind: 'tickers'; symbol: string }
  | { kind: 'kline'; interval: KlineInterval; symbol: string };

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

/** The private stream's pushes: the all-category topic and its spot-only twin (wallet has none). */
export type PrivatePushTopic = 'order' | 'execution' | 'wallet';
/** `dcp.spot`: held by a connection that wants disconnection protection (Bybit's DCP); it carries no pushes. */
export const PRIVATE_TOPICS = ['order', 'execution', 'wallet', 'order.spot', 'execution.spot', 'user.uta.upgrade', 'user.lt.order', 'strategy', 'user.alert', 'dcp.spot'] as const;
export type PrivateTopic = (typeof PRIVATE_TOPICS)[number];

/** The topic names one push of `topic` goes out under. */
export function privateTopicNames(topic: PrivatePushTopic): readonly PrivateTopic[] {
  return topic === 'wallet' ? ['wallet'] : [topic, `${topic}.spot`];
}

/** The push topic a subscribed name belongs to; undefined for anything else. */
export function privatePushTopic(name: string): PrivatePushTopic | undefined {
  if (name === 'order' || name === 'order.spot') return 'order';
  if (name === 'execution' || name === 'execution.spot') return 'execution';
  if (name === 'wallet') return 'wallet';
  return undefined;
}

export type AccountKind = 'uta' | 'classic';

/**
 * A unified account follows the all-category topics; a classic one the spot-only feeds and the
 * account topic of its upgrade to unified (spec 7.7, uta-upgrade.ts).
 */
export const ACCOUNT_TOPICS: Record<AccountKind, readonly PrivateTopic[]> = {
  uta: ['order', 'execution', 'wallet'],
  classic: ['order.spot', 'execution.spot', 'wallet', 'user.uta.upgrade'],
};
