// Bybit v5 private payloads (REST list items and stream items share keys) → the page's models.
import { mapUtaStatus } from '../core/order-status.ts';
import { PLAN_TYPE, type CreateType, type Execution, type Order, type OrderStatus, type PlanType, type TokenBalance } from '../core/order-types.ts';
import { isRecord } from './http.ts';

export type AccountKind = 'uta' | 'classic';

const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
const num = (v: unknown): number => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d{1,16}$/.test(v) ? Number(v) : NaN;
  return Number.isFinite(n) ? n : 0;
};
/** Bybit writes "0" or "0.00" for absent prices; the page shows those as empty. */
const price = (v: unknown): string => {
  const s = str(v);
  return /^0(?:\.0*)?$/.test(s) ? '' : s;
};

const PLAN_BY_STOP_TYPE: Record<string, PlanType> = {
  '': PLAN_TYPE.none,
  Stop: PLAN_TYPE.conditional,
  tpslOrder: PLAN_TYPE.stopLimit,
  OcoOrder: PLAN_TYPE.oco,
  TrailingStop: PLAN_TYPE.trailingStop,
  TakeProfit: PLAN_TYPE.tpsl,
  StopLoss: PLAN_TYPE.tpsl,
};

const CLASSIC_STATUSES: ReadonlySet<string> = new Set([
  'UNKNOWN', 'NEW', 'PENDING_NEW', 'PENDING_CANCEL', 'ORDER_NEW', 'ORDER_FILLED', 'PARTIALLY_FILLED', 'PARTIALLY_FILLED_CANCELED',
  'FILLED', 'ORDER_CANCELED', 'CANCELED', 'ORDER_REJECTED', 'REJECTED',
]);

function createTypeOf(v: unknown): CreateType {
  const s = str(v);
  if (s === '' || s === 'CreateByUser') return 'user';
  if (/iceberg/i.test(s)) return 'iceberg';
  if (/twap/i.test(s)) return 'twap';
  return 'other';
}

/**
 * One order. A unified account's statuses go through spec 4.6; a classic account's feed already
 * speaks the page's vocabulary (locally it sends v5 statuses too, which map the same way).
 */
export function decodeOrder(raw: unknown, kind: AccountKind): Order | null {
  if (!isRecord(raw) || typeof raw.orderId !== 'string' || typeof raw.symbol !== 'string') return null;
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
    createType: createTypeOf(raw.createType),
    cancelType: str(raw.cancelType),
    rejectReason: str(raw.rejectReason),
  };
}

export function decodeExecution(raw: unknown): Execution | null {
  if (!isRecord(raw) || typeof raw.execId !== 'string') return null;
  return {
    tradeId: raw.execId,
    orderId: str(raw.orderId),
    symbolId: str(raw.symbol),
    side: raw.side === 'Sell' ? 'Sell' : 'Buy',
    execPrice: str(raw.execPrice),
    execQty: str(raw.execQty),
    execValue: str(raw.execValue),
    execFee: str(raw.execFee),
    feeCurrency: str(raw.feeCurrency),
    orderType: str(raw.orderType),
    isMaker: raw.isMaker === true,
    tradeTime: num(raw.execTime),
  };
}

/** Balances of one wallet account object. For UTA, free is spotAvailableBalance when given (spec 3). */
export function decodeWallet(account: unknown, kind: AccountKind): TokenBalance[] {
  if (!isRecord(account) || !Array.isArray(account.coin)) return [];
  const out: TokenBalance[] = [];
  for (const c of account.coin) {
    if (!isRecord(c) || typeof c.coin !== 'string') continue;
    const free = (kind === 'uta' ? str(c.spotAvailableBalance) : '') || str(c.free) || str(c.availableToWithdraw) || '0';
    out.push({ tokenId: c.coin, free, locked: str(c.locked) || '0', total: str(c.walletBalance) || free });
  }
  return out;
}

export function decodeList<T>(result: Record<string, unknown>, decode: (raw: unknown) => T | null): T[] {
  const list = Array.isArray(result.list) ? result.list : [];
  const out: T[] = [];
  for (const item of list) {
    const v = decode(item);
    if (v) out.push(v);
  }
  return out;
}
