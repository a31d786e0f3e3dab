// Bybit v5's strategy API (/v5/strategy/*, private topic `strategy`) as the local exchange serves it
// for spot (category UTA_SPOT): TWAP, iceberg and chase. Shared by the exchange and the page.
export const STRATEGY_CREATE_PATH = '/v5/strategy/create';
export const STRATEGY_STOP_PATH = '/v5/strategy/stop';
export const STRATEGY_LIST_PATH = '/v5/strategy/list';
export const STRATEGY_ORDER_LIST_PATH = '/v5/strategy/order-list';
export const STRATEGY_TOPIC = 'strategy';

export type StrategyType = 'twap' | 'iceberg' | 'chaseOrder';
export const STRATEGY_TYPES: readonly StrategyType[] = ['twap', 'iceberg', 'chaseOrder'];

/** Strategy status: 2 running, 3 terminated, 4 terminated with unfilled size, 5 paused, 6 untriggered. */
export const STRATEGY_STATUS = { running: 2, terminated: 3, terminatedUnfilled: 4, paused: 5, untriggered: 6 } as const;

/** Bybit's terminateType values the local engine uses. */
export const TERMINATE = {
  unknown: 0, userStop: 1, completed: 2, insufficientBalance: 3, userTradingBanned: 10, symbolDelisted: 13, consecutiveFailures: 14, beyondMaxChasePrice: 18,
} as const;

/** Child order status: 2 created, 3 create failed, 4 partially filled, 5 filled, 6 rejected, 7 cancelled. */
export const CHILD_STATUS = { created: 2, createFailed: 3, partiallyFilled: 4, filled: 5, rejected: 6, cancelled: 7 } as const;

/** TWAP's allowed intervals (seconds) and duration bounds. */
export const TWAP_INTERVALS: readonly number[] = [5, 10, 15, 30, 60, 120];
export const TWAP_MIN_DURATION = 300;
export const TWAP_MAX_DURATION = 86_400;
/** A chase gives up after this many post-only rejections in a row. */
export const CHASE_MAX_REJECTS = 5;

/** One row of /v5/strategy/list and of the `strategy` push (the fields the page reads, Bybit's names). */
export interface StrategyWire {
  strategyId: string;
  category: 'UTA_SPOT';
  symbol: string;
  side: 'Buy' | 'Sell';
  size: string;
  strategyType: StrategyType;
  status: number;
  executedSize: string;
  executedAvgPrice: string;
  executedStartTimeE3: string;
  executedEndTimeE3: string;
  createdTimeE3: string;
  updatedTimeE3: string;
  triggerPrice: string;
  isTriggered: boolean;
  terminateType: number;
  terminateRemark: string;
  triggerCount: string;
  tradingCount: string;
  duration: number;
  executedDuration: number;
  isRandom: boolean;
  interval: number;
  limitPrice: string;
  chasePercentE4: string;
  chaseDistance: string;
  maxChasePrice: string;
  chaseOrderPrice: string;
  postOnly: number;
  reduceOnly: boolean;
  leverageType: 0 | 1;
  strategyName: string;
  positionValue: string;
  filledPositionValue: string;
}

export interface StrategyOrderWire {
  strategyId: string;
  orderId: string;
  symbol: string;
  side: 'Buy' | 'Sell';
  size: string;
  price: string;
  status: string;
  executedSize: string;
  dealTimeE3: string;
  parentOrderId: string;
  createdTimeE3: string;
  updatedTimeE3: string;
  code: number;
  msg: string;
  category: 'UTA_SPOT';
  orderType: string;
}
