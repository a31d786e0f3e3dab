/** Wire-independent types of the matching engine. All money is in whole ticks, lots and quote units. */

export type Side = 'Buy' | 'Sell';
export type TimeInForce = 'GTC' | 'IOC' | 'FOK' | 'PostOnly';

/** Final or current state of an order, named as Bybit's orderStatus. */
export type OrderStatus = 'New' | 'PartiallyFilled' | 'Filled' | 'Cancelled' | 'PartiallyFilledCanceled' | 'Rejected';

/** Why an order did not rest or was removed; Bybit-like reasons so accounts can map them. */
export type RejectReason =
  | 'EC_PostOnlyWillTakeLiquidity'
  | 'EC_FOKCanNotFullyFilled'
  | 'EC_NoImmediateQtyToFill'
  | 'EC_CancelForNoFullFill'
  | 'EC_InvalidQty'
  | 'EC_InvalidPrice'
  | 'EC_OrderTooLarge'
  | 'EC_MarketClosed'
  | 'EC_DuplicateOrderId';

/** Who placed an order. Simulator orders have no owner and produce no per-order events. */
export interface OrderTag {
  /** Account id of a user order; undefined for simulated liquidity. */
  readonly owner?: string;
  /** The user's orderLinkId, carried back in every event. */
  readonly clientOrderId?: string;
  /** Engine order id chosen by the caller (e.g. a persisted id); generated when absent. */
  readonly orderId?: string;
}

export interface LimitOrderInput extends OrderTag {
  readonly type: 'Limit';
  readonly side: Side;
  readonly priceTicks: number;
  readonly qtyLots: number;
  readonly timeInForce: TimeInForce;
}

/**
 * Market orders may trade at most this far from the best opposite price (instruments'
 * priceLimitRatioX): users' orders (server/private) and the simulated flow alike.
 */
export const MARKET_PROTECTION = '0.05';

/**
 * A market order sized either in base lots (`qtyLots`) or in quote units (`quoteUnits`,
 * Bybit's marketUnit=quoteCoin). `protectionTicks` bounds the worst price it may trade at
 * (a buy stops above it, a sell below it), like Bybit's market-order price protection.
 */
export interface MarketOrderInput extends OrderTag {
  readonly type: 'Market';
  readonly side: Side;
  readonly qtyLots?: number;
  readonly quoteUnits?: number;
  readonly protectionTicks?: number;
}

export type OrderInput = LimitOrderInput | MarketOrderInput;

/** One match between a resting maker and an incoming taker. */
export interface TradeEvent {
  readonly tradeId: number;
  /** Cross sequence of the command that produced the trade (several trades may share it). */
  readonly seq: number;
  readonly ts: number;
  readonly priceTicks: number;
  readonly qtyLots: number;
  /** priceTicks × qtyLots: quote amount in units of tickSize × lotSize. */
  readonly quoteUnits: number;
  readonly takerSide: Side;
  readonly makerOrderId: string;
  readonly takerOrderId: string;
  readonly makerOwner: string | undefined;
  readonly takerOwner: string | undefined;
  /** A print from outside the book (a replayed recording's trade; MatchingEngine.printExternal): no order took part. */
  readonly external?: true;
}

export interface LevelChange {
  readonly side: Side;
  readonly priceTicks: number;
  /** New total resting lots at the price; 0 when the level is gone. */
  readonly totalLots: number;
}

/** Emitted once per command that changed the book. */
export interface BookChangeEvent {
  readonly seq: number;
  readonly ts: number;
  readonly changes: readonly LevelChange[];
}

/** Snapshot of one order as the engine knows it. */
export interface OrderView {
  readonly orderId: string;
  readonly owner: string | undefined;
  readonly clientOrderId: string | undefined;
  readonly type: 'Limit' | 'Market';
  readonly side: Side;
  readonly timeInForce: TimeInForce;
  /** 0 for market orders. */
  readonly priceTicks: number;
  /** Ordered base lots; for a market order by quote, 0. */
  readonly qtyLots: number;
  /** Ordered quote units for a market order by quote, else 0. */
  readonly quoteUnits: number;
  readonly filledLots: number;
  readonly filledQuoteUnits: number;
  /** Lots still resting (limit orders) — 0 once done. */
  readonly leavesLots: number;
  readonly status: OrderStatus;
  readonly rejectReason: RejectReason | undefined;
  readonly createdTs: number;
  readonly updatedTs: number;
}

/** What `submit` and `amend` return: the order after the command, plus the fills it took as taker. */
export interface SubmitResult {
  readonly order: OrderView;
  readonly fills: readonly TradeEvent[];
}

/**
 * Per-order callbacks, delivered only for orders with an owner. `fill` carries the maker/taker
 * flag and the amounts of that single match; `done` the final status.
 */
export type OrderEvent =
  | { readonly kind: 'accepted'; readonly order: OrderView }
  | {
      readonly kind: 'fill';
      readonly order: OrderView;
      readonly isMaker: boolean;
      readonly trade: TradeEvent;
    }
  | { readonly kind: 'amended'; readonly order: OrderView }
  | { readonly kind: 'done'; readonly order: OrderView };

export interface EngineListener {
  onTrade?(trade: TradeEvent): void;
  onBookChange?(change: BookChangeEvent): void;
  onOrderEvent?(event: OrderEvent): void;
}

export interface DepthLevel {
  readonly priceTicks: number;
  readonly totalLots: number;
}
