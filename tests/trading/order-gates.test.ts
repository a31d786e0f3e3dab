import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  availableAmount, checkEdit, checkHoverQty, checkQuickOrder, disclaimerFor, quotaRemaining, sideRestricted, tradeGate, trailingAmend, trailingByOf, zoneOf,
  type GateInput,
} from '../../src/core/order-gates.ts';

const usedKeys = new Set<string>();
const key = (k: string) => (usedKeys.add(k), k);

describe('available amount and innovation quota (spec 5.2)', () => {
  it.each([
    ['normal zone: the free balance', { zone: '' as const, quota: '10' }, '500.00'],
    ['innovation buy: capped by the remaining quota', { zone: 'innovation' as const, quota: '120.5' }, '120.50'],
    ['adventure buy: the max buy amount when the account gives one, under the quota', { zone: 'adventure' as const, quota: '400', maxBuyAmount: '300' }, '300.00'],
    ['leverage: the max buy amount may exceed the free balance', { zone: '' as const, maxBuyAmount: '1500' }, '1500.00'],
    ['leverage on an innovation buy: the quota still caps it', { zone: 'innovation' as const, quota: '700', maxBuyAmount: '1500' }, '700.00'],
    ['leverage sell: the max sell quantity', { zone: '' as const, side: 'Sell' as const, maxSellQty: '2.5' }, '2.50'],
    ["quota '--' counts as 0", { zone: 'innovation' as const, quota: '--' }, '0.00'],
    ['quota -1 is unlimited', { zone: 'innovation' as const, quota: '-1' }, '500.00'],
    ["quota '-' is unlimited", { zone: 'innovation' as const, quota: '-' }, '500.00'],
    ['a sell is never capped by the quota', { zone: 'innovation' as const, quota: '1', side: 'Sell' as const }, '500.00'],
  ])('%s', (_n, over, want) => {
    expect(availableAmount({ side: 'Buy', free: '500', decimals: 2, ...over })).toBe(want);
  });
  it('quota parsing', () => {
    expect(quotaRemaining('--')).toBe(0n);
    expect(quotaRemaining('-1')).toBeNull();
    expect(quotaRemaining(-1)).toBeNull();
    expect(zoneOf('innovation,hot')).toBe('innovation');
  });
});

describe('pre-trade gates (spec 5.4)', () => {
  const base: GateInput = { leverageChecked: false, maintenance: false, baseToken: 'BTC', mark: '', accepted: new Set() };
  it.each([
    ['ordinary symbol passes', {}, { ok: true }],
    ['margin status 4: liquidationErrorInfo', { marginStatus: 4 }, { ok: false, message: { key: key('liquidationErrorInfo') } }],
    ['margin status 5 with leverage: overrunErrorInfo', { marginStatus: 5, leverageChecked: true }, { ok: false, message: { key: key('overrunErrorInfo') } }],
    ['margin status 5 without leverage passes', { marginStatus: 5 }, { ok: true }],
    ['maintenance: web2_will_update', { maintenance: true }, { ok: false, message: { key: key('web2_will_update') } }],
    ['SUI needs its disclaimer', { baseToken: 'SUI' }, { ok: false, disclaimer: 'SUI' }],
    ['MNT needs its disclaimer', { baseToken: 'MNT' }, { ok: false, disclaimer: 'MNT' }],
    ['BIT needs its disclaimer', { baseToken: 'BIT' }, { ok: false, disclaimer: 'BIT' }],
    ['innovation zone needs its disclaimer', { baseToken: 'NEW', mark: 'innovation' }, { ok: false, disclaimer: 'innovation' }],
    ['adventure zone needs its disclaimer', { baseToken: 'NEW', mark: 'adventure' }, { ok: false, disclaimer: 'adventure' }],
    ['leveraged tokens need their disclaimer', { baseToken: 'BTC3L' }, { ok: false, disclaimer: 'leveragedToken' }],
    ['an accepted disclaimer passes', { baseToken: 'BTC3L', accepted: new Set(['leveragedToken']) }, { ok: true }],
  ] as const)('%s', (_n, over, want) => {
    expect(tradeGate({ ...base, ...over })).toEqual(want);
  });
  it('disclaimer ids', () => expect(disclaimerFor('ETH', '')).toBe(''));
  it('trade-availability gate (spec 4.4): status 4 with a ban flag restricts that side only', () => {
    expect(sideRestricted('Buy', { isBanBuy: true, isBanSell: false })).toBe(true);
    expect(sideRestricted('Sell', { isBanBuy: true, isBanSell: false })).toBe(false);
    expect(sideRestricted('Sell', { isBanBuy: false, isBanSell: true })).toBe(true);
    expect(sideRestricted('Buy', { isBanBuy: false, isBanSell: false })).toBe(false);
  });
});

describe('editing (spec 5.5)', () => {
  const base = { trailing: false, executedQty: '0.5', isLeverage: false, isUnified: false };
  it.each([
    ['quantity below the executed quantity: modifyQtyLessTips', { newQty: '0.4' }, key('modifyQtyLessTips')],
    ['quantity at the executed quantity passes here (the server wants more)', { newQty: '0.5' }, null],
    ['leveraged order on a classic account: modifyLeverageErrorTips', { isLeverage: true, newQty: '1' }, key('modifyLeverageErrorTips')],
    ['leveraged order on a unified account passes', { isLeverage: true, isUnified: true, newQty: '1' }, null],
    ['trailing edit only needs a value', { trailing: true, trailingValue: '0.1', newQty: '0.1' }, null],
    ['trailing edit with an empty value', { trailing: true, trailingValue: ' ' }, key('trailingValueRequired')],
  ])('%s', (_n, over, want) => {
    expect(checkEdit({ ...base, ...over })?.key ?? null).toBe(want);
  });
});

describe('trailing-stop edits (spec 5.5, 7.4)', () => {
  const byRate = { trailingValue: '', trailingPercentage: '5', activationPrice: '120' };
  const byDistance = { trailingValue: '2.5', trailingPercentage: '', activationPrice: '' };
  it('an order trails by its rate when it has one, else by its distance', () => {
    expect(trailingByOf(byRate)).toBe('percent');
    expect(trailingByOf(byDistance)).toBe('value');
  });
  it('sends a new percentage, or a distance in place of a rate', () => {
    expect(trailingAmend(byRate, { by: 'percent', value: '7.5', activationPrice: '120' })).toEqual({ trailingPercentage: '7.5' });
    expect(trailingAmend(byRate, { by: 'value', value: '3', activationPrice: '120' })).toEqual({ trailingValue: '3' });
  });
  it('sends a new distance, or a rate in place of a distance, and a changed activation price', () => {
    expect(trailingAmend(byDistance, { by: 'value', value: '4', activationPrice: '' })).toEqual({ trailingValue: '4' });
    expect(trailingAmend(byDistance, { by: 'percent', value: '2', activationPrice: '130' })).toEqual({ trailingPercentage: '2', triggerPrice: '130' });
  });
  it('sends nothing when the value is the same number', () => {
    expect(trailingAmend(byRate, { by: 'percent', value: '5.0', activationPrice: '120.00' })).toEqual({});
  });
  it('needs only a non-empty value, whatever the quantity or leverage', () => {
    const edit = { trailing: true, newQty: '0', executedQty: '1', isLeverage: true, isUnified: false };
    expect(checkEdit({ ...edit, trailingValue: '3' })).toBeNull();
    expect(checkEdit({ ...edit, trailingValue: ' ' })?.key).toBe('trailingValueRequired');
  });
});

describe('quick chart order (spec 5.6) and hover order (5.7)', () => {
  const base = { loggedIn: true, side: 'Buy' as const, qty: '1', price: '100', banned: false };
  it.each([
    ['valid', {}, { ok: true }],
    ['logged out: sent to log in', { loggedIn: false }, { ok: false, login: true }],
    ['banned side blocks', { banned: true }, { ok: false, banned: true }],
    ['empty quantity: quick_order_0_tip', { qty: '' }, { ok: false, message: { key: key('quick_order_0_tip') } }],
    ['price 0: quickLimitOrderPriceError', { price: '0' }, { ok: false, message: { key: key('quickLimitOrderPriceError') } }],
  ] as const)('%s', (_n, over, want) => {
    expect(checkQuickOrder({ ...base, ...over })).toEqual(want);
  });
  it.each([
    ['a multiple of the step passes', '0.003', null],
    ['not a multiple: qtyErrorTickTip', '0.0035', key('qtyErrorTickTip')],
  ])('%s', (_n, qty, want) => {
    expect(checkHoverQty(qty, '0.001')?.key ?? null).toBe(want);
  });
});

describe('every gate message is translated', () => {
  const en = JSON.parse(readFileSync(join(__dirname, '..', '..', 'public', 'locales', 'en', 'spotExchange.json'), 'utf8')) as { orderMsg?: Record<string, string> };
  it('has a text for each key used above', () => {
    expect([...usedKeys].filter((k) => typeof en.orderMsg?.[k] !== 'string')).toEqual([]);
    expect(usedKeys.size).toBeGreaterThan(7);
  });
});
