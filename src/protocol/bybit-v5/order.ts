// A Bybit v5 spot order (REST list item and `order` push item share these keys): the wire type
// the exchange writes (server/private/order-rows.ts fills it from its rows) and the page's decoder.
import { mapUtaStatus } from '../../core/order-status.ts';
import { PLAN_TYPE, type CreateType, type Order, type OrderStatus, type PlanType } from '../../core/order-types.ts';
import { isObj } from './checks.ts';
import type { AccountKind } from './topics.ts';
import { CLASSIC_STATUSES, type OrderFilter, type StopOrderType } from './vocabulary.ts';

/** Keys in the order of the real samples; prices and sizes are decimal strings. */
export interface OrderWire {
  category: 'spot';
  symbol: string;
  orderId: string;
  orderLinkId: string;
  parentOrderLinkId: string;
  blockTradeId: string;
  side: 'Buy' | 'Sell';
  positionIdx: number;
  orderStatus: string;
  cancelType: string;
  rejectReason: string;
  timeInForce: string;
  isLeverage: string;
  price: string;
  qty: string;
  avgPrice: string;
  leavesQty: string;
  leavesValue: string;
  cumExecQty: string;
  cumExecValue: string;
  cumExecFee: string;
  cumFeeDetail: Record<string, string>;
  feeCurrency: string;
  orderType: 'Limit' | 'Market';
  stopOrderType: StopOrderType | string;
  orderFilter: OrderFilter | string;
  orderIv: string;
  marketUnit: string;
  triggerPrice: string;
  triggerDirection: number;
  triggerBy: string;
  trailingValue: string;
  takeProfit: string;
  stopLoss: string;
  tpTriggerBy: string;
  slTriggerBy: string;
  tpLimitPrice: string;
  slLimitPrice: string;
  tpOrderType: string;
  slOrderType: string;
  ocoTriggerBy: string;
  tpslMode: string;
  placeType: string;
  basePrice: string;
  lastPriceOnCreated: string;
  reduceOnly: boolean;
  closeOnTrigger: boolean;
  smpType: string;
  smpGroup: number;
  smpOrderId: string;
  slippageToleranceType: string;
  slippageTolerance: string;
  extraFees: string;
  rpiTakerAccess: boolean;
  rpiMatchedQty: string;
  /** Who made the order: CreateByUser, CreateByFutureSpread, strategies (iceberg, TWAP)… */
  createType: string;
  createdTime: string;
  updatedTime: string;
  /** The `order` topic only (Bybit's push table has it; its REST lists do not): a spot order closes no position, so "0". */
  closedPnl?: string;
}

export const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
export const num = (v: unknown): number => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d{1,16}$/.test(v) ? Number(v) : NaN;
  return Number.isFinite(n) ? n : 0;
};
/** Bybit writes "0" or "0.00" for absent prices; the page shows those as empty. */
const price = (v: unknown): string => {
  const s = str(v);
  return /^0(?:\.0*)?$/.test(s) ? '' : s;
};

/** The page's plan type of each stop-order type (an unknown one is shown as conditional). */
const PLAN_BY_STOP_TYPE: Partial<Record<string, PlanType>> = {
  '': PLAN_TYPE.none,
  Stop: PLAN_TYPE.conditional,
  tpslOrder: PLAN_TYPE.stopLimit,
  OcoOrder: PLAN_TYPE.oco,
  TrailingStop: PLAN_TYPE.trailingStop,
  TakeProfit: PLAN_TYPE.tpsl,
  StopLoss: PLAN_TYPE.tpsl,
} satisfies Partial<Record<StopOrderType, PlanType>>;

export function createTypeOf(v: unknown): CreateType {
  const s = str(v);
  if (s === '' || s === 'CreateByUser') return 'user';
  if (/iceberg/i.test(s)) return 'iceberg';
  if (/twap/i.test(s)) return 'twap';
  if (/chase/i.test(s)) return 'chase';
  if (s === 'CreateByFutureSpread') return 'futureSpread';
  if (s === 'CreateByLiq') return 'liquidation';
  if (/gridbot/i.test(s)) return 'gridBot';
  return 'other';
}

/**
 * One order. A unified account's statuses go through spec 4.6; a classic account's feed already
 * speaks the page's vocabulary (locally it sends v5 statuses too, which map the same way).
 */
export function decodeOrder(raw: unknown, kind: AccountKind): Order | null {
  if (!isObj(raw) || typeof raw.orderId !== 'string' || typeof raw.symbol !== 'string') return null;
  const planType = PLAN_BY_STOP_TYPE[str(raw.stopOrderType)] ?? PLAN_TYPE.conditional;
  const rawStatus = str(raw.orderStatus);
  const status: OrderStatus = kind === 'classic' && CLASSIC_STATUSES.has(rawStatus) ? (rawStatus as OrderStatus) : mapUtaStatus(rawStatus, planType);
  const trailing = str(raw.trailingValue);
  const oco = str(raw.ocoTriggerBy);
  return {
    orderId: raw.orderId,
    clientOrderId: str(raw.orderLinkId),
    symbolId: raw.symbol,
    side: raw.side === 'Sell' ? 'Sell' : 'Buy',
    type: raw.orderType === 'Market' ? 'MARKET' : 'LIMIT',
    planType,
    price: price(raw.price),
    origQty: str(raw.qty),
    executedQty: str(raw.cumExecQty) || '0',
    amount: str(raw.cumExecValue) || '0',
    avgPrice: price(raw.avgPrice),
    marketUnit: raw.marketUnit === 'baseCoin' || raw.marketUnit === 'quoteCoin' ? raw.marketUnit : '',
    status,
    rawStatus,
    time: num(raw.createdTime),
    updatedTime: num(raw.updatedTime),
    triggerPrice: planType === PLAN_TYPE.none ? '' : price(raw.triggerPrice),
    activationPrice: planType === PLAN_TYPE.trailingStop ? price(raw.triggerPrice) : '',
    trailingValue: trailing.endsWith('%') ? '' : trailing,
    trailingPercentage: trailing.endsWith('%') ? trailing.slice(0, -1) : '',
    takeProfit: price(raw.takeProfit),
    stopLoss: price(raw.stopLoss),
    tpLimitPrice: price(raw.tpLimitPrice),
    slLimitPrice: price(raw.slLimitPrice),
    ocoTrigger: oco === 'OcoTriggerByTp' ? 'tp' : oco === 'OcoTriggerBySl' ? 'sl' : oco ? 'untriggered' : '',
    isLeverage: str(raw.isLeverage) === '1',
    closing: raw.reduceOnly === true || raw.closeOnTrigger === true,
    blockTrade: str(raw.blockTradeId) !== '',
    createType: createTypeOf(raw.createType),
    cancelType: str(raw.cancelType),
    rejectReason: str(raw.rejectReason),
  };
}
