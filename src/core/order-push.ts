// Spec 4.7: what one pushed order update makes the page say (toasts, notices, sound) and how the
// open trailing-stop list follows it. Pure: the caller shows what this returns.
import { PLAN_TYPE, type Execution, type Order } from './order-types.ts';

/** Integrated-order notices stop at this many open orders (spec 4.7). */
export const NOTICE_ORDER_LIMIT = 400;

export interface PushMessage {
  /** Key under `push.` in the translations. */
  key: string;
  params?: Record<string, string>;
}

export interface PushReaction {
  toasts: PushMessage[];
  notices: PushMessage[];
  /** Play the success sound (only when the user's successAudio flag is on). */
  sound: boolean;
  trailing: 'add' | 'remove' | null;
}

export interface PushContext {
  /** The version of this order the page had before, if any (to spot amendments). */
  previous: Order | undefined;
  isDemo: boolean;
  successAudio: boolean;
  /** Open orders the page holds; at NOTICE_ORDER_LIMIT or more notices are skipped. */
  openCount: number;
}

const NONE: PushReaction = { toasts: [], notices: [], sound: false, trailing: null };
const CANCEL_NOTICE_TYPES = new Set(['CancelByPmTrialMmOverEquity', 'CancelByReduceOnly', 'CancelByDCP']);
const POST_ONLY_TAKES = 'EC_PostOnlyWillTakeLiquidity';

function isTrailing(o: Order): boolean {
  return o.planType === PLAN_TYPE.trailingStop || o.planType === PLAN_TYPE.trailingProfit;
}

function trailingChange(o: Order, isDemo: boolean): PushReaction['trailing'] {
  // A demo account has no trailing-stop list to keep (spec 4.7 "a demo account suppresses").
  if (!isTrailing(o) || isDemo) return null;
  if (o.status === 'ORDER_NEW') return 'add';
  if (['ORDER_FILLED', 'FILLED', 'ORDER_CANCELED', 'CANCELED', 'ORDER_REJECTED', 'REJECTED'].includes(o.status)) return 'remove';
  return null;
}

function amended(o: Order, prev: Order | undefined): boolean {
  if (!prev) return false;
  const open = o.status === 'NEW' || o.status === 'ORDER_NEW' || o.status === 'PARTIALLY_FILLED';
  return open && (prev.price !== o.price || prev.origQty !== o.origQty || prev.triggerPrice !== o.triggerPrice);
}

/** The reaction to one order update. */
export function reactToOrderPush(o: Order, ctx: PushContext): PushReaction {
  // Spec 4.7: orders an iceberg or a TWAP makes are not toasted one by one; nor a chase's, which it
  // re-prices (cancels and places) every second. The Strategy orders tab reports all three.
  if (o.createType === 'iceberg' || o.createType === 'twap' || o.createType === 'chase') return NONE;
  if (o.status === 'PARTIALLY_FILLED' && !amended(o, ctx.previous)) return NONE;
  const params = { symbol: o.symbolId, side: o.side, qty: o.origQty, price: o.price };
  const toasts: PushMessage[] = [];
  const notices: PushMessage[] = [];
  let sound = false;
  // A future-spread leg's fills are told by its execution toast (reactToExecutionPush), once.
  const spreadFill = o.createType === 'futureSpread' && (o.status === 'FILLED' || o.status === 'PARTIALLY_FILLED_CANCELED');
  switch (spreadFill ? 'SPREAD_FILL' : o.status) {
    case 'SPREAD_FILL':
      sound = o.status === 'FILLED' && ctx.successAudio;
      break;
    case 'PARTIALLY_FILLED_CANCELED':
      toasts.push({ key: 'partiallyFilled', params });
      break;
    case 'FILLED':
      toasts.push({ key: 'filled', params });
      if (o.type !== 'MARKET') notices.push({ key: 'filledNotice', params });
      sound = ctx.successAudio;
      break;
    case 'CANCELED':
    case 'ORDER_CANCELED':
      if (CANCEL_NOTICE_TYPES.has(o.cancelType)) notices.push({ key: 'cancelSuccessNotice', params: { ...params, reason: o.cancelType } });
      // Bybit pushes a post-only order that would take liquidity as Cancelled with this reject reason.
      else if (o.rejectReason === POST_ONLY_TAKES) notices.push({ key: 'cancelSuccessNotice', params: { ...params, reason: o.rejectReason } });
      else toasts.push({ key: 'canceled', params });
      break;
    case 'REJECTED':
    case 'ORDER_REJECTED':
      if (o.rejectReason === POST_ONLY_TAKES) notices.push({ key: 'cancelSuccessNotice', params: { ...params, reason: o.rejectReason } });
      // Spec 4.7: only a market order failing when closing a position says 'market order fail'.
      else if (o.type === 'MARKET' && o.closing) notices.push({ key: 'marketOrderFail', params });
      break;
    default:
      if (amended(o, ctx.previous)) toasts.push({ key: 'modified', params });
  }
  return {
    toasts,
    notices: ctx.openCount >= NOTICE_ORDER_LIMIT ? [] : notices,
    sound,
    trailing: trailingChange(o, ctx.isDemo),
  };
}

/** Spec 4.7 "a future-spread execution shows a success toast": the toast of one pushed fill, if any. */
export function reactToExecutionPush(e: Execution): PushMessage | null {
  if (e.createType !== 'futureSpread') return null;
  return { key: 'futureSpreadFilled', params: { symbol: e.symbolId, side: e.side, qty: e.execQty, price: e.execPrice } };
}
