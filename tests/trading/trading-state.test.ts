import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ANONYMOUS } from '../../src/core/user-info.ts';
import { applyOrderPushes, loadOpenOrders, openOrders, showAllPairs } from '../../src/state/trading/orders.ts';
import { clearToasts, toasts } from '../../src/state/toasts.ts';
import { cancelAllOrders, cancelOrder, placeOrder, placing, standardAccountLimit, tradeLimitReached, tradingApi } from '../../src/state/trading/trading.ts';
import { claimPushedOrder } from '../../src/state/trading/trading-sync.ts';
import { user } from '../../src/state/account/user.ts';
import { draft, order } from './fixtures.ts';

type Reply = { retCode: number; retMsg: string; result: Record<string, unknown> };
let replies: Array<(url: string) => Reply>;
let creates = 0;
let linkIds: string[];

beforeEach(() => {
  user.value = { ...ANONYMOUS, userState: 1, id: 100001, isUTA: true };
  replies = [];
  creates = 0;
  linkIds = [];
  tradeLimitReached.value = false;
  standardAccountLimit.value = false;
  clearToasts();
  vi.stubGlobal('fetch', async (url: string, init?: { body?: string }) => {
    if (url.includes('/v5/order/create')) {
      creates++;
      linkIds.push((JSON.parse(init!.body!) as { orderLinkId: string }).orderLinkId);
    }
    const reply = replies.shift()?.(url) ?? { retCode: 0, retMsg: 'OK', result: { list: [] } };
    await new Promise((r) => setTimeout(r, 5));
    return new Response(JSON.stringify(reply), { status: 200, headers: { 'content-type': 'application/json' } });
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  user.value = ANONYMOUS;
  clearToasts();
});

describe('placing orders', () => {
  it('a second submit while the first is on its way sends nothing', async () => {
    replies.push(() => ({ retCode: 0, retMsg: 'OK', result: { orderId: '1', orderLinkId: 'a' } }));
    const d = draft({ price: '100', qty: '1' });
    const [a, b] = await Promise.all([placeOrder(d, 'BTCUSDT'), placeOrder(d, 'BTCUSDT')]);
    // No stream and an empty list: the order is sent once, and not confirmed (never called placed).
    expect([a, b]).toEqual(['unconfirmed', 'failed']);
    expect(creates).toBe(1);
  });

  it('the form is free again once the exchange has answered, while the outcome is still awaited', async () => {
    showAllPairs.value = true;
    replies.push(() => ({ retCode: 0, retMsg: 'OK', result: { orderId: '1', orderLinkId: 'a' } }));
    const seen: boolean[] = [];
    // The second request is the list read that stands in for a push: the outcome is not known yet.
    replies.push(() => {
      seen.push(placing.value);
      return { retCode: 0, retMsg: 'OK', result: { list: [] } };
    });
    expect(await placeOrder(draft({ price: '100', qty: '1' }), 'BTCUSDT')).toBe('unconfirmed');
    expect(seen).toEqual([false]);
  });

  it('the action mints the client order id: the same draft sent again after a failure keeps it, a changed draft or a placed order does not', async () => {
    const d = draft({ price: '100', qty: '1' });
    replies.push(() => ({ retCode: 170131, retMsg: 'Balance insufficient', result: {} }));
    expect(await placeOrder(d, 'BTCUSDT')).toBe('failed');
    replies.push(() => ({ retCode: 0, retMsg: 'OK', result: { orderId: '1' } }));
    expect(await placeOrder(d, 'BTCUSDT')).toBe('unconfirmed');
    replies.push(() => ({ retCode: 0, retMsg: 'OK', result: { orderId: '2' } }));
    expect(await placeOrder(d, 'BTCUSDT')).toBe('unconfirmed');
    replies.push(() => ({ retCode: 0, retMsg: 'OK', result: { orderId: '3' } }));
    expect(await placeOrder(draft({ price: '100', qty: '2' }), 'BTCUSDT')).toBe('unconfirmed');
    expect(linkIds).toHaveLength(4);
    expect(linkIds[1]).toBe(linkIds[0]);
    expect(new Set(linkIds).size).toBe(3);
    for (const id of linkIds) expect(id).toMatch(/^[A-Za-z0-9_-]{1,36}$/);
  });

  it.each([
    [32241, 'tradeLimitReached'],
    [-2172, 'tradeLimitReached'],
    [12240, 'tradeLimitReached'],
    [170348, 'tradeLimitReached'],
    [32329, 'standardAccountLimit'],
  ] as const)('result code %i sets the %s flag (spec 8)', async (code, flag) => {
    replies.push(() => ({ retCode: code, retMsg: 'refused', result: {} }));
    expect(await placeOrder(draft({ price: '100', qty: '1' }), 'BTCUSDT')).toBe('failed');
    expect((flag === 'tradeLimitReached' ? tradeLimitReached : standardAccountLimit).value).toBe(true);
    expect(toasts.value[0]?.key).toBe(`orderMsg.${flag}`);
  });

  it('any other failure shows the server message', async () => {
    replies.push(() => ({ retCode: 170131, retMsg: 'Balance insufficient', result: {} }));
    await placeOrder(draft({ price: '100', qty: '1' }), 'BTCUSDT');
    expect(toasts.value[0]).toMatchObject({ kind: 'error', text: 'Balance insufficient', titleKey: 'errorCodes:operationFail' });
  });

  it('a visitor has no trading API and places nothing', async () => {
    user.value = ANONYMOUS;
    expect(tradingApi.value).toBeNull();
    expect(await placeOrder(draft({ price: '100', qty: '1' }), 'BTCUSDT')).toBe('failed');
    expect(creates).toBe(0);
  });
});

describe('cancelling (spec 8)', () => {
  it('success: operationSuccess / "Cancel success" with the order\'s details', async () => {
    await cancelOrder(order());
    expect(toasts.value).toHaveLength(1);
    expect(toasts.value[0]).toMatchObject({ kind: 'success', titleKey: 'errorCodes:operationSuccess', key: 'outcome.cancelled', params: { qty: '1 BTCUSDT' } });
  });
  it('81001 on an ordinary order reads liquidationErrorInfo', async () => {
    replies.push(() => ({ retCode: 81001, retMsg: 'x', result: {} }));
    await cancelOrder(order());
    expect(toasts.value[0]).toMatchObject({ kind: 'error', key: 'orderMsg.liquidationErrorInfo' });
  });
  it('81001 on a plan order shows the server message', async () => {
    replies.push(() => ({ retCode: 81001, retMsg: 'plan refused', result: {} }));
    await cancelOrder(order({ planType: 1 }));
    expect(toasts.value[0]).toMatchObject({ kind: 'error', text: 'plan refused' });
  });
});

describe('cancel all', () => {
  it('once the exchange names what it cancelled, a cancellation of another order is not taken as one of them', async () => {
    showAllPairs.value = true;
    const claimed: Record<string, boolean> = {};
    replies.push(() => {
      // Pushed before the answer: any cancellation of the pair may be one of these.
      claimed['before'] = claimPushedOrder(order({ orderId: '7', status: 'CANCELED' }));
      return { retCode: 0, retMsg: 'OK', result: { list: [{ orderId: '1' }, { orderId: '2' }], success: '1' } };
    });
    replies.push(() => {
      claimed['named'] = claimPushedOrder(order({ orderId: '2', status: 'CANCELED' }));
      claimed['other'] = claimPushedOrder(order({ orderId: '9', status: 'CANCELED' }));
      claimed['otherPair'] = claimPushedOrder(order({ orderId: '1', symbolId: 'ETHUSDT', status: 'CANCELED' }));
      return { retCode: 0, retMsg: 'OK', result: { list: [] } };
    });
    expect(await cancelAllOrders(['ordinary'], 'BTCUSDT')).toBe(true);
    expect(claimed).toEqual({ before: true, named: true, other: false, otherPair: false });
  });
});

describe('pushed orders and the list scope', () => {
  it('an order pushed while the open list is read stays: the list, made before the push, does not wipe it', async () => {
    openOrders.value = [];
    showAllPairs.value = true;
    // Every list read answers an empty list after 5 ms (the fetch stub above).
    const reading = loadOpenOrders(tradingApi.value!);
    applyOrderPushes([order({ orderId: 'pushed', symbolId: 'ETHUSDT' })]);
    expect(openOrders.value.map((o) => o.orderId)).toEqual(['pushed']);
    await reading;
    expect(openOrders.value.map((o) => o.orderId)).toEqual(['pushed']);
    // A cancel pushed during the next read removes it even if that read still lists it.
    replies.push(() => ({ retCode: 0, retMsg: 'OK', result: { list: [{ category: 'spot', symbol: 'ETHUSDT', orderId: 'pushed', orderLinkId: 'c', side: 'Buy', orderType: 'Limit', price: '1', qty: '1', cumExecQty: '0', cumExecValue: '0', orderStatus: 'New', stopOrderType: '', createdTime: '1', updatedTime: '1' }] } }));
    const again = loadOpenOrders(tradingApi.value!, ['ordinary']);
    applyOrderPushes([order({ orderId: 'pushed', symbolId: 'ETHUSDT', status: 'CANCELED' })]);
    await again;
    expect(openOrders.value).toHaveLength(0);
    showAllPairs.value = false;
  });


  it('with show-all-pairs off only the active pair is kept (no active pair: none)', () => {
    openOrders.value = [];
    showAllPairs.value = false;
    applyOrderPushes([order({ orderId: 'x', symbolId: 'ETHUSDT' })]);
    expect(openOrders.value).toHaveLength(0);
    showAllPairs.value = true;
    applyOrderPushes([order({ orderId: 'x', symbolId: 'ETHUSDT' })]);
    expect(openOrders.value.map((o) => o.orderId)).toEqual(['x']);
    showAllPairs.value = false;
  });
});
