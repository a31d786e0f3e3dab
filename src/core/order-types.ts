// The order as the page models it (spec 3 "Order"), independent of which account API delivered it.

export type Side = 'Buy' | 'Sell';

/** Plan types (spec 3); 0 is an ordinary limit/market order. */
export const PLAN_TYPE = {
  none: 0,
  conditional: 1,
  trailingStop: 4,
  trailingProfit: 5,
  stopLimit: 8,
  oco: 10,
  tpsl: 11,
} as const;
export type PlanType = (typeof PLAN_TYPE)[keyof typeof PLAN_TYPE];

/** Advanced order type codes (spec 3). */
export const ADVANCED_ORDER_TYPE = { STOP_LIMIT: 1, TRAILING_STOP: 4, TRAILING_PROFIT: 5, OCO: 10, TPSL: 11 } as const;

/** The page's status vocabulary (spec 3), after 4.6 mapped a payload's status onto it. */
export type OrderStatus =
  | 'UNKNOWN'
  | 'NEW'
  | 'PENDING_NEW'
  | 'PENDING_CANCEL'
  | 'ORDER_NEW'
  | 'ORDER_FILLED'
  | 'PARTIALLY_FILLED'
  | 'PARTIALLY_FILLED_CANCELED'
  | 'FILLED'
  | 'ORDER_CANCELED'
  | 'CANCELED'
  | 'ORDER_REJECTED'
  | 'REJECTED';

/**
 * Who made an order: the user, a strategy whose children the lists ignore (spec 4.7), a grid bot,
 * the exchange's liquidation (Bybit's CreateByLiq), a future-spread leg, or another source.
 */
export type CreateType = 'user' | 'iceberg' | 'twap' | 'chase' | 'gridBot' | 'liquidation' | 'futureSpread' | 'other';

/** The makers whose orders are the user's own to modify and cancel in the lists. */
const USER_MADE: ReadonlySet<CreateType> = new Set<CreateType>(['user', 'futureSpread', 'other']);

/** Whether an order is the user's own (modify and cancel in the lists), not a bot's, a strategy's or a liquidation's. */
export const isUserOrder = (o: Pick<Order, 'createType'>): boolean => USER_MADE.has(o.createType);

export interface Order {
  orderId: string;
  clientOrderId: string;
  symbolId: string;
  side: Side;
  /** LIMIT or MARKET: the order's execution type (for a plan order, after it triggers). */
  type: 'LIMIT' | 'MARKET';
  planType: PlanType;
  price: string;
  origQty: string;
  executedQty: string;
  /** Executed value in quote. */
  amount: string;
  avgPrice: string;
  /** For market orders: whether origQty counts base or quote. */
  marketUnit: 'baseCoin' | 'quoteCoin' | '';
  status: OrderStatus;
  /** The raw payload status, kept for diagnostics and notices. */
  rawStatus: string;
  time: number;
  updatedTime: number;
  triggerPrice: string;
  activationPrice: string;
  trailingValue: string;
  trailingPercentage: string;
  takeProfit: string;
  stopLoss: string;
  tpLimitPrice: string;
  slLimitPrice: string;
  /** OCO trigger state (spec 3): untriggered, by take-profit or by stop-loss. */
  ocoTrigger: 'untriggered' | 'tp' | 'sl' | '';
  isLeverage: boolean;
  /** The order closes a position (Bybit's reduceOnly or closeOnTrigger): spec 4.7's "when closing". */
  closing: boolean;
  /** Made by a block trade (Bybit's blockTradeId): spec 3 special trade origin 2. */
  blockTrade: boolean;
  createType: CreateType;
  cancelType: string;
  rejectReason: string;
}

/** One fill (spec 3 "Trade execution"). */
export interface Execution {
  tradeId: string;
  orderId: string;
  symbolId: string;
  side: Side;
  execPrice: string;
  execQty: string;
  execValue: string;
  execFee: string;
  feeCurrency: string;
  orderType: string;
  isMaker: boolean;
  tradeTime: number;
  /** From a block trade (blockTradeId): spec 3 special trade origin 2. */
  blockTrade: boolean;
  /** Who made the order it filled (spec 4.7: a future-spread execution toasts). */
  createType: CreateType;
}

/** Balance per token (spec 3): `free` is what can be spent now. */
export interface TokenBalance {
  tokenId: string;
  free: string;
  locked: string;
  total: string;
  /** Unified accounts: the coin's outstanding spot-margin loan (absent: none reported). */
  borrowed?: string;
}

export const isPlanOrder = (o: Pick<Order, 'planType'>): boolean => o.planType !== PLAN_TYPE.none;
