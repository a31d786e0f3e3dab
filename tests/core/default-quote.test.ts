import { describe, expect, it } from 'vitest';
import { FALLBACK_QUOTE } from '../../src/core/constants.ts';
import { defaultQuoteFrom, isDefaultQuoteCandidate } from '../../src/core/default-quote.ts';
import { defaultPairPath, resolveRoute, withLocale } from '../../src/core/routes.ts';

// Spec 2.1 / 2.17: the default pair is BTC with the stored default quote coin, not a constant.
describe('the stored default quote', () => {
  it('a stored coin is the default quote, upper-cased', () => {
    expect(defaultQuoteFrom('USDC')).toBe('USDC');
    expect(defaultQuoteFrom('eur')).toBe('EUR');
  });
  it('nothing usable stored: the fallback', () => {
    for (const v of [undefined, null, '', 42, 'U$D', 'BTC', 'X'.repeat(21)]) expect(defaultQuoteFrom(v)).toBe(FALLBACK_QUOTE);
  });
  it('only a quote BTC trades against becomes the default', () => {
    const symbols = [
      { baseTokenName: 'BTC', quoteTokenName: 'USDT' },
      { baseTokenName: 'BTC', quoteTokenName: 'USDC' },
      { baseTokenName: 'ETH', quoteTokenName: 'BTC' },
      { baseTokenName: 'ETH', quoteTokenName: 'EUR' },
    ];
    expect(isDefaultQuoteCandidate(symbols, 'USDC')).toBe(true);
    expect(isDefaultQuoteCandidate(symbols, 'BTC')).toBe(false);
    expect(isDefaultQuoteCandidate(symbols, 'EUR')).toBe(false);
  });
  it('routes send the default pair to BTC with that quote', () => {
    expect(defaultPairPath('en', 'USDC')).toBe('/en/trade/spot/BTC/USDC');
    expect(resolveRoute('/trade/spot/', '', '', 'ja', 'USDC')).toEqual({ kind: 'redirect', to: '/ja/trade/spot/BTC/USDC' });
    expect(resolveRoute('/elsewhere', '', '', 'en', 'EUR')).toEqual({ kind: 'redirect', to: '/en/trade/spot/BTC/EUR' });
    expect(withLocale('/somewhere', 'es', 'USDC')).toBe('/es/trade/spot/BTC/USDC');
  });
});
