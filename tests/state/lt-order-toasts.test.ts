// Spec 4.8: a pushed leveraged-token order of status 1 is a success toast, status 3 a failure
// toast; status 2 (in progress) says nothing (issue 34 item 5).
import { afterEach, describe, expect, test } from 'vitest';
import { applyLtOrderPushes, ltPushedOrders, type LtOrder } from '../../src/state/trading/lt-orders.ts';
import { clearToasts, toasts } from '../../src/state/toasts.ts';
import { decodeLtOrder } from '../../src/protocol/bybit-v5/lt-order.ts';

const order = (o: Partial<LtOrder>): LtOrder => ({
  ltCoin: 'BTC3L', orderId: 'lt-1', type: 1, status: 2, orderTime: 1, updateTime: 1, fee: '0', amount: '100', value: '', valueCoin: 'USDT', serialNo: 's1', ...o,
});

afterEach(() => {
  clearToasts();
  ltPushedOrders.value = [];
});

describe('leveraged-token order pushes (spec 4.8)', () => {
  test('status 1 is a success toast for its kind, status 3 a failure toast, status 2 none', () => {
    applyLtOrderPushes([order({ status: 2 })]);
    expect(toasts.value).toEqual([]);
    applyLtOrderPushes([order({ status: 1, value: '12.5' })]);
    expect(toasts.value.map((t) => [t.kind, t.key])).toEqual([['success', 'lt.toast.subscriptionCompleted']]);
    applyLtOrderPushes([order({ orderId: 'lt-2', type: 2, status: 3 })]);
    expect(toasts.value.map((t) => [t.kind, t.titleKey ?? null, t.key])).toEqual([
      ['success', null, 'lt.toast.subscriptionCompleted'],
      ['error', 'errorCodes:operationFail', 'lt.toast.failedFill'],
    ]);
    expect(ltPushedOrders.value.map((o) => o.orderId)).toEqual(['lt-2', 'lt-1']);
  });

  test('orders decode from ltOrderType (1 subscription, 2 redemption) and ltOrderStatus; others are dropped', () => {
    const wire = { ltCoin: 'BTC3L', orderId: 'lt-9', ltOrderType: '2', ltOrderStatus: '3', orderTime: 5, updateTime: 6, fee: '0.1', amount: '40', value: '', valueCoin: 'USDT', serialNo: 's9' };
    expect(decodeLtOrder(wire)).toMatchObject({ orderId: 'lt-9', type: 2, status: 3, amount: '40' });
    expect(decodeLtOrder({ ...wire, ltOrderType: '1', ltOrderStatus: '1' })).toMatchObject({ type: 1, status: 1 });
    expect(decodeLtOrder({ ...wire, ltOrderType: '3' })).toBeNull();
    expect(decodeLtOrder({ ...wire, ltOrderStatus: '4' })).toBeNull();
  });
});
