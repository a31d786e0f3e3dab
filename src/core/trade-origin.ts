// Spec 3 "Special trade origin": all 0, ordinary 1, block trade 2 — the orders tables' filter of
// where an order or a fill came from. A block trade is marked by Bybit's blockTradeId.

/** The spec's codes (the unified get-orders call sends specialTradeFrom, spec 7.2). */
export const SPECIAL_TRADE_FROM = { all: 0, ordinary: 1, blockTrade: 2 } as const;
export type TradeOrigin = keyof typeof SPECIAL_TRADE_FROM;
export const TRADE_ORIGINS: readonly TradeOrigin[] = ['all', 'ordinary', 'blockTrade'];
/** Spec 7.2: the order lists ask for ordinary orders (specialTradeFrom 1) unless told otherwise. */
export const DEFAULT_TRADE_ORIGIN: TradeOrigin = 'ordinary';

export function matchesTradeOrigin(item: { blockTrade: boolean }, origin: TradeOrigin): boolean {
  if (origin === 'all') return true;
  return origin === 'blockTrade' ? item.blockTrade : !item.blockTrade;
}

export function isTradeOrigin(v: unknown): v is TradeOrigin {
  return v === 'all' || v === 'ordinary' || v === 'blockTrade';
}
