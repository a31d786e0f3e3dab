// Trading actions: place, amend, cancel, cancel all. Each shows the spec 8 outcome as a toast; the
// lists change when the private stream pushes the change (trading-sync.ts reads the list only when
// that push does not come).
import type { OrderDraft } from '../core/order-rules.ts';
import type { Order } from '../core/order-types.ts';
import { ApiError } from '../api/http.ts';
import { groupOfDraft, groupOfPlan, newClientOrderId } from '../api/order-request.ts';
import { createTradingApi, type OrderGroup, type TradingApi } from '../api/trading.ts';
import { computed, signal } from './signals.ts';
import { pushToast } from './toasts.ts';
import { pushMark, settleByPush } from './trading-sync.ts';
import { user } from './user.ts';

/** The trading API of whoever is logged in; null for a visitor (who loads no orders, spec 6). */
const accountKey = computed(() => {
  const u = user.value;
  return u.userState === 1 ? `${u.id ?? ''}:${u.isUTA ? 'uta' : 'classic'}` : '';
});
/** Keyed on who and which kind, so a refreshed but unchanged user info keeps the same session. */
export const tradingApi = computed<TradingApi | null>(() => {
  const key = accountKey.value;
  return key ? createTradingApi(key.endsWith(':uta') ? 'uta' : 'classic') : null;
});

/** Spec 8: result codes that set the trade-limit-reached and standard-account-limit flags. */
export const TRADE_LIMIT_CODES: ReadonlySet<number | string> = new Set([32241, -2172, 12240, 170348]);
export const STANDARD_ACCOUNT_LIMIT_CODE = 32329;
/** Spec 8: a cancel failing with this code on an ordinary order reads liquidationErrorInfo. */
export const CANCEL_LIQUIDATION_CODE = 81001;

export const tradeLimitReached = signal(false);
export const standardAccountLimit = signal(false);
/** True while an order is on its way: the form's Submit is disabled and a second submit is dropped. */
export const placing = signal(false);

const message = (err: unknown) => (err instanceof Error ? err.message : String(err));
const codeOf = (err: unknown) => (err instanceof ApiError ? err.code : undefined);

/** The last order that was sent but not placed: sending the same draft again reuses its id. */
let unplaced: { draft: OrderDraft; symbolId: string; clientOrderId: string } | null = null;

/**
 * The client order id (orderLinkId) of an attempt, minted here and nowhere else: one per intended
 * order. Sending the very same draft again after a failure reuses it, so if the first request did
 * reach the exchange the second is refused as a duplicate instead of trading twice; any change to
 * the draft is a new order with a new id.
 */
function clientOrderIdFor(draft: OrderDraft, symbolId: string): string {
  if (unplaced?.draft !== draft || unplaced.symbolId !== symbolId) unplaced = { draft, symbolId, clientOrderId: newClientOrderId() };
  return unplaced.clientOrderId;
}

/** Sends an order once (a second call while one is on its way sends nothing). */
export async function placeOrder(draft: OrderDraft, symbolId: string): Promise<boolean> {
  const api = tradingApi.peek();
  if (!api || placing.peek()) return false;
  placing.value = true;
  const clientOrderId = clientOrderIdFor(draft, symbolId);
  const mark = pushMark();
  try {
    const { orderId } = await api.placeOrder(draft, symbolId, clientOrderId);
    unplaced = null;
    pushToast({ kind: 'success', key: 'orderForm.placed' });
    void settleByPush(api, [orderId], mark, [groupOfDraft(draft)]);
    return true;
  } catch (err) {
    const code = codeOf(err);
    if (code !== undefined && TRADE_LIMIT_CODES.has(code)) {
      tradeLimitReached.value = true;
      pushToast({ kind: 'error', key: 'orderMsg.tradeLimitReached' });
    } else if (code === STANDARD_ACCOUNT_LIMIT_CODE) {
      standardAccountLimit.value = true;
      pushToast({ kind: 'error', key: 'orderMsg.standardAccountLimit' });
    } else pushToast({ kind: 'error', titleKey: 'errorCodes:operationFail', text: message(err) });
    return false;
  } finally {
    placing.value = false;
  }
}

export async function cancelOrder(o: Order): Promise<boolean> {
  const api = tradingApi.peek();
  if (!api) return false;
  const mark = pushMark();
  try {
    await api.cancelOrder({ symbolId: o.symbolId, orderId: o.orderId, clientOrderId: o.clientOrderId, planType: o.planType });
    pushToast({ kind: 'success', titleKey: 'errorCodes:operationSuccess', key: 'errorCodes:cancelSuccess' });
    void settleByPush(api, [o.orderId], mark, [groupOfPlan(o.planType)]);
    return true;
  } catch (err) {
    const liquidating = codeOf(err) === CANCEL_LIQUIDATION_CODE && o.planType === 0;
    pushToast(liquidating ? { kind: 'error', titleKey: 'errorCodes:operationFail', key: 'orderMsg.liquidationErrorInfo' } : { kind: 'error', titleKey: 'errorCodes:operationFail', text: message(err) });
    return false;
  }
}

export interface AmendChange {
  price?: string;
  qty?: string;
  triggerPrice?: string;
}

/**
 * Spec 8: a modify failure shows the server message and the result is marked rejected (false).
 * A success resolves once the lists hold the change (its push, or the list read on a gap), so a
 * dragged chart line never snaps back to the old price in between.
 */
export async function amendOrder(o: Order, change: AmendChange): Promise<boolean> {
  const api = tradingApi.peek();
  if (!api) return false;
  const mark = pushMark();
  try {
    await api.amendOrder({ symbolId: o.symbolId, orderId: o.orderId, clientOrderId: o.clientOrderId, planType: o.planType, ...change });
    pushToast({ kind: 'success', key: 'orders.orderSuccessful', params: { symbol: o.symbolId } });
    await settleByPush(api, [o.orderId], mark, [groupOfPlan(o.planType)]);
    return true;
  } catch (err) {
    pushToast({ kind: 'error', titleKey: 'errorCodes:operationFail', text: message(err) });
    return false;
  }
}

/** Cancels every open order of the given groups (one pair, or all pairs when symbolId is undefined). */
export async function cancelAllOrders(groups: readonly OrderGroup[], symbolId: string | undefined): Promise<boolean> {
  const api = tradingApi.peek();
  if (!api) return false;
  const mark = pushMark();
  try {
    const cancelled = await Promise.all(groups.map((group) => api.cancelAll({ group, symbolId })));
    pushToast({ kind: 'success', titleKey: 'errorCodes:operationSuccess', key: 'errorCodes:cancelSuccess' });
    void settleByPush(api, cancelled.flat(), mark, groups);
    return true;
  } catch (err) {
    pushToast({ kind: 'error', titleKey: 'errorCodes:operationFail', text: message(err) });
    return false;
  }
}
