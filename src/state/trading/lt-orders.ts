// Leveraged-token orders (spec 2.12, 4.8, 5.10, 5.11): the records tab's lists (read once per type
// while shown) with the private stream's user.lt.order pushes laid over them, spec 4.8's toasts
// (status 1 filled: success; status 3 failed: 'Operation fail' with the failed-fill message; only the
// exchange's pushes make toasts, the forms only say "in progress"), and subscription and redemption.
import { ApiError } from '../../api/http.ts';
import { purchaseLt, redeemLt } from '../../api/lever-tokens.ts';
import { fetchLtRecords } from '../../api/lt-records.ts';
import type { LtOrder } from '../../protocol/bybit-v5/lt-order.ts';
import { user } from '../account/user.ts';
import { pollPool } from '../poll.ts';
import { computed, effect, signal } from '../signals.ts';
import { pushToast } from '../toasts.ts';
import { assetDecimals } from '../../core/symbols.ts';
import { symbolList } from '../market/markets.ts';

export type { LtOrder } from '../../protocol/bybit-v5/lt-order.ts';

/** The pushed orders, newest first, one per order id (the records tab merges them with its REST list). */
export const ltPushedOrders = signal<readonly LtOrder[]>([]);

export function applyLtOrderPushes(orders: readonly LtOrder[]): void {
  let list = ltPushedOrders.peek();
  for (const o of orders) {
    list = [o, ...list.filter((x) => x.orderId !== o.orderId)];
    const kind = o.type === 1 ? 'subscription' : 'redemption';
    const params = { coin: o.ltCoin, amount: o.amount, value: o.value };
    // Each amount at its coin's display precision (spec 5.12; the walkthrough saw "for 99.93056325 USDT").
    const done = {
      params: { coin: o.ltCoin }, amounts: { amount: o.amount, value: o.value },
      // A subscription pays `amount` of the quote coin for `value` tokens; a redemption the other way round.
      decimals: {
        amount: assetDecimals(symbolList.peek(), o.type === 1 ? o.valueCoin : o.ltCoin),
        value: assetDecimals(symbolList.peek(), o.type === 1 ? o.ltCoin : o.valueCoin),
      },
    };
    if (o.status === 1) pushToast({ kind: 'success', key: `lt.toast.${kind}Completed`, ...done });
    else if (o.status === 3) pushToast({ kind: 'error', titleKey: 'errorCodes:operationFail', key: 'lt.toast.failedFill', params });
  }
  ltPushedOrders.value = list.slice(0, 200);
}

// ---- the records tab ----

/** 1 subscription, 2 redemption. */
export type LtRecordType = 1 | 2;
const owner = computed(() => String(user.value.id ?? ''));
const records = pollPool<{ owner: string; type: LtRecordType }, readonly LtOrder[] | null>(
  (q) => ({ read: () => fetchLtRecords(q.type), everyMs: null, initial: null }),
  (q) => `${q.owner}/${q.type}`,
);

/** Reads the records of one type from order-record (once) while the caller holds it; returns the release. */
export function watchLtRecords(type: LtRecordType): () => void {
  return effect(() => records.use({ owner: owner.value, type }));
}

/**
 * The records of one type, newest first: as read (nothing while loading, or when the read failed),
 * with every newer push laid over them (a push is newer than what was read, unless the read already
 * saw a later state).
 */
export function ltRecords(type: LtRecordType): readonly LtOrder[] {
  const loaded = records.data({ owner: owner.value, type }, null);
  const byId = new Map<string, LtOrder>();
  for (const o of loaded ?? []) byId.set(o.orderId, o);
  for (const o of ltPushedOrders.value) if (o.type === type && (byId.get(o.orderId)?.updateTime ?? 0) <= o.updateTime) byId.set(o.orderId, o);
  return [...byId.values()].sort((a, b) => b.orderTime - a.orderTime || b.orderId.localeCompare(a.orderId));
}

/** Whether the records of one type were read. */
export function ltRecordsLoaded(type: LtRecordType): boolean {
  return records.data({ owner: owner.value, type }, null) !== null;
}

/** Whether the records of one type could not be read. */
export function ltRecordsFailed(type: LtRecordType): boolean {
  return records.status({ owner: owner.value, type }).error !== null;
}

// ---- subscription and redemption ----

/** The exchange's daily-limit refusals, shown as spec 8's "failed large amount". */
const DAILY_LIMIT_CODES = new Set([175001, 175004]);

let serialSeq = 0;
const serialNo = () => `web-${Date.now().toString(36)}-${(++serialSeq).toString(36)}`;

/** The order the exchange took (its pushes say how it ends), or what to say about a refusal. */
export type LtPlaceResult = { ok: true; orderId: string } | { ok: false; key: string } | { ok: false; text: string };

/** Subscribes `value` of the quote coin, or redeems `value` tokens; the exchange answers "in progress". */
export async function placeLtOrder(mode: 'subscribe' | 'redeem', ltCoin: string, value: string): Promise<LtPlaceResult> {
  try {
    const p = mode === 'subscribe' ? await purchaseLt(ltCoin, value, serialNo()) : await redeemLt(ltCoin, value, serialNo());
    return { ok: true, orderId: p.orderId };
  } catch (err) {
    if (err instanceof ApiError && typeof err.code === 'number' && DAILY_LIMIT_CODES.has(err.code)) return { ok: false, key: 'lt.sub.failedLargeAmount' };
    return { ok: false, text: err instanceof Error ? err.message : String(err) };
  }
}
