// Leveraged-token orders as the private stream pushes them (user.lt.order): the records tab's live
// list and spec 4.8's toasts (status 1 filled: success; status 3 failed: 'Operation fail' with the
// failed-fill message). Only the exchange's pushes make toasts; the forms only say "in progress".
import { fetchLtRecords } from '../../api/lt-records.ts';
import type { LtOrder } from '../../protocol/bybit-v5/lt-order.ts';
import { signal } from '../signals.ts';

export type { LtOrder } from '../../protocol/bybit-v5/lt-order.ts';

/** The records tab's list of one type (1 subscription, 2 redemption), from order-record. */
export function loadLtRecords(type: 1 | 2): Promise<LtOrder[]> {
  return fetchLtRecords(type);
}
import { pushToast } from '../toasts.ts';

/** The pushed orders, newest first, one per order id (the records tab merges them with its REST list). */
export const ltPushedOrders = signal<readonly LtOrder[]>([]);

export function applyLtOrderPushes(orders: readonly LtOrder[]): void {
  let list = ltPushedOrders.peek();
  for (const o of orders) {
    list = [o, ...list.filter((x) => x.orderId !== o.orderId)];
    const kind = o.type === 1 ? 'subscription' : 'redemption';
    const params = { coin: o.ltCoin, amount: o.amount, value: o.value };
    if (o.status === 1) pushToast({ kind: 'success', key: `lt.toast.${kind}Completed`, params });
    else if (o.status === 3) pushToast({ kind: 'error', titleKey: 'errorCodes:operationFail', key: 'lt.toast.failedFill', params });
  }
  ltPushedOrders.value = list.slice(0, 200);
}
