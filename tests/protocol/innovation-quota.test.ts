// Spec 3 "Innovation quota": a unified account's answer is {coin, limit}, a classic one's
// {symbolId, totalAmount, remainAmount}; the page takes what remains from either (issue 34 item 5).
import { describe, expect, test } from 'vitest';
import { remainingOf } from '../../src/protocol/innovation-quota.ts';

describe('innovation quota answers (spec 3)', () => {
  test('UTA: coin and limit; classic: symbolId, totalAmount, remainAmount', () => {
    expect(remainingOf({ coin: 'USDT', limit: '120.5' })).toBe('120.5');
    expect(remainingOf({ symbolId: 'PEPEUSDT', totalAmount: '2000', remainAmount: '400' })).toBe('400');
    expect(remainingOf({ coin: 'USDT', limit: '-1' })).toBe('-1');
  });

  test('a malformed answer gives nothing', () => {
    expect(remainingOf({ coin: 'USDT', limit: 12 })).toBeUndefined();
    expect(remainingOf({ coin: 'USDT' })).toBeUndefined();
    expect(remainingOf(null)).toBeUndefined();
  });
});
