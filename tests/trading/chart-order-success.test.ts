// Spec 8: "Modify success and chart order success: toast orderSuccessful with details".
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ANONYMOUS } from '../../src/core/user-info.ts';
import { showAllPairs } from '../../src/state/trading/orders.ts';
import { clearToasts, toasts } from '../../src/state/toasts.ts';
import { amendOrder, ORDER_SUCCESSFUL, placeOrder } from '../../src/state/trading/trading.ts';
import { user } from '../../src/state/account/user.ts';
import { draft, order } from './fixtures.ts';

type Reply = { retCode: number; retMsg: string; result: Record<string, unknown> };
let replies: Array<Reply>;
const listed = (price: string) => ({
  retCode: 0, retMsg: 'OK',
  result: { list: [{ category: 'spot', symbol: 'BTCUSDT', orderId: '1', orderLinkId: 'c1', side: 'Buy', orderType: 'Limit', price, qty: '1', cumExecQty: '0', cumExecValue: '0', orderStatus: 'New', stopOrderType: '', createdTime: '1', updatedTime: '2' }] },
});

beforeEach(() => {
  user.value = { ...ANONYMOUS, userState: 1, id: 100001, isUTA: true };
  replies = [];
  // The orders read after the action cover all pairs (there is no active pair here).
  showAllPairs.value = true;
  clearToasts();
  vi.stubGlobal('fetch', async () => {
    const reply = replies.shift() ?? { retCode: 0, retMsg: 'OK', result: { list: [] } };
    return new Response(JSON.stringify(reply), { status: 200, headers: { 'content-type': 'application/json' } });
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  user.value = ANONYMOUS;
  showAllPairs.value = false;
  clearToasts();
});

describe('orderSuccessful (spec 8)', () => {
  it('titles a modify success, above the order as it now stands', async () => {
    replies.push({ retCode: 0, retMsg: 'OK', result: { orderId: '1', orderLinkId: 'c1' } }, listed('101'));
    expect(await amendOrder(order(), { price: '101' })).toBe(true);
    expect(toasts.value).toHaveLength(1);
    expect(toasts.value[0]).toMatchObject({ kind: 'success', titleKey: ORDER_SUCCESSFUL, key: 'outcome.amended', params: { price: expect.stringContaining('101') } });
    expect(ORDER_SUCCESSFUL).toBe('errorCodes:orderSuccessful');
  });

  it('titles an order placed from the chart, not one from the order form', async () => {
    replies.push({ retCode: 0, retMsg: 'OK', result: { orderId: '1', orderLinkId: 'c1' } }, listed('100'));
    expect(await placeOrder(draft({ kind: 'limit', side: 'Buy', price: '100', qty: '1' }), 'BTCUSDT', 'chart')).toBe('live');
    expect(toasts.value[0]).toMatchObject({ kind: 'success', titleKey: ORDER_SUCCESSFUL, key: 'outcome.placed' });
    clearToasts();
    replies.push({ retCode: 0, retMsg: 'OK', result: { orderId: '1', orderLinkId: 'c1' } }, listed('100'));
    expect(await placeOrder(draft({ kind: 'limit', side: 'Buy', price: '100', qty: '2' }), 'BTCUSDT')).toBe('live');
    expect(toasts.value[0]?.titleKey).toBeUndefined();
  });
});
