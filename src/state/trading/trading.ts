// Trading actions: place, amend, cancel, cancel all. Each says its outcome in one toast once the
// exchange has answered — the pushed order, not the HTTP acknowledgement, says whether an order
// lives, filled or was rejected (issue 15 item 1). The lists change when the private stream pushes
// the change (trading-sync.ts reads the list only when that push does not come).
import type { OrderDraft } from '../../core/order-rules.ts';
import type { Order } from '../../core/order-types.ts';
import { ApiError } from '../../api/http.ts';
import { groupOfPlan, newClientOrderId } from '../../core/order-groups.ts';
import { orderKind } from '../../core/order-kinds/index.ts';
import { createTradingApi, type OrderGroup, type TradingApi } from '../../api/trading.ts';
import { computed, signal } from '../signals.ts';
import { pushToast } from '../toasts.ts';
import { answersCancel, answersPlace, amendOutcome, cancelOutcome, placeOutcome, type OutcomeMessage, type OutcomeSymbol } from '../../core/order-outcome.ts';
import { symbolById } from '../market/markets.ts';
import { awaitAnswers, claimPushes, releaseClaim } from './trading-sync.ts';
import { user } from '../account/user.ts';
import { STANDARD_ACCOUNT_LIMIT_CODE, TRADE_LIMIT_CODES as TRADE_LIMIT_CODE_LIST } from '../../protocol/bybit-v5/trade-limits.ts';

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
export const TRADE_LIMIT_CODES: ReadonlySet<number | string> = new Set<number | string>(TRADE_LIMIT_CODE_LIST);
export { STANDARD_ACCOUNT_LIMIT_CODE };
/** Spec 8: a cancel failing with this code on an ordinary order reads liquidationErrorInfo. */
export const CANCEL_LIQUIDATION_CODE = 81001;

/** Spec 8: the title of a modify success and of a chart order's success. */
export const ORDER_SUCCESSFUL = 'errorCodes:orderSuccessful';
/** The title of the outcome of an order a hotkey sent (issue 35). */
export const HOTKEY_ORDER = 'hotkeys.sentTitle';

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

/** Names and precisions of a pair for the outcome toast (the symbol list is loaded before any order). */
export function outcomeSymbol(symbolId: string): OutcomeSymbol {
  const s = symbolById(symbolId);
  return s
    ? { base: s.baseTokenName, quote: s.quoteTokenName, pricePrecision: s.pricePrecision, quantityPrecision: s.quantityPrecision }
    : { base: symbolId, quote: '', pricePrecision: 8, quantityPrecision: 8 };
}

function say(m: OutcomeMessage, titleKey?: string): void {
  pushToast({ kind: m.kind, key: `outcome.${m.key}`, params: m.params, tParams: m.tParams, ...(titleKey ? { titleKey } : {}) });
}

/** A failed request's toast (spec 8: the flags of the trade-limit codes, else the server message). */
/** Bybit's answer to a demo account using what demo trading lacks ("Demo trading are not supported."). */
export const DEMO_NOT_SUPPORTED_CODE = 10032;

function sayFailure(err: unknown): void {
  const code = codeOf(err);
  if (code !== undefined && TRADE_LIMIT_CODES.has(code)) {
    tradeLimitReached.value = true;
    pushToast({ kind: 'error', key: 'orderMsg.tradeLimitReached' });
  } else if (code === STANDARD_ACCOUNT_LIMIT_CODE) {
    standardAccountLimit.value = true;
    pushToast({ kind: 'error', key: 'orderMsg.standardAccountLimit' });
  } else if (code === DEMO_NOT_SUPPORTED_CODE) {
    // Spec 6: what a demo account may not do is answered as such, in the page's language.
    pushToast({ kind: 'error', titleKey: 'errorCodes:operationFail', key: 'errorCodes:demoNotSupported' });
  } else pushToast({ kind: 'error', titleKey: 'errorCodes:operationFail', text: message(err) });
}

export type PlaceResult = 'live' | 'filled' | 'failed' | 'unconfirmed';

/**
 * Sends an order once (a second call while one is on its way sends nothing) and resolves when the
 * exchange has said what became of it: 'live' (resting or waiting for its trigger), 'filled'
 * (wholly or partly), 'failed' (refused, rejected, or cancelled unfilled), or 'unconfirmed' (its
 * push did not come and the open list, read once, does not hold it: it may have filled or been
 * rejected meanwhile; the toast says so and points to the lists rather than guess).
 */
export async function placeOrder(draft: OrderDraft, symbolId: string, from: 'form' | 'chart' | 'hotkey' = 'form'): Promise<PlaceResult> {
  const api = tradingApi.peek();
  if (!api || placing.peek()) return 'failed';
  placing.value = true;
  const clientOrderId = clientOrderIdFor(draft, symbolId);
  let orderId = '';
  // Claimed before sending: the push may beat the HTTP answer.
  const claim = claimPushes((o) => o.clientOrderId === clientOrderId || (orderId !== '' && o.orderId === orderId), answersPlace);
  try {
    ({ orderId } = await api.placeOrder(draft, symbolId, clientOrderId));
    // The order exists now (whatever its fate): the same draft sent again is a new order, and the
    // form is free for it while this one's outcome is awaited (up to PUSH_GAP_MS on a lost push).
    unplaced = null;
    placing.value = false;
    // The exchange took an order: whatever limit it reported before no longer holds.
    tradeLimitReached.value = false;
    standardAccountLimit.value = false;
    const group = orderKind(draft.kind).group;
    const o = (await awaitAnswers(api, claim, [orderId], [group])).get(orderId);
    const m = placeOutcome(o, outcomeSymbol(symbolId), { side: draft.side });
    // Spec 8: a chart order's success is titled orderSuccessful, above its details; a hotkey's
    // outcome is titled as the hotkey's, so the trader sees which key sent what.
    say(m, from === 'hotkey' ? HOTKEY_ORDER : from === 'chart' && m.kind === 'success' ? ORDER_SUCCESSFUL : undefined);
    if (!o) return 'unconfirmed';
    return m.kind === 'error' || m.key === 'cancelledUnfilled' ? 'failed' : m.key.startsWith('filled') || m.key === 'partiallyFilled' ? 'filled' : 'live';
  } catch (err) {
    sayFailure(err);
    return 'failed';
  } finally {
    releaseClaim(claim);
    placing.value = false;
  }
}

export async function cancelOrder(o: Order): Promise<boolean> {
  const api = tradingApi.peek();
  if (!api) return false;
  const claim = claimPushes((x) => x.orderId === o.orderId, answersCancel);
  try {
    await api.cancelOrder({ symbolId: o.symbolId, orderId: o.orderId, clientOrderId: o.clientOrderId, planType: o.planType });
    const settled = await awaitAnswers(api, claim, [o.orderId], [groupOfPlan(o.planType)]);
    say(cancelOutcome(o, settled.get(o.orderId), outcomeSymbol(o.symbolId)), 'errorCodes:operationSuccess');
    return true;
  } catch (err) {
    const liquidating = codeOf(err) === CANCEL_LIQUIDATION_CODE && o.planType === 0;
    pushToast(liquidating ? { kind: 'error', titleKey: 'errorCodes:operationFail', key: 'orderMsg.liquidationErrorInfo' } : { kind: 'error', titleKey: 'errorCodes:operationFail', text: message(err) });
    return false;
  } finally {
    releaseClaim(claim);
  }
}

export interface AmendChange {
  price?: string;
  qty?: string;
  triggerPrice?: string;
  trailingValue?: string;
  trailingPercentage?: string;
}

/**
 * Spec 8: a modify failure shows the server message and the result is marked rejected (false).
 * A success resolves once the lists hold the change (its push, or the list read on a gap), so a
 * dragged chart line never snaps back to the old price in between; its toast (orderSuccessful with
 * details) gives the order as it now stands.
 */
export async function amendOrder(o: Order, change: AmendChange): Promise<boolean> {
  const api = tradingApi.peek();
  if (!api) return false;
  const claim = claimPushes((x) => x.orderId === o.orderId);
  try {
    await api.amendOrder({ symbolId: o.symbolId, orderId: o.orderId, clientOrderId: o.clientOrderId, planType: o.planType, ...change });
    const settled = await awaitAnswers(api, claim, [o.orderId], [groupOfPlan(o.planType)]);
    const m = amendOutcome(settled.get(o.orderId), outcomeSymbol(o.symbolId));
    // Spec 8: a modify success is titled orderSuccessful, above the order as it now stands.
    say(m, m.kind === 'success' ? ORDER_SUCCESSFUL : undefined);
    return true;
  } catch (err) {
    pushToast({ kind: 'error', titleKey: 'errorCodes:operationFail', text: message(err) });
    return false;
  } finally {
    releaseClaim(claim);
  }
}

/** Cancels every open order of the given groups (one pair, or all pairs when symbolId is undefined). */
export async function cancelAllOrders(groups: readonly OrderGroup[], symbolId: string | undefined): Promise<boolean> {
  const api = tradingApi.peek();
  if (!api) return false;
  // One toast for all of them. Until the exchange names what it cancelled, every cancellation of
  // the pair pushed meanwhile may be one of them; after, only the orders it named are.
  let named: Set<string> | null = null;
  const claim = claimPushes(
    (x) => (symbolId === undefined || x.symbolId === symbolId) && (x.status === 'CANCELED' || x.status === 'ORDER_CANCELED') && (named === null || named.has(x.orderId)),
  );
  try {
    const cancelled = (await Promise.all(groups.map((group) => api.cancelAll({ group, symbolId })))).flat();
    named = new Set(cancelled);
    await awaitAnswers(api, claim, cancelled, groups);
    pushToast({ kind: 'success', titleKey: 'errorCodes:operationSuccess', key: 'outcome.cancelledAll', params: { count: String(cancelled.length) }, count: cancelled.length });
    return true;
  } catch (err) {
    pushToast({ kind: 'error', titleKey: 'errorCodes:operationFail', text: message(err) });
    return false;
  } finally {
    releaseClaim(claim);
  }
}
