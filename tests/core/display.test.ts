// What a person reads: amounts at the asset's display precision with thousands separators,
// pairs as BASE/QUOTE, dates in the page's language, exchange order types as label keys.
import { describe, expect, it } from 'vitest';
import { formatDateTimeIn } from '../../src/core/datetime.ts';
import { formatGrouped } from '../../src/core/format.ts';
import { executionTypeLabelKey } from '../../src/core/order-status.ts';
import { assetDecimals, FALLBACK_ASSET_DECIMALS, pairOfId, type SpotSymbol } from '../../src/core/symbols.ts';

const sym = (symbolId: string, base: string, quote: string, pricePrecision: number, quantityPrecision: number): SpotSymbol => ({
  symbolId, symbolName: symbolId, baseTokenName: base, quoteTokenName: quote, tickSize: '', lotSize: '', pricePrecision, quantityPrecision,
  amountPrecision: 8, minTradeQuantity: '', maxTradeQuantity: '', minTradeAmount: '', maxTradeAmount: '', digitMerge: '', mark: '', tradeStatus: 'Trading', isBanBuy: false, isBanSell: false, margin: false,
});
// As the local exchange lists them (server/exchange/symbols.ts): USDT quotes at 0.01 up to 0.00000001.
const LIST = [sym('BTCUSDT', 'BTC', 'USDT', 2, 6), sym('XRPUSDT', 'XRP', 'USDT', 4, 2), sym('ETHBTC', 'ETH', 'BTC', 6, 4), sym('ETHUSDT', 'ETH', 'USDT', 2, 5), sym('PEPEUSDT', 'PEPE', 'USDT', 8, 0)];

describe('formatGrouped', () => {
  it('groups thousands and keeps the given decimals, truncating amounts', () => {
    expect(formatGrouped('100000.00000000', 4)).toBe('100,000.0000');
    expect(formatGrouped('1234567.891', 2)).toBe('1,234,567.89');
    expect(formatGrouped('0.5', 4)).toBe('0.5000');
    expect(formatGrouped('1234.9', 0)).toBe('1,234');
  });
  it('rounds prices half-up when asked', () => {
    expect(formatGrouped('97000.125', 2, 'half-up')).toBe('97,000.13');
  });
  it('shows a value of unknown precision as sent, without trailing zeros', () => {
    expect(formatGrouped('3086.2500', undefined)).toBe('3,086.25');
    expect(formatGrouped('0.00308625', undefined)).toBe('0.00308625');
    expect(formatGrouped('1000', undefined)).toBe('1,000');
  });
  it('shows -- for nothing', () => {
    expect(formatGrouped('', 2)).toBe('--');
    expect(formatGrouped(undefined, 2)).toBe('--');
    expect(formatGrouped('abc', 2)).toBe('--');
  });
});

describe('assets and pairs', () => {
  it("an asset's display precision: a base's finest quantity step, a quote-only asset like money", () => {
    expect(assetDecimals(LIST, 'USDT')).toBe(2);
    expect(assetDecimals(LIST, 'BTC')).toBe(6);
    expect(assetDecimals(LIST, 'ETH')).toBe(5);
    expect(assetDecimals(LIST, 'PEPE')).toBe(0);
    expect(assetDecimals(LIST, 'DOGE')).toBe(FALLBACK_ASSET_DECIMALS);
    expect(formatGrouped('100000.00000000', assetDecimals(LIST, 'USDT'))).toBe('100,000.00');
  });
  it('names a symbol id as BASE/QUOTE', () => {
    expect(pairOfId(LIST, 'BTCUSDT')).toBe('BTC/USDT');
    expect(pairOfId(LIST, 'ETHBTC')).toBe('ETH/BTC');
    expect(pairOfId(LIST, 'NEWUSDT')).toBe('NEWUSDT');
  });
});

describe('formatDateTimeIn', () => {
  const t = Date.UTC(2026, 10, 5, 14, 7, 9);
  it("uses the page's language, Gregorian dates and Latin digits", () => {
    expect(formatDateTimeIn(t, 'ja', 'UTC')).toBe('2026/11/05 14:07:09');
    expect(formatDateTimeIn(t, 'ar-SA', 'UTC')).toBe('05\u200f/11\u200f/2026، 02:07:09 م');
    expect(formatDateTimeIn(t, 'en', 'UTC')).toBe('11/05/2026, 02:07:09 PM');
    expect(formatDateTimeIn(t, 'ru', 'UTC')).toBe('05.11.2026, 14:07:09');
  });
  it('in the given zone', () => {
    expect(formatDateTimeIn(t, 'ja', 'Asia/Tokyo')).toBe('2026/11/05 23:07:09');
  });
  it('survives an unknown zone and shows -- for no time', () => {
    expect(formatDateTimeIn(t, 'ja', 'Mars/Olympus')).toMatch(/^2026\/11\/0[56] \d{2}:07:09$/);
    expect(formatDateTimeIn(0, 'ja')).toBe('--');
  });
});

describe('executionTypeLabelKey', () => {
  it('maps the wire order types onto the label keys', () => {
    expect(executionTypeLabelKey('Limit')).toBe('limit');
    expect(executionTypeLabelKey('Market')).toBe('market');
    expect(executionTypeLabelKey('LIMIT')).toBe('limit');
    expect(executionTypeLabelKey('Something')).toBe('unknown');
  });
});
