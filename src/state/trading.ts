// Trading actions: place, amend, cancel, cancel all. Each shows the spec 8 outcome as a toast and
// keeps the lists current at once (the private stream confirms moments later).
import type { OrderDraft } from '../core/order-rules.ts';
import type { Order } from '../core/order-types.ts';
import { ApiError } from '../api/http.ts';
import { newClientOrderId } from '../api/order-request.ts';
import { createTradingApi, type OrderGroup, type TradingApi } from '../api/trading.ts';
import { loadOpenOrders } from './orders.ts';
import { computed, signal } from './signals.ts';
import { pushToast } from './toasts.ts';
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

/**
 * Sends an order once. The client order id travels with it, so even a request repeated by the
 * network is refused by the exchange as a duplicate instead of trading twice.
 */
export async function placeOrder(draft: OrderDraft, symbolId: string, clientOrderId = newClientOrderId()): Promise<boolean> {
  const api = tradingApi.peek();
  if (!api || placing.peek()) return false;
  placing.value = true;
  try {
    await api.placeOrder(draft, symbolId, clientOrderId);
    pushToast({ kind: 'success', key: 'orderForm.placed' });
    void loadOpenOrders(api);
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
  try {
    await api.cancelOrder({ symbolId: o.symbolId, orderId: o.orderId, clientOrderId: o.clientOrderId, planType: o.planType });
    pushToast({ kind: 'success', titleKey: 'errorCodes:operationSuccess', key: 'errorCodes:cancelSuccess' });
    void loadOpenOrders(api);
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

/** Spec 8: a modify failure shows the server message and the result is marked rejected (false). */
export async function amendOrder(o: Order, change: AmendChange): Promise<boolean> {
  const api = tradingApi.peek();
  if (!api) return false;
  try {
    await api.amendOrder({ symbolId: o.symbolId, orderId: o.orderId, clientOrderId: o.clientOrderId, planType: o.planType, ...change });
    pushToast({ kind: 'success', key: 'orders.orderSuccessful', params: { symbol: o.symbolId } });
    void loadOpenOrders(api);
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
  try {
    await Promise.all(groups.map((group) => api.cancelAll({ group, symbolId })));
    pushToast({ kind: 'success', titleKey: 'errorCodes:operationSuccess', key: 'errorCodes:cancelSuccess' });
    void loadOpenOrders(api);
    return true;
  } catch (err) {
    pushToast({ kind: 'error', titleKey: 'errorCodes:operationFail', text: message(err) });
    return false;
  }
}
