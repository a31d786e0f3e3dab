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
/**
 * An iceberg's `chaseDistance` for Bybit's "Chase Limit (Taker)" preference: each slice buys at
 * Ask1 (sells at Bid1), so it fills at once, instead of resting at Bid1 ("Chase Limit").
 */
export const ICEBERG_TAKER_CHASE_DISTANCE = '-1';
/** A chase gives up after this many post-only rejections in a row. */
export const CHASE_MAX_REJECTS = 5;

/**
 * Why a running strategy places nothing now, this exchange's addition to Bybit's row (Bybit's list
 * says only "running"): a post-only iceberg priced through the other side of the book (its slice
 * would take, so it waits for the book to move), or a price limit it may not pass. '' otherwise.
 */
export type StrategyWaitReason = '' | 'postOnlyWouldTake' | 'priceLimit';

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
  /** This exchange's: why a running strategy places nothing now (StrategyWaitReason). */
  waitReason: StrategyWaitReason;
  /** Fields of Bybit's list the spot strategies here have no value for (bybit-api's StrategyListItemV5): empty, "0", false or []. */
  realizedPnl: string;
  strategyPrefer: string;
  chasePrice: string;
  isRebalance: boolean;
  orderType: string;
  orderPriceOffset: string;
  strategySl: string;
  strategyTp: string;
  arbitrageOrders: unknown[];
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
  /** Bybit's perpetual fields (bybit-api's StrategyOrderListItemV5); a spot child has positionIdx 0, leverageType 0 and no TP/SL or position value. */
  positionIdx: number;
  leverageType: 0 | 1;
  tpPrice: string;
  slPrice: string;
  orderPriceOffset: string;
  positionValue: string;
  filledPositionValue: string;
}

/** A strategy as the page shows it (from the list or a push); null when the row is malformed. */
export interface Strategy {
  strategyId: string;
  symbol: string;
  side: 'Buy' | 'Sell';
  type: StrategyType;
  size: string;
  status: number;
  executedSize: string;
  executedAvgPrice: string;
  createdMs: number;
  startedMs: number;
  endedMs: number;
  terminateType: number;
  interval: number;
  duration: number;
  limitPrice: string;
  chaseOrderPrice: string;
  /** Why it places nothing now, as the exchange says; '' when it does not say. */
  waitReason: StrategyWaitReason;
}

const WAIT_REASONS: readonly StrategyWaitReason[] = ['postOnlyWouldTake', 'priceLimit'];

const DEC = /^\d+(\.\d+)?$/;
const decOr = (v: unknown, fallback = ''): string => (typeof v === 'string' && (v === '' || DEC.test(v)) ? v : fallback);
const ms = (v: unknown): number => (typeof v === 'string' && /^\d{1,16}$/.test(v) ? Number(v) : 0);

export function decodeStrategy(raw: unknown): Strategy | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const r = raw as Record<string, unknown>;
  if (typeof r.strategyId !== 'string' || typeof r.symbol !== 'string' || (r.side !== 'Buy' && r.side !== 'Sell')) return null;
  if (!STRATEGY_TYPES.includes(r.strategyType as StrategyType) || typeof r.status !== 'number' || !DEC.test(String(r.size))) return null;
  return {
    strategyId: r.strategyId, symbol: r.symbol, side: r.side, type: r.strategyType as StrategyType, size: String(r.size), status: r.status,
    executedSize: decOr(r.executedSize, '0') || '0', executedAvgPrice: decOr(r.executedAvgPrice), createdMs: ms(r.createdTimeE3), startedMs: ms(r.executedStartTimeE3),
    endedMs: ms(r.executedEndTimeE3), terminateType: typeof r.terminateType === 'number' ? r.terminateType : 0, interval: Number(r.interval) || 0,
    duration: Number(r.duration) || 0, limitPrice: decOr(r.limitPrice), chaseOrderPrice: decOr(r.chaseOrderPrice),
    waitReason: WAIT_REASONS.includes(r.waitReason as StrategyWaitReason) ? (r.waitReason as StrategyWaitReason) : '',
  };
}

/** A child order as the page shows it. */
export interface StrategyChild {
  orderId: string;
  size: string;
  price: string;
  status: number;
  executedSize: string;
  createdMs: number;
  msg: string;
}

export function decodeStrategyChild(raw: unknown): StrategyChild | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const r = raw as Record<string, unknown>;
  if (typeof r.orderId !== 'string' || !DEC.test(String(r.size))) return null;
  return {
    orderId: r.orderId, size: String(r.size), price: decOr(r.price), status: Number(r.status) || 0, executedSize: decOr(r.executedSize, '0') || '0',
    createdMs: ms(r.createdTimeE3), msg: typeof r.msg === 'string' ? r.msg.slice(0, 200) : '',
  };
}
