// Spec 3's OCO trigger states and plan types, as the page decodes Bybit v5 orders (issue 34 item 5).
import { describe, expect, test } from 'vitest';
import { PLAN_TYPE } from '../../src/core/order-types.ts';
import { decodeOrder } from '../../src/protocol/bybit-v5/order.ts';

const raw = (over: Record<string, unknown> = {}) => ({
  category: 'spot', symbol: 'BTCUSDT', orderId: '1', orderLinkId: 'c1', side: 'Buy', orderType: 'Limit', price: '100.00', qty: '1',
  cumExecQty: '0', cumExecValue: '0', orderStatus: 'Untriggered', stopOrderType: 'OcoOrder', triggerPrice: '0.00', takeProfit: '110.00', stopLoss: '90.00',
  trailingValue: '', ocoTriggerBy: 'OcoTriggerByUnknown', createdTime: '1000', updatedTime: '1000', isLeverage: '0', ...over,
});

describe('spec 3 order codes from Bybit v5', () => {
  test('OCO trigger states: untriggered, trigger by take-profit, trigger by stop-loss', () => {
    expect(decodeOrder(raw(), 'uta')?.ocoTrigger).toBe('untriggered');
    expect(decodeOrder(raw({ ocoTriggerBy: 'OcoTriggerByTp', orderStatus: 'Triggered' }), 'uta')?.ocoTrigger).toBe('tp');
    expect(decodeOrder(raw({ ocoTriggerBy: 'OcoTriggerBySl', orderStatus: 'Triggered' }), 'uta')?.ocoTrigger).toBe('sl');
    expect(decodeOrder(raw({ stopOrderType: '', ocoTriggerBy: '', orderStatus: 'New' }), 'uta')?.ocoTrigger).toBe('');
  });

  test('plan types: conditional 1, stop-limit 8, OCO 10, TPSL 11, trailing stop 4', () => {
    expect(PLAN_TYPE).toMatchObject({ conditional: 1, stopLimit: 8, oco: 10, tpsl: 11, trailingStop: 4, trailingProfit: 5 });
    const plan = (stopOrderType: string) => decodeOrder(raw({ stopOrderType, ocoTriggerBy: '' }), 'uta')?.planType;
    expect(plan('Stop')).toBe(1);
    expect(plan('tpslOrder')).toBe(8);
    expect(plan('OcoOrder')).toBe(10);
    expect(plan('TakeProfit')).toBe(11);
    expect(plan('StopLoss')).toBe(11);
    expect(plan('TrailingStop')).toBe(4);
    expect(plan('')).toBe(0);
  });

  test('core fields: id, symbol, side, type, price, quantities, amount, market unit, status, time, leverage and origin', () => {
    const o = decodeOrder(raw({
      orderId: '42', symbol: 'ETHUSDT', side: 'Sell', orderType: 'Market', price: '0', qty: '250', marketUnit: 'quoteCoin', cumExecQty: '0.08', cumExecValue: '249.9',
      orderStatus: 'PartiallyFilled', stopOrderType: '', ocoTriggerBy: '', createdTime: '1700000000123', isLeverage: '1', createType: 'CreateByUser',
    }), 'uta');
    expect(o).toMatchObject({
      orderId: '42', symbolId: 'ETHUSDT', side: 'Sell', type: 'MARKET', planType: 0, origQty: '250', executedQty: '0.08', amount: '249.9', marketUnit: 'quoteCoin',
      status: 'PARTIALLY_FILLED', time: 1700000000123, isLeverage: true, createType: 'user',
    });
  });
});
