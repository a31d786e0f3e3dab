import { describe, expect, test } from 'vitest';
import { checkRedemption, checkSubscription, type LtRules } from '../../src/core/lt-checks.ts';

const OK: LtRules = { st: 1, nav: '1.25', riskState: 0, riskSwitchStatus: 1, minPurchase: '100', maxPurchase: '10000', minRedeem: '80', maxRedeem: '8000' };

// Each row breaks one rule while every later rule is broken too: the earlier check must win,
// which pins the spec's order (5.10: 1 amount, 2 balance, 3 closed, 4 position change, 5 closing
// position, 6 NAV, 7 wear warning, 8 max, 9 min).
const ALL_BAD: Partial<LtRules> = { st: 5, riskState: 4, nav: '0', maxPurchase: '1', minPurchase: '1000000' };

describe('spec 5.10 subscription checks, in order', () => {
  test.each<[string, string, string, Partial<LtRules>, string | undefined]>([
    ['empty amount', '', '500', ALL_BAD, 'lt.sub.failedInputAmount'],
    ['zero amount', '0', '500', ALL_BAD, 'lt.sub.failedInputAmount'],
    ['not a number', 'abc', '500', ALL_BAD, 'lt.sub.failedInputAmount'],
    ['above the available quote', '500.01', '500', { ...ALL_BAD, st: 3 }, 'lt.sub.quoteNotEnough'],
    ['all of the available quote passes check 2', '500', '500', { st: 3 }, 'lt.sub.failedClosed'],
    ['status 3 is closed', '200', '500', { ...ALL_BAD, st: 3 }, 'lt.sub.failedClosed'],
    ['status 4 is closed', '200', '500', { ...ALL_BAD, st: 4 }, 'lt.sub.failedClosed'],
    ['status 2 (purchase only) is open', '200', '500', { st: 2 }, undefined],
    ['status 5 is a position change', '200', '500', ALL_BAD, 'lt.sub.failedChangePosition'],
    ['riskState 4 with the feature on', '200', '500', { ...ALL_BAD, st: 1 }, 'lt.sub.failedClosePosition'],
    ['riskState 4 with the feature off passes', '200', '500', { riskState: 4, riskSwitchStatus: 0 }, undefined],
    ['nav zero is invalid', '200', '500', { ...ALL_BAD, st: 1, riskState: 0 }, 'lt.sub.failedInvalidValue'],
    ['above maxPurchase', '10000.01', '20000', { riskState: 5, minPurchase: '1000000' }, 'lt.sub.maxAmount'],
    ['maxPurchase itself passes', '10000', '20000', {}, undefined],
    ['below minPurchase', '99.99', '500', {}, 'lt.sub.minAmount'],
    ['minPurchase itself passes', '100', '500', {}, undefined],
  ])('%s', (_name, amount, available, rules, key) => {
    const r = checkSubscription(amount, available, { ...OK, ...rules }, 'USDT');
    expect(r.ok ? undefined : r.key).toBe(key);
  });

  test('riskState 5 only warns (check 7), and later checks still run', () => {
    expect(checkSubscription('200', '500', { ...OK, riskState: 5 }, 'USDT')).toEqual({ ok: true, warning: { key: 'lt.sub.failedWearPosition' } });
    expect(checkSubscription('20', '500', { ...OK, riskState: 5 }, 'USDT')).toEqual({ ok: false, key: 'lt.sub.minAmount', params: { min: '100', quote: 'USDT' } });
  });

  test('messages carry the quote name and the limit', () => {
    expect(checkSubscription('20000', '30000', OK, 'USDT')).toEqual({ ok: false, key: 'lt.sub.maxAmount', params: { max: '10000', quote: 'USDT' } });
    expect(checkSubscription('600', '500', OK, 'USDT')).toEqual({ ok: false, key: 'lt.sub.quoteNotEnough', params: { quote: 'USDT' } });
  });
});

// 5.11: 1 quantity, 2 balance, 3 closed (st 2 or 4), 4 position change, 5 riskState 4, 6 NAV, 7 min, 8 max.
const ALL_BAD_R: Partial<LtRules> = { st: 5, riskState: 4, nav: '0', minRedeem: '1000000', maxRedeem: '1' };

describe('spec 5.11 redemption checks, in order', () => {
  test.each<[string, string, string, Partial<LtRules>, string | undefined]>([
    ['empty quantity', '', '500', ALL_BAD_R, 'lt.red.failedInputQuantity'],
    ['zero quantity', '0.000', '500', ALL_BAD_R, 'lt.red.failedInputQuantity'],
    ['above the available base', '500.001', '500', { ...ALL_BAD_R, st: 2 }, 'lt.red.amountNotEnough'],
    ['status 2 is closed for redemption', '100', '500', { ...ALL_BAD_R, st: 2 }, 'lt.red.failedClosed'],
    ['status 4 is closed', '100', '500', { ...ALL_BAD_R, st: 4 }, 'lt.red.failedClosed'],
    ['status 3 (redemption only) is open', '100', '500', { st: 3 }, undefined],
    ['status 5 is a position change', '100', '500', ALL_BAD_R, 'lt.red.failedChangePosition'],
    ['riskState 4 fails whatever the switch', '100', '500', { ...ALL_BAD_R, st: 1, riskSwitchStatus: 0 }, 'lt.red.failedWearPosition'],
    ['riskState 5 does not stop a redemption', '100', '500', { riskState: 5 }, undefined],
    ['nav zero fails', '100', '500', { ...ALL_BAD_R, st: 1, riskState: 0 }, 'lt.red.failedNetWorth'],
    ['below minRedeem (checked before max)', '79.999', '500', { maxRedeem: '1' }, 'lt.red.minQuantity'],
    ['minRedeem itself passes', '80', '500', {}, undefined],
    ['above maxRedeem', '8000.001', '9000', {}, 'lt.red.maxQuantity'],
    ['maxRedeem itself passes', '8000', '9000', {}, undefined],
  ])('%s', (_name, qty, available, rules, key) => {
    const r = checkRedemption(qty, available, { ...OK, ...rules }, 'BTC3L');
    expect(r.ok ? undefined : r.key).toBe(key);
  });

  test('messages carry the base name and the limit', () => {
    expect(checkRedemption('10', '500', OK, 'BTC3L')).toEqual({ ok: false, key: 'lt.red.minQuantity', params: { min: '80', base: 'BTC3L' } });
    expect(checkRedemption('9000', '9500', OK, 'BTC3L')).toEqual({ ok: false, key: 'lt.red.maxQuantity', params: { max: '8000', base: 'BTC3L' } });
  });
});
