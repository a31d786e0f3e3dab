// The fixed-point and short-decimal parts of the one decimal module (src/core/decimal.ts) that the
// page's forms and the exchange's accounts and feeds share; the tick codec has tests/engine/decimal.test.ts.
import { describe, expect, it } from 'vitest';
import {
  amount, decimalPlaces, floatToSteps, fx, fxCeilTo, fxDiv, fxFloorTo, fxMul, fxMulUp, fxPlain, fxText, parseAmount, parseScale,
  scaledToShortDecimal, stepsToFloat, stepsToShortDecimal, writtenDecimals,
} from '../../src/core/decimal.ts';

describe('fixed point (10^18)', () => {
  it('parseAmount takes non-negative decimals only; digits past the 18th must be zeros', () => {
    expect(parseAmount('0.01')).toBe(10n ** 16n);
    expect(parseAmount('28000')).toBe(28000n * 10n ** 18n);
    expect(parseAmount('1.' + '0'.repeat(18) + '000')).toBe(10n ** 18n);
    expect(parseAmount('1.' + '0'.repeat(18) + '001')).toBeUndefined();
    for (const bad of ['-1', ' 1', '1e3', '.5', '1.', '']) expect(parseAmount(bad)).toBeUndefined();
    expect(() => amount('x')).toThrow(/not a decimal amount/);
  });

  it('fx takes signed decimals (blanks around ignored) up to 18 places', () => {
    expect(fx(' -1.5 ')).toBe(-15n * 10n ** 17n);
    expect(fx('1.' + '1'.repeat(19))).toBeNull();
    expect(fx(null)).toBeNull();
  });

  it('fxPlain is the shortest form (with a minimum of places); fxText has exactly the places asked, rounded down', () => {
    expect(fxPlain(amount('1.50'))).toBe('1.5');
    expect(fxPlain(amount('100'))).toBe('100');
    expect(fxPlain(0n)).toBe('0');
    expect(fxPlain(-fx('0.25')!)).toBe('-0.25');
    expect(fxPlain(amount('2'), 2)).toBe('2.00');
    expect(fxText(amount('0.0129'), 2)).toBe('0.01');
    expect(fxText(amount('0.01'), 6)).toBe('0.010000');
    expect(fxText(amount('0.0125'), 3, 'half-up')).toBe('0.013');
  });

  it('products and quotients truncate; fxMulUp rounds up (locks); floor and ceil snap to a step', () => {
    const third = fxDiv(amount('1'), amount('3'));
    expect(fxPlain(third)).toBe('0.333333333333333333');
    expect(fxMul(third, amount('3'))).toBe(amount('0.999999999999999999'));
    expect(fxMulUp(third, amount('3'))).toBe(amount('0.999999999999999999'));
    expect(fxMulUp(1n, 1n)).toBe(1n);
    expect(fxMul(1n, 1n)).toBe(0n);
    const tick = amount('0.05');
    expect(fxPlain(fxFloorTo(amount('1.23'), tick))).toBe('1.2');
    expect(fxPlain(fxCeilTo(amount('1.23'), tick))).toBe('1.25');
    expect(fxPlain(fxFloorTo(-amount('1.23'), tick))).toBe('-1.25');
    expect(() => fxDiv(1n, 0n)).toThrow(RangeError);
  });

  it('decimalPlaces counts significant decimals of a step, writtenDecimals the written ones', () => {
    expect(decimalPlaces('0.010')).toBe(2);
    expect(writtenDecimals('0.010')).toBe(3);
    expect(decimalPlaces('10')).toBe(0);
    expect(writtenDecimals('10')).toBe(0);
    expect(writtenDecimals('0.000001')).toBe(6);
  });
});

describe('short decimals (the exchange writes whole steps without trailing zeros)', () => {
  it('ticks and lots become Bybit-style strings', () => {
    const tick = parseScale('0.01')!;
    expect(stepsToShortDecimal(4373000, tick)).toBe('43730');
    expect(stepsToShortDecimal(4372410, tick)).toBe('43724.1');
    expect(stepsToShortDecimal(5n, parseScale('0.5')!)).toBe('2.5');
    expect(scaledToShortDecimal(-1, 2)).toBe('-0.01');
    expect(scaledToShortDecimal(0, 3)).toBe('0');
  });

  it('floats (the simulator only) go to the nearest step and back', () => {
    const lot = parseScale('0.000001')!;
    expect(floatToSteps(0.0123456789, lot)).toBe(12346);
    expect(stepsToFloat(12346, lot)).toBeCloseTo(0.012346, 12);
  });
});
