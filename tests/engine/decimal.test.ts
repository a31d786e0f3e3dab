import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  decimalToScaled, decimalToTicks, divideToDecimal, formatScaled, parseScale, scaledToDecimal, stepToTicks, ticksToDecimal,
} from '../../src/core/decimal.ts';
import { chooseMergeStep, parseMergeSteps, stepOfScale } from '../../src/core/merge-steps.ts';

describe('decimal codec', () => {
  it('parses plain decimals to exact scaled integers', () => {
    expect(decimalToScaled('43732.01', 2)).toBe(4_373_201);
    expect(decimalToScaled('43730', 2)).toBe(4_373_000);
    expect(decimalToScaled('0.000609', 6)).toBe(609);
    expect(decimalToScaled('1.2300', 2)).toBe(123);
    expect(decimalToScaled('0', 6)).toBe(0);
  });

  it.each(['', '.5', '1.', '-1', '+1', '1e5', ' 1', '1 ', 'NaN', 'Infinity', '0x10', '1.2.3', '١'])('rejects %j', (s) => {
    expect(decimalToScaled(s, 8)).toBeNull();
  });

  it('rejects more precision than the scale and values beyond exact integers', () => {
    expect(decimalToScaled('1.234', 2)).toBeNull();
    expect(decimalToScaled('90071992547409.92', 2)).toBeNull();
    expect(decimalToScaled('90071992547409.91', 2)).toBe(Number.MAX_SAFE_INTEGER);
  });

  it('turns prices into ticks only on the tick grid', () => {
    const half = parseScale('0.5')!;
    expect(half).toEqual({ decimals: 1, units: 5 });
    expect(decimalToTicks('10.5', half)).toBe(21);
    expect(decimalToTicks('10.2', half)).toBeNull();
    expect(ticksToDecimal(21, half)).toBe('10.5');
    expect(ticksToDecimal(4_373_000, parseScale('0.01')!)).toBe('43730.00');
  });

  it('counts merge steps in ticks, refusing steps off the tick grid', () => {
    expect(stepToTicks(parseScale('1')!, parseScale('0.01')!)).toBe(100);
    expect(stepToTicks(parseScale('0.01')!, parseScale('0.01')!)).toBe(1);
    expect(stepToTicks(parseScale('0.1')!, parseScale('0.5')!)).toBeNull();
    expect(parseScale('0')).toBeNull();
  });

  it('rounds divisions half-up in decimal, not in binary', () => {
    // 0.145 is 0.14499999... as a double; the exact rational rounds up.
    expect(divideToDecimal(145, 1000, 2)).toBe('0.15');
    expect(formatScaled(2_186_600_475_64n, 8, 2)).toBe('2186.60');
    expect(formatScaled(5, 0, 3)).toBe('5.000');
    expect(formatScaled(-15, 1, 0)).toBe('-2');
    expect(divideToDecimal(1, 3, 4, 'up')).toBe('0.3334');
    expect(divideToDecimal(2, 3, 2, 'down')).toBe('0.66');
  });

  it('round-trips any scaled integer through its decimal string', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), fc.integer({ min: 0, max: 12 }), (n, d) => {
        const s = scaledToDecimal(n, d);
        expect(decimalToScaled(s, d)).toBe(n);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('merge steps (spec 5.9)', () => {
  it('accepts only steps made of 0, 1 and a dot', () => {
    expect(parseMergeSteps('0.01,0.1,1,10,100')).toEqual(['0.01', '0.1', '1', '10', '100']);
    expect(parseMergeSteps('0.05, 0.1,5,1.,abc,0,,1e1')).toEqual(['0.1']);
  });

  it('uses the saved step if listed, else the one matching the price precision, else the last', () => {
    const list = '0.01,0.1,1,10';
    expect(chooseMergeStep(list, '0.1', 2)).toBe('0.1');
    expect(chooseMergeStep(list, '0.10', 2)).toBe('0.1');
    expect(chooseMergeStep(list, '0.5', 2)).toBe('0.01');
    expect(chooseMergeStep(list, null, 0)).toBe('1');
    expect(chooseMergeStep(list, undefined, 4)).toBe('10');
  });

  it("keeps the default selection '0', shown as 1, when the list has no acceptable step (spec 9)", () => {
    expect(chooseMergeStep('0.05,2', '2', 2)).toBe('1');
    expect(chooseMergeStep('', null, 4)).toBe('1');
    expect(stepOfScale('0')).toBe('1');
    expect(stepOfScale('2')).toBe('0.01');
    expect(stepOfScale('-1')).toBe('10');
  });
});
