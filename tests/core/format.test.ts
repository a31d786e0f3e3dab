import { describe, expect, it } from 'vitest';
import { abbreviate, formatAmountIn, formatChangePercent, formatLegal, formatPrice, formatQuantity, groupThousands, roundDecimal } from '../../src/core/format.ts';

describe('formatting (spec 5.12)', () => {
  it('prices use the symbol precision, 13 when unknown', () => {
    expect(formatPrice('97000.1', 2)).toBe('97000.10');
    expect(formatPrice('97000.125', 2)).toBe('97000.13');
    expect(formatPrice('0.1', undefined)).toBe('0.1000000000000');
    expect(formatPrice('1234567.5', 2, true)).toBe('1,234,567.50');
  });

  it('quantities use the symbol precision, 8 when unknown, and never round up', () => {
    expect(formatQuantity('0.123456789', 6)).toBe('0.123456');
    expect(formatQuantity('1', undefined)).toBe('1.00000000');
  });

  it('decimal rounding is exact where floats are not', () => {
    // 1.005 is 1.00499999… as a double; on strings it rounds half up.
    expect(roundDecimal('1.005', 2)).toBe('1.01');
    expect(roundDecimal('-0.001', 2)).toBe('0.00');
  });

  it('large values are abbreviated K, M, B, T', () => {
    expect(abbreviate('999.999')).toBe('999.99');
    expect(abbreviate('1234')).toBe('1.23K');
    expect(abbreviate('1234567.89')).toBe('1.23M');
    expect(abbreviate('98765432101')).toBe('98.76B');
    expect(abbreviate('5000000000000')).toBe('5.00T');
    expect(abbreviate('-1500')).toBe('-1.50K');
  });

  it('legal-currency values keep digits to the first non-zero one when small', () => {
    expect(formatLegal('0.000123')).toBe('0.0001');
    expect(formatLegal('0.0456')).toBe('0.05');
    expect(formatLegal('0.5')).toBe('0.50');
    expect(formatLegal('12345.678')).toBe('12,345.68');
    expect(formatLegal('0')).toBe('0.00');
  });

  it('change percent has 2 decimals and a plus sign when positive', () => {
    expect(formatChangePercent('0.0123')).toBe('+1.23%');
    expect(formatChangePercent('-0.05')).toBe('-5.00%');
    expect(formatChangePercent('0')).toBe('0.00%');
    expect(formatChangePercent('0.00004')).toBe('0.00%');
    expect(formatChangePercent('1')).toBe('+100.00%');
  });

  it('empty or malformed values show --', () => {
    for (const f of [(s: string) => formatPrice(s, 2), (s: string) => abbreviate(s), formatLegal, formatChangePercent]) {
      expect(f('')).toBe('--');
      expect(f('abc')).toBe('--');
      expect(f('1e5')).toBe('--');
    }
    expect(formatPrice(undefined, 2)).toBe('--');
  });

  it('groups thousands', () => {
    expect(groupThousands('1234567')).toBe('1,234,567');
    expect(groupThousands('-1234.5')).toBe('-1,234.5');
    expect(groupThousands('12')).toBe('12');
  });
});

describe('formatAmountIn (spec 5.12: an amount at its coin precision)', () => {
  it('truncates to exactly the coin places, grouped in the page language, exact from the string', () => {
    expect(formatAmountIn('8994.32808', 'en', 2)).toBe('8,994.32');
    expect(formatAmountIn('-26.973', 'en', 4)).toBe('-26.9730');
    // Something is never written as nothing: under the coin's places, the digits it has.
    expect(formatAmountIn('0.0000001', 'en', 6)).toBe('0.0000001');
    expect(formatAmountIn('0.000000814', 'en', 6)).toBe('0.000000814');
    // ... to four significant digits at most (issue 33: a fee of 0.005265645 USDT in nine raw places).
    expect(formatAmountIn('0.005265645', 'en', 2)).toBe('0.005265');
    expect(formatAmountIn('-0.0000000545678', 'en', 6)).toBe('-0.00000005456');
    // A loss in BTC at P&L's four places (fourth walkthrough: -0.000037474504 BTC read '0.0000').
    expect(formatAmountIn('-0.000037474504', 'en', 4)).toBe('-0.00003747');
    expect(formatAmountIn('0', 'en', 6)).toBe('0.000000');
    expect(formatAmountIn('0.00000000', 'en', 2)).toBe('0.00');
    expect(formatAmountIn('12345678901234567.99', 'en', 2)).toBe('12,345,678,901,234,567.99');
    expect(formatAmountIn('1234.5', 'de', 2)).toBe('1.234,50');
    expect(formatAmountIn('1234.5', 'ar-SA', 2)).toMatch(/^1[,٬]234[.٫]50$/);
    expect(formatAmountIn('x', 'en', 2)).toBe('--');
  });
});
