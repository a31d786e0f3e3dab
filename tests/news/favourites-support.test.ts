// Favourites merged at login (spec 6) and the support bot's matching (spec 2.16).
import { describe, expect, test } from 'vitest';
import { bestAnswer, wordsOf } from '../../src/core/support-bot.ts';
import { mergeFavourites } from '../../src/state/account/favourites.ts';

describe('favourites merge', () => {
  test('the account’s first, then this browser’s that it lacks, without duplicates', () => {
    expect(mergeFavourites(['ETHUSDT', 'BTCUSDT'], ['BTCUSDT', 'SOLUSDT', 'SOLUSDT'])).toEqual(['ETHUSDT', 'BTCUSDT', 'SOLUSDT']);
    expect(mergeFavourites([], ['XRPUSDT'])).toEqual(['XRPUSDT']);
    expect(mergeFavourites(['A'], [])).toEqual(['A']);
  });
});

describe('support bot', () => {
  const faq = [
    { id: 'fees', keywords: ['fee', 'fees', 'taker'] },
    { id: 'cancel', keywords: ['cancel', 'order'] },
    { id: 'orders', keywords: ['order', 'orders', 'limit'] },
  ];
  test('answers with the entry sharing most words; none in common is no answer', () => {
    expect(bestAnswer(faq, 'What FEES does a taker pay?')?.id).toBe('fees');
    expect(bestAnswer(faq, 'how do I cancel an order')?.id).toBe('cancel');
    expect(bestAnswer(faq, 'limit order types')?.id).toBe('orders');
    expect(bestAnswer(faq, 'can I pay with a cheque')).toBeNull();
    expect(bestAnswer(faq, '')).toBeNull();
  });
  test('words are letters and digits of any script, lower case', () => {
    expect(wordsOf('Fees? 手续费, Комиссия-2')).toEqual(['fees', '手续费', 'комиссия', '2']);
  });
});
