import { describe, expect, it } from 'vitest';
import { formatFiatIn } from '../../src/core/format.ts';
import { decodeFiatRates } from '../../src/protocol/fiat-rates.ts';

describe('fiat values in the chosen currency (spec 2.10, 5.12)', () => {
  it('multiplies exactly and formats with Intl currency formatting in the page language', () => {
    expect(formatFiatIn('100000.5', '1', 'USD', 'en')).toBe('$100,000.50');
    expect(formatFiatIn('100000.5', '0.92', 'EUR', 'de')).toBe('92.000,46\u00a0€');
    expect(formatFiatIn('100000', '155.3', 'JPY', 'ja')).toBe('￥15,530,000.00');
    expect(formatFiatIn('2', '1385.5', 'KRW', 'ko')).toBe('₩2,771.00');
    expect(formatFiatIn('10', '34.2', 'TRY', 'tr')).toBe('₺342,00');
    expect(formatFiatIn('10', '5.68', 'BRL', 'pt-BR')).toBe('R$\u00a056,80');
    expect(formatFiatIn('10', '7.24', 'CNY', 'zh-CN')).toBe('¥72.40');
  });

  it('keeps a small value\'s digits to the first non-zero one, cut (5.12)', () => {
    expect(formatFiatIn('0.000123', '1', 'USD', 'en')).toBe('$0.0001');
    expect(formatFiatIn('0.0456', '1', 'USD', 'en')).toBe('$0.05');
  });

  it('says nothing without a price or a rate', () => {
    expect(formatFiatIn('', '1', 'USD', 'en')).toBe('--');
    expect(formatFiatIn('1', null, 'EUR', 'en')).toBe('--');
  });

  it('reads the exchange-rate answer: known currencies with a positive decimal rate; USD is 1', () => {
    const r = decodeFiatRates({ base: 'USD', rates: [{ currency: 'EUR', rate: '0.92' }, { currency: 'XXX', rate: '2' }, { currency: 'JPY', rate: '1e3' }, { currency: 'KRW', rate: '0' }] });
    expect([...r]).toEqual([['USD', '1'], ['EUR', '0.92']]);
    expect([...decodeFiatRates({ base: 'EUR', rates: [] })]).toEqual([['USD', '1']]);
  });
});
