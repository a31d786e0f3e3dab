import { describe, expect, it } from 'vitest';
import { NOTICE_ORDER_LIMIT, reactToExecutionPush, reactToOrderPush, type PushContext } from '../../src/core/order-push.ts';
import type { Execution } from '../../src/core/order-types.ts';
import { order } from './fixtures.ts';

const ctx: PushContext = { previous: undefined, isDemo: false, successAudio: true, openCount: 3 };
const keys = (r: { key: string }[]) => r.map((m) => m.key);

describe('order push reactions (spec 4.7)', () => {
  it.each([
    ['iceberg-created orders are ignored', order({ status: 'FILLED', createType: 'iceberg' }), ctx, [], [], false],
    ['TWAP-created orders are ignored', order({ status: 'FILLED', createType: 'twap' }), ctx, [], [], false],
    ['chase orders (cancelled and placed again each second) are ignored', order({ status: 'CANCELED', createType: 'chase' }), ctx, [], [], false],
    ['partially filled orders are ignored', order({ status: 'PARTIALLY_FILLED' }), ctx, [], [], false],
    ['partially filled then cancelled: partial-fill toast', order({ status: 'PARTIALLY_FILLED_CANCELED' }), ctx, ['partiallyFilled'], [], false],
    ['filled limit: toast, notice and sound', order({ status: 'FILLED' }), ctx, ['filled'], ['filledNotice'], true],
    ['filled market: toast, no notice', order({ status: 'FILLED', type: 'MARKET' }), ctx, ['filled'], [], true],
    ['filled without successAudio: no sound', order({ status: 'FILLED' }), { ...ctx, successAudio: false }, ['filled'], ['filledNotice'], false],
    ['cancelled: toast without sound', order({ status: 'CANCELED' }), ctx, ['canceled'], [], false],
    ['cancelled by PM trial over equity: cancel-success notice', order({ status: 'CANCELED', cancelType: 'CancelByPmTrialMmOverEquity' }), ctx, [], ['cancelSuccessNotice'], false],
    ['cancelled by reduce-only: cancel-success notice', order({ status: 'CANCELED', cancelType: 'CancelByReduceOnly' }), ctx, [], ['cancelSuccessNotice'], false],
    ['post-only would take liquidity: cancel-success notice', order({ status: 'REJECTED', rejectReason: 'EC_PostOnlyWillTakeLiquidity' }), ctx, [], ['cancelSuccessNotice'], false],
    // What Bybit pushes (order history example in the reference): Cancelled with the reject reason, cancelType UNKNOWN.
    ['post-only would take liquidity, as Bybit pushes it: cancel-success notice, no plain cancel toast', order({ status: 'CANCELED', cancelType: 'UNKNOWN', rejectReason: 'EC_PostOnlyWillTakeLiquidity' }), ctx, [], ['cancelSuccessNotice'], false],
    ['a market order failing when closing: market-order-fail notice', order({ status: 'REJECTED', type: 'MARKET', closing: true }), ctx, [], ['marketOrderFail'], false],
    ['a market order failing when not closing: no market-order-fail notice', order({ status: 'REJECTED', type: 'MARKET' }), ctx, [], [], false],
    ['a limit order failing when closing: no market-order-fail notice', order({ status: 'REJECTED', closing: true }), ctx, [], [], false],
    ['amended price: order-modified toast', order({ price: '101' }), { ...ctx, previous: order() }, ['modified'], [], false],
    ['amended quantity of a partly filled order: modified', order({ status: 'PARTIALLY_FILLED', origQty: '2' }), { ...ctx, previous: order() }, ['modified'], [], false],
    ['amended trigger price: modified', order({ status: 'ORDER_NEW', planType: 1, triggerPrice: '90' }), { ...ctx, previous: order({ status: 'ORDER_NEW', planType: 1, triggerPrice: '95' }) }, ['modified'], [], false],
    ['a filled future-spread leg: its execution toasts instead', order({ status: 'FILLED', createType: 'futureSpread' }), ctx, [], [], true],
    ['notices skipped at 400 or more orders', order({ status: 'FILLED' }), { ...ctx, openCount: NOTICE_ORDER_LIMIT }, ['filled'], [], true],
  ] as const)('%s', (_n, o, c, toasts, notices, sound) => {
    const r = reactToOrderPush(o, c);
    expect(keys(r.toasts)).toEqual(toasts);
    expect(keys(r.notices)).toEqual(notices);
    expect(r.sound).toBe(sound);
  });

  it.each([
    ['ORDER_NEW adds', 'ORDER_NEW', false, 'add'],
    ['ORDER_FILLED removes', 'ORDER_FILLED', false, 'remove'],
    ['ORDER_CANCELED removes', 'ORDER_CANCELED', false, 'remove'],
    ['ORDER_REJECTED removes', 'ORDER_REJECTED', false, 'remove'],
    ['demo suppresses it', 'ORDER_NEW', true, null],
  ] as const)('trailing-stop list: %s', (_n, status, isDemo, want) => {
    expect(reactToOrderPush(order({ planType: 4, status }), { ...ctx, isDemo }).trailing).toBe(want);
  });
  it('non-trailing orders leave the trailing list alone', () => {
    expect(reactToOrderPush(order({ status: 'NEW' }), ctx).trailing).toBeNull();
  });
});

describe('execution push reactions (spec 4.7)', () => {
  const fill = (createType: Execution['createType']): Execution => ({
    tradeId: 't', orderId: 'o', symbolId: 'ETHUSDT', side: 'Buy', execPrice: '3400', execQty: '0.01', execValue: '34', execFee: '0', feeCurrency: 'ETH',
    orderType: 'Market', isMaker: false, tradeTime: 1, blockTrade: false, createType,
  });
  it('a future-spread execution shows a success toast with its fill', () => {
    expect(reactToExecutionPush(fill('futureSpread'))).toEqual({ key: 'futureSpreadFilled', params: { symbol: 'ETHUSDT', side: 'Buy', qty: '0.01', price: '3400' } });
  });
  it('other executions show nothing of their own', () => {
    expect(reactToExecutionPush(fill('user'))).toBeNull();
    expect(reactToExecutionPush(fill('iceberg'))).toBeNull();
  });
});
