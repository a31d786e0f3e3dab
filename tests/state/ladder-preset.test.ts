import { describe, expect, it } from 'vitest';
import { defaultPresetQty } from '../../src/state/trading/ladder.ts';

describe("the ladder's default preset size", () => {
  it('is ten times the minimum order quantity, at the quantity step', () => {
    expect(defaultPresetQty({ minTradeQuantity: '0.000048', lotSize: '0.000001', quantityPrecision: 6 })).toBe('0.000480');
    expect(defaultPresetQty({ minTradeQuantity: '0.15', lotSize: '0.2', quantityPrecision: 1 })).toBe('1.4');
    expect(defaultPresetQty({ minTradeQuantity: '1', lotSize: '1', quantityPrecision: 0 })).toBe('10');
  });

  it('is one step when ten minimums round to nothing', () => {
    expect(defaultPresetQty({ minTradeQuantity: '0', lotSize: '0.01', quantityPrecision: 2 })).toBe('0.01');
  });
});
