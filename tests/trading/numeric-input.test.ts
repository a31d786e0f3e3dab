import { describe, expect, it } from 'vitest';
import { clampDecimal, sanitizeNumeric, settledToMax, settleNumeric, snapToTick } from '../../src/core/numeric-input.ts';

describe('numeric input while typing (spec 5.8)', () => {
  it.each([
    ['digits pass', '123', 2, '123'],
    ['letters and signs are dropped', 'a1-2e3+', 2, '123'],
    ['only the first point counts', '1.2.3', 4, '1.23'],
    ['a comma acts as the point', '1,5', 2, '1.5'],
    ['the fraction is truncated, never rounded', '1.23999', 2, '1.23'],
    ['precision 0 takes no point', '12.7', 0, '127'],
    ['a leading point gets a zero', '.5', 2, '0.5'],
    ['leading zeros collapse', '0007.1', 2, '7.1'],
    ['a trailing point stays while typing', '3.', 2, '3.'],
    ['empty stays empty', '', 2, ''],
    // Fourth walkthrough: 0.0000001 BTC became 0.000000; what the precision would cut to zero stays as typed.
    ['a value the precision would zero is kept as typed', '0.0000001', 6, '0.0000001'],
    ['zeros alone are cut as before', '0.0000000', 6, '0.000000'],
    ['a value the precision keeps non-zero is cut', '0.0012345', 6, '0.001234'],
  ])('%s', (_name, raw, precision, want) => {
    expect(sanitizeNumeric(raw, precision)).toBe(want);
  });
});

describe('snapping and clamping (spec 5.8)', () => {
  it.each([
    ['tick of 1 unit', '100.237', '0.01', '100.23'],
    ['tick of 2 units snaps down to an even step', '100.237', '0.02', '100.22'],
    ['tick of 5 units', '100.237', '0.05', '100.20'],
    ['integer tick of 5', '1234', '5', '1230'],
    ['an exact multiple is kept', '0.10', '0.05', '0.10'],
  ])('%s', (_name, value, tick, want) => {
    expect(snapToTick(value, tick)).toBe(want);
  });

  it.each([
    ['below min becomes min', '0.5', '1', '10', '1'],
    ['above max becomes max', '11', '1', '10', '10'],
    ['inside keeps its text', '5.50', '1', '10', '5.50'],
    ['missing bounds are open', '99', undefined, undefined, '99'],
  ])('%s', (_name, value, min, max, want) => {
    expect(clampDecimal(value, min, max)).toBe(want);
  });

  it('settling sanitizes, snaps, then clamps', () => {
    expect(settleNumeric('12.345x', { precision: 2, tick: '0.05', min: '0.05', max: '12' })).toBe('12');
    expect(settleNumeric('0.0199', { precision: 4, tick: '0.01', min: '0.01' })).toBe('0.01');
    expect(settleNumeric('3.', { precision: 2 })).toBe('3');
    expect(settleNumeric('', { precision: 2, min: '1' })).toBe('');
  });

  it('settling never makes something nothing; a value above the maximum is clamped and says so', () => {
    expect(settleNumeric('0.0000001', { precision: 6, tick: '0.000001', max: '71' })).toBe('0.0000001');
    expect(settleNumeric('0.0000015', { precision: 6, tick: '0.000002', max: '71' })).toBe('0.000001');
    expect(settleNumeric('0.000003', { precision: 6, tick: '0.000002', max: '71' })).toBe('0.000002');
    const amount = { precision: 2, max: '4000000' };
    expect(settleNumeric('5000000', amount)).toBe('4000000');
    expect(settledToMax('5000000', settleNumeric('5000000', amount), amount)).toBe(true);
    expect(settledToMax('3000000', settleNumeric('3000000', amount), amount)).toBe(false);
  });
});
