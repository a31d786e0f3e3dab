import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { maxOrderQty, preCheckOrder, qtyForPercent, type BalanceContext, type OrderDraft } from '../../src/core/order-rules.ts';
import { CTX, LIMITS, draft } from './fixtures.ts';
import { belowMinimum } from '../../src/core/order-checks.ts';

type Row = [string, Partial<OrderDraft>, Partial<BalanceContext>, string | null, Record<string, string>?];

const LIMIT = { kind: 'limit', price: '100', qty: '1' } as const;
const OCO_SELL = { kind: 'oco', side: 'Sell', qty: '1', tpTrigger: '110', tpPrice: '109', slTrigger: '90', slPrice: '89' } as const;
const OCO_BUY = { kind: 'oco', side: 'Buy', qty: '1', tpTrigger: '90', tpPrice: '91', slTrigger: '110', slPrice: '111' } as const;

/** One row per rule of spec 5.3 and per message key. */
const PRECHECK_CASES: Row[] = [
  ['limit: a valid order passes', LIMIT, {}, null],
  ['limit: price is required', { ...LIMIT, price: '' }, {}, 'priceRequired'],
  ['limit: quantity is required', { ...LIMIT, qty: '' }, {}, 'qtyRequired'],
  ['limit: price at least the tick', { ...LIMIT, price: '0.001', qty: '10' }, {}, 'minPrice', { min: '0.01' }],
  ['limit: minimum quantity', { ...LIMIT, qty: '0.0001' }, {}, 'minQty', { min: '0.001' }],
  ['limit: maximum quantity', { ...LIMIT, qty: '101' }, { available: '1000000' }, 'maxQty', { max: '100' }],
  ['limit: minimum order value', { ...LIMIT, qty: '0.01' }, {}, 'minAmount', { min: '5' }],
  ['limit: maximum order value', { ...LIMIT, price: '100000', qty: '11' }, { available: '2000000' }, 'maxAmount', { max: '1,000,000' }],
  ['limit: beyond the balance and the maximum value says the balance first', { ...LIMIT, price: '100000', qty: '50' }, { available: '99500' }, 'balanceNotEnough'],
  ['limit: a quantity truncated to zero says the minimum, not "enter a quantity"', { ...LIMIT, qty: '0.000' }, {}, 'minQty', { min: '0.001' }],
  ['limit buy: balance (classic)', { ...LIMIT, qty: '11' }, {}, 'balanceNotEnough'],
  ['limit sell: base balance (classic)', { ...LIMIT, side: 'Sell', qty: '2' }, { available: '1.5' }, 'balanceNotEnough'],
  ['limit: a unified account without leverage cannot borrow: balance checked', { ...LIMIT, qty: '11' }, { isUnified: true }, 'balanceNotEnough'],
  ['limit: no balance check for a unified account with leverage (the exchange judges borrowing)', { ...LIMIT, qty: '11', isLeverage: true }, { isUnified: true }, null],
  ['limit: no balance check while editing', { ...LIMIT, qty: '11' }, { editing: true }, null],
  ['limit buy: innovation quota', LIMIT, { innovationRemaining: '50' }, 'innovateTradeFail'],
  ['market: amount required when by amount', { kind: 'market', marketBy: 'amount' }, {}, 'amountRequired'],
  ['market: amount minimum', { kind: 'market', marketBy: 'amount', amount: '1' }, {}, 'minAmount', { min: '5' }],
  ['market: quantity required when by quantity', { kind: 'market', marketBy: 'qty', side: 'Sell' }, {}, 'qtyRequired'],
  ['market: quantity maximum', { kind: 'market', marketBy: 'qty', side: 'Sell', qty: '200' }, {}, 'maxQty', { max: '100' }],
  ['market buy by amount: balance', { kind: 'market', marketBy: 'amount', amount: '2000' }, {}, 'balanceNotEnough'],
  ['conditional: trigger price required', { kind: 'conditional', price: '100', qty: '1' }, {}, 'triggerRequired'],
  ['conditional: trigger at least the minimum price precision', { kind: 'conditional', triggerPrice: '0.001', price: '100', qty: '1' }, {}, 'minTrigger', { min: '0.01' }],
  ['conditional limit: needs a price', { kind: 'conditional', triggerPrice: '100', qty: '1' }, {}, 'priceRequired'],
  ['conditional limit: needs the minimum amount', { kind: 'conditional', triggerPrice: '100', price: '100', qty: '0.01' }, {}, 'minAmount', { min: '5' }],
  ['conditional sell: price ≥ 90 % of the trigger', { kind: 'conditional', side: 'Sell', triggerPrice: '100', price: '89.99', qty: '1' }, { available: '10' }, 'conditionalSellPriceLow', { hash: '90.00' }],
  ['conditional buy: price ≤ 110 % of the trigger', { kind: 'conditional', triggerPrice: '100', price: '110.01', qty: '1' }, {}, 'conditionalBuyPriceHigh', { hash: '110.00' }],
  ['conditional market: only trigger and quantity', { kind: 'conditional', execType: 'market', triggerPrice: '100', qty: '1' }, {}, null],
  ['stop-limit: always needs a limit price', { kind: 'stopLimit', execType: 'market', triggerPrice: '100', qty: '1' }, {}, 'priceRequired'],
  ['oco sell: valid', OCO_SELL, { available: '10' }, null],
  ['oco: take-profit trigger required', { ...OCO_SELL, tpTrigger: '' }, {}, 'ocoTpTriggerRequired'],
  ['oco: stop-loss trigger required', { ...OCO_SELL, slTrigger: '' }, {}, 'ocoSlTriggerRequired'],
  ['oco: take-profit limit price required for a limit leg', { ...OCO_SELL, tpPrice: '' }, {}, 'ocoTpPriceRequired'],
  ['oco: stop-loss limit price required for a limit leg', { ...OCO_SELL, slPrice: '' }, {}, 'ocoSlPriceRequired'],
  ['oco: a market leg needs no limit price', { ...OCO_SELL, slPrice: '', slType: 'market' }, { available: '10' }, null],
  ['oco sell: take-profit trigger not below the market', { ...OCO_SELL, tpTrigger: '99', tpPrice: '99' }, {}, 'ocoNeedHighTpTriggerPrice'],
  ['oco sell: stop-loss trigger not above the market', { ...OCO_SELL, slTrigger: '101', slPrice: '100' }, {}, 'ocoNeedLowSlTriggerPrice'],
  ['oco buy: take-profit trigger not above the market', { ...OCO_BUY, tpTrigger: '101', tpPrice: '101' }, {}, 'ocoNeedLowTpTriggerPrice'],
  ['oco buy: stop-loss trigger not below the market', { ...OCO_BUY, slTrigger: '99', slPrice: '99' }, {}, 'ocoNeedHighSlTriggerPrice'],
  ['oco: limit price within 90–110 % of its trigger', { ...OCO_SELL, tpPrice: '122' }, {}, 'ocoPriceBand', { min: '99.00', max: '121.00' }],
  ['trailing: retracement required', { kind: 'trailing', qty: '1' }, {}, 'trailingValueRequired'],
  ['trailing: percentage below 100', { kind: 'trailing', qty: '1', trailingValue: '100' }, {}, 'trailingPercentRange'],
  ['trailing: distance in price is fine above 100', { kind: 'trailing', side: 'Sell', qty: '1', trailingBy: 'value', trailingValue: '150' }, { available: '10' }, null],
];

describe('order pre-checks (spec 5.3)', () => {
  it.each(PRECHECK_CASES)('%s', (_name, d, ctx, key, params) => {
    const got = preCheckOrder(draft(d), LIMITS, { ...CTX, ...ctx });
    expect(got?.key ?? null).toBe(key);
    if (params) expect(got?.params).toEqual(params);
  });
});

describe('the failing field and the units of the bounds (issue 15 item 5)', () => {
  const UNITS = { ...LIMITS, base: 'BTC', quote: 'USDT' };
  it.each([
    ['limit price', { ...LIMIT, price: '' }, 'priceRequired', 'price', undefined],
    ['quantity below the minimum, with the base unit', { ...LIMIT, qty: '0.0000001' }, 'minQty', 'qty', { min: '0.001 BTC' }],
    ['balance, on the quantity', { ...LIMIT, qty: '11' }, 'balanceNotEnough', 'qty', undefined],
    ['value above the maximum, with the quote unit', { ...LIMIT, price: '100000', qty: '11' }, 'maxAmount', 'qty', { max: '1,000,000 USDT' }],
    ['market amount', { kind: 'market', marketBy: 'amount', amount: '1' }, 'minAmount', 'amount', { min: '5 USDT' }],
    ['trigger', { kind: 'conditional', price: '100', qty: '1' }, 'triggerRequired', 'triggerPrice', undefined],
    ['oco stop-loss limit price', { ...OCO_SELL, slPrice: '' }, 'ocoSlPriceRequired', 'slPrice', undefined],
  ] as const)('%s', (_n, d, key, field, params) => {
    const got = preCheckOrder(draft(d as Partial<OrderDraft>), UNITS, { ...CTX, available: key === 'maxAmount' ? '2000000' : CTX.available });
    expect(got).toMatchObject({ key, field });
    if (params) expect(got?.params).toEqual(params);
  });
});

describe('slider and max quantity', () => {
  it.each([
    ['buy 50 % of 1000 USDT at 100', 'Buy', '1000', 50, '100', '5.000'],
    ['sell 25 % of 1.2345 BTC, floored to the lot', 'Sell', '1.2345', 25, '100', '0.308'],
    ['buy without a price gives nothing', 'Buy', '1000', 50, '', ''],
    ['0 % gives nothing', 'Buy', '1000', 0, '100', ''],
  ] as const)('%s', (_n, side, avail, pct, price, want) => {
    expect(qtyForPercent(side, avail, pct, price, '0.001')).toBe(want);
  });
  it('max buy and max sell', () => {
    expect(maxOrderQty('Buy', '1000', '3', '0.001')).toBe('333.333');
    expect(maxOrderQty('Sell', '2.00049', '3', '0.001')).toBe('2.000');
  });
});

describe('every pre-check message is translated', () => {
  const en = JSON.parse(readFileSync(join(__dirname, '..', '..', 'public', 'locales', 'en', 'spotExchange.json'), 'utf8')) as { orderMsg?: Record<string, string> };
  const keys = new Set(PRECHECK_CASES.map((r) => r[3]).filter((k): k is string => k !== null));
  it.each([...keys])('orderMsg.%s', (key) => {
    expect(typeof en.orderMsg?.[key]).toBe('string');
  });
});

// Fourth walkthrough: a quantity below the minimum was told only on submit.
describe('a quantity or value below the minimum, told at once', () => {
  it('names the field, the minimum and its unit; empty and zero wait for the submit check', () => {
    const btc = { ...LIMITS, minQty: '0.000048', minAmount: '1', base: 'BTC', quote: 'USDT' };
    expect(belowMinimum({ qty: '0.0000001', amount: '' }, btc)).toEqual({ key: 'minQty', field: 'qty', params: { min: '0.000048 BTC' } });
    expect(belowMinimum({ qty: '', amount: '0.5' }, btc)).toEqual({ key: 'minAmount', field: 'amount', params: { min: '1 USDT' } });
    expect(belowMinimum({ qty: '', amount: '' }, LIMITS)).toBeNull();
    expect(belowMinimum({ qty: '0', amount: '0.0' }, LIMITS)).toBeNull();
    expect(belowMinimum({ qty: LIMITS.minQty, amount: '' }, LIMITS)).toBeNull();
  });
});
