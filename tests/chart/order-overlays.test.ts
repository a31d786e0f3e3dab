import { describe, expect, it } from 'vitest';
import { averagePrice, barIndexAt, dayRangeLabel, dragConfirmReason, orderLines, priceChangeRatio, quickOrderSide, snapPrice } from '../../src/core/chart/order-overlays.ts';
import { formatChangeIn } from '../../src/core/format.ts';
import { PLAN_TYPE, type Execution, type Order } from '../../src/core/order-types.ts';

const order = (o: Partial<Order>): Order =>
  ({
    orderId: '1', clientOrderId: 'c1', symbolId: 'SOLUSDT', side: 'Buy', type: 'LIMIT', planType: PLAN_TYPE.none, price: '180.00', origQty: '0.05', executedQty: '0',
    triggerPrice: '', activationPrice: '', isLeverage: false, createType: 'user', ...o,
  }) as Order;

const fill = (side: 'Buy' | 'Sell', price: string, qty: string, t: number): Execution =>
  ({ tradeId: `${side}${price}${t}`, orderId: 'x', symbolId: 'SOLUSDT', side, execPrice: price, execQty: qty, execValue: String(Number(price) * Number(qty)), execFee: '0', feeCurrency: 'USDT', orderType: 'Limit', isMaker: true, tradeTime: t }) as Execution;

describe('order lines', () => {
  it('a limit order gives a price line with the quantity left; other symbols give none', () => {
    const lines = orderLines([order({ executedQty: '0.02' }), order({ orderId: '2', symbolId: 'BTCUSDT' })], 'SOLUSDT');
    expect(lines).toEqual([{ id: '1:price', orderId: '1', kind: 'price', side: 'Buy', price: '180.00', qty: '0.03', draggable: true }]);
  });

  it('a conditional limit order gives a trigger line and a price line; an OCO is not draggable', () => {
    const lines = orderLines([order({ planType: PLAN_TYPE.conditional, triggerPrice: '185' }), order({ orderId: '3', planType: PLAN_TYPE.oco, triggerPrice: '200' })], 'SOLUSDT');
    expect(lines.map((l) => `${l.id}/${l.draggable}`)).toEqual(['1:trigger/true', '1:price/true', '3:trigger/false', '3:price/false']);
  });

  it("a grid bot's and a strategy's orders show but do not move (their maker moves them; the exchange refuses an amend)", () => {
    const lines = orderLines((['gridBot', 'iceberg', 'twap', 'chase', 'liquidation', 'user'] as const).map((createType, i) => order({ orderId: String(i), createType })), 'SOLUSDT');
    expect(lines.map((l) => `${l.orderId}/${l.draggable}`)).toEqual(['0/false', '1/false', '2/false', '3/false', '4/false', '5/true']);
  });
});

describe('dragging a line (4.11)', () => {
  it('asks to confirm the same price, a fully executed quantity, and a trigger crossing the market', () => {
    expect(dragConfirmReason(order({}), 'price', '180', '190')).toBe('samePrice');
    expect(dragConfirmReason(order({ executedQty: '0.05' }), 'price', '181', '190')).toBe('qtyEqualsExecuted');
    const cond = order({ planType: PLAN_TYPE.conditional, triggerPrice: '185' });
    expect(dragConfirmReason(cond, 'trigger', '195', '190')).toBe('triggerCrossesMarket');
    expect(dragConfirmReason(cond, 'trigger', '186', '190')).toBeNull();
    expect(dragConfirmReason(order({}), 'price', '181', '190')).toBeNull();
  });

  it('snaps a dragged price to the tick', () => {
    expect(snapPrice(184.3149, '0.01')).toBe('184.31');
    expect(snapPrice(184.316, '0.01')).toBe('184.32');
    expect(snapPrice(1234.6, '1')).toBe('1235');
    expect(snapPrice(-1, '0.01')).toBe('0');
  });
});

describe('quick order and averages', () => {
  it('sells above the market, else buys (4.12)', () => {
    expect(quickOrderSide('191', '190')).toBe('Sell');
    expect(quickOrderSide('190', '190')).toBe('Buy');
    expect(quickOrderSide('189', '190')).toBe('Buy');
  });

  it('labels day ranges as days, or years at 365 and more', () => {
    expect(dayRangeLabel(180)).toEqual({ key: 'days', count: 180 });
    expect(dayRangeLabel(365)).toEqual({ key: 'years', count: 1 });
    expect(dayRangeLabel(1095)).toEqual({ key: 'years', count: 3 });
  });

  it('averages value over quantity per side within the range', () => {
    const fills = [fill('Buy', '100', '1', 1000), fill('Buy', '200', '3', 2000), fill('Sell', '300', '1', 2000), fill('Buy', '999', '1', 10)];
    expect(averagePrice(fills, 'Buy', 500, 2)).toMatchObject({ price: '175.00', sumExecQty: '4' });
    expect(averagePrice(fills, 'Sell', 500, 2).price).toBe('300.00');
    expect(averagePrice([], 'Sell', 0, 2).price).toBeNull();
  });

  it('places a fill on the bar that holds its time', () => {
    const times = [0, 60, 120, 180];
    expect(barIndexAt(times, 4, 59)).toBe(0);
    expect(barIndexAt(times, 4, 120)).toBe(2);
    expect(barIndexAt(times, 4, 500)).toBe(3);
    expect(barIndexAt(times, 4, -1)).toBe(-1);
  });
});

describe('priceChangeRatio (issue 33 item 3: the drag confirmation says the change in %)', () => {
  it('is (new − old) ÷ old, exact, to 8 places', () => {
    expect(priceChangeRatio('96500', '88407.44')).toBe('-0.08386073');
    expect(priceChangeRatio('100', '101.25')).toBe('0.01250000');
    expect(priceChangeRatio('150.12', '150.12')).toBe('0.00000000');
  });
  it('has none without an old price', () => {
    expect(priceChangeRatio('', '1')).toBeNull();
    expect(priceChangeRatio('0', '1')).toBeNull();
  });
  it('reads with a sign and Latin digits in every language', () => {
    expect(formatChangeIn(priceChangeRatio('100', '101.25'), 'en', 2, 2)).toBe('+1.25%');
    expect(formatChangeIn(priceChangeRatio('96500', '88407.44'), 'de', 2, 2)).toMatch(/^-8,39\s%$/u);
    expect(formatChangeIn(priceChangeRatio('100', '101.25'), 'ar-SA', 2, 2)).toMatch(/^\S*\+1\.25٪$/);
  });
});
