// Spec 5.13's trade preferences: which items an account may switch, what the form then sends, and
// the slippage limit's bounds.
import { describe, expect, it } from 'vitest';
import { createOrderBody } from '../../src/api/order-body.ts';
import { EMPTY_DRAFT, preCheckOrder, type OrderDraft } from '../../src/core/order-rules.ts';
import { availablePrefItems, DEFAULT_TRADE_PREFS, enabledPrefItems, readTradePrefs, type TradePrefContext } from '../../src/core/trade-prefs.ts';

const uta: TradePrefContext = { isUnified: true, isDemo: false, marginMode: false, marginAllowed: true, leverageChecked: false };
const sorted = (s: ReadonlySet<string>) => [...s].sort();

describe('trade-preference items (spec 5.13)', () => {
  it.each<[string, Partial<TradePrefContext>, string[]]>([
    ['unified, no margin mode: TP/SL, post only, time in force, slippage', {}, ['postOnly', 'slippage', 'timeInForce', 'tpsl']],
    ['unified in margin mode with compliance: and spot margin, leverage, borrowed amount', { marginMode: true }, ['borrowedAmount', 'leverage', 'postOnly', 'slippage', 'spotMargin', 'timeInForce', 'tpsl']],
    ['compliance forbids spot margin: no spot margin item', { marginMode: true, marginAllowed: false }, ['borrowedAmount', 'leverage', 'postOnly', 'slippage', 'timeInForce', 'tpsl']],
    ['leverage check on: post only and time in force hidden', { marginMode: true, leverageChecked: true }, ['borrowedAmount', 'leverage', 'slippage', 'spotMargin', 'tpsl']],
    ['demo: none of TP/SL, post only, time in force, slippage', { isDemo: true }, []],
    ['classic: nothing', { isUnified: false, marginMode: true }, []],
  ])('%s', (_name, over, want) => {
    expect(sorted(availablePrefItems({ ...uta, ...over }))).toEqual(want);
  });

  it('reads the switches from the preferences, keeping defaults for missing or odd values', () => {
    expect(readTradePrefs(null)).toEqual(DEFAULT_TRADE_PREFS);
    const p = readTradePrefs({ 'tradePref.tpsl': '0', 'tradePref.postOnly': '1', 'tradePref.slippage': 'yes' });
    expect(p).toMatchObject({ tpsl: false, postOnly: true, slippage: false, timeInForce: false });
    expect(sorted(enabledPrefItems(p, uta))).toEqual(['postOnly']);
  });
});

describe('what the form sends', () => {
  const limit: OrderDraft = { ...EMPTY_DRAFT, kind: 'limit', price: '100', qty: '1' };
  it('a limit order carries its time in force; post only overrides it', () => {
    expect(createOrderBody(limit, 'BTCUSDT', 'c').timeInForce).toBe('GTC');
    expect(createOrderBody({ ...limit, timeInForce: 'IOC' }, 'BTCUSDT', 'c').timeInForce).toBe('IOC');
    expect(createOrderBody({ ...limit, timeInForce: 'FOK', postOnly: true }, 'BTCUSDT', 'c').timeInForce).toBe('PostOnly');
  });
  it("a market order carries a slippage limit as Bybit's Percent tolerance, only when given", () => {
    const market: OrderDraft = { ...EMPTY_DRAFT, kind: 'market', qty: '1' };
    expect(createOrderBody(market, 'BTCUSDT', 'c')).not.toHaveProperty('slippageToleranceType');
    expect(createOrderBody({ ...market, slippage: '0.5' }, 'BTCUSDT', 'c')).toMatchObject({ slippageToleranceType: 'Percent', slippageTolerance: '0.5' });
  });
  it('a leveraged draft borrows (isLeverage=1); others say nothing of it', () => {
    expect(createOrderBody(limit, 'BTCUSDT', 'c')).not.toHaveProperty('isLeverage');
    expect(createOrderBody({ ...limit, isLeverage: true }, 'BTCUSDT', 'c').isLeverage).toBe('1');
  });
  it('the slippage limit must be 0.01 to 10 percent with at most 2 decimals', () => {
    const limits = { tickSize: '0.01', lotSize: '0.001', minQty: '0.001', maxQty: '100', minAmount: '1', maxAmount: '1000000', pricePrecision: 2, amountPrecision: 2 };
    const ctx = { lastPrice: '100', available: '100000', isUnified: true, editing: false, innovationRemaining: null };
    const market: OrderDraft = { ...EMPTY_DRAFT, kind: 'market', qty: '1' };
    for (const ok of ['', '0.01', '2', '10']) expect(preCheckOrder({ ...market, slippage: ok }, limits, ctx), ok).toBeNull();
    for (const bad of ['0', '0.001', '10.01', '11', '1.234']) expect(preCheckOrder({ ...market, slippage: bad }, limits, ctx)?.key, bad).toBe('slippageRange');
  });
});
