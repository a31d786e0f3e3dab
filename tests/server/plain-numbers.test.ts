// Numeric request fields accept plain decimals only (issue 30 item 5): the shared readers of
// server/http/request.ts, checked on a table and with fast-check.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { plainDecimal, plainInt } from '../../server/http/request.ts';

const NOT_PLAIN = ['0x10', '0X10', '0b10', '0o20', '1e1', '1E1', '16e0', ' 16', '16 ', '\t16', '16\n', '+16', '-16', '16.0', '16.', '.5', 'Infinity', '-Infinity', 'NaN', '', '1_000', '1,000', '１６', '16px', '0x', 'e'];

describe('plainInt', () => {
  test.each(NOT_PLAIN)('refuses %j', (v) => expect(plainInt(v)).toBeUndefined());

  test('takes digits and JSON integers, within the safe range', () => {
    expect(plainInt('16')).toBe(16);
    expect(plainInt('007')).toBe(7);
    expect(plainInt(16)).toBe(16);
    expect(plainInt('9007199254740991')).toBe(Number.MAX_SAFE_INTEGER);
    expect(plainInt('9007199254740992')).toBeUndefined();
    expect(plainInt(1.5)).toBeUndefined();
    expect(plainInt(Number.POSITIVE_INFINITY)).toBeUndefined();
    for (const v of [true, null, undefined, {}, [16]]) expect(plainInt(v)).toBeUndefined();
  });
});

describe('plainDecimal', () => {
  test.each([...NOT_PLAIN.filter((v) => v !== '16.0' && v !== '-16'), '1.5e3', '0x1.8', ' 0.5', '0.5 ', '+0.5', '-0.5', '1..2'])('refuses %j', (v) => expect(plainDecimal(v)).toBeUndefined());

  test('takes plain decimals and finite JSON numbers written that way', () => {
    expect(plainDecimal('0.5')).toBe(5n * 10n ** 17n);
    expect(plainDecimal('16.0')).toBe(16n * 10n ** 18n);
    expect(plainDecimal(0.5)).toBe(5n * 10n ** 17n);
    expect(plainDecimal(1e21)).toBeUndefined();
    expect(plainDecimal(Number.NaN)).toBeUndefined();
  });
});

/** Plain digits with something that makes them not plain: a prefix, a suffix, or a character inside. */
const notPlain = fc
  .tuple(
    fc.stringMatching(/^\d{1,8}$/),
    fc.constantFrom('0x', '0X', '0b', '0o', '+', '-', ' ', '\t', '\n', '\u00a0', '.', ''),
    fc.constantFrom('e1', 'E-2', ' ', '\n', '.', '.0', 'n', '_0', '', 'x'),
    fc.integer({ min: 0, max: 8 }),
    fc.constantFrom('', ' ', ',', '_', 'e', 'x', 'a', '/'),
  )
  .map(([digits, pre, post, at, inside]) => {
    const i = Math.min(at, digits.length);
    return `${pre}${digits.slice(0, i)}${inside}${digits.slice(i)}${post}`;
  })
  .filter((s) => !/^\d+$/.test(s));

describe('property', () => {
  test('plainInt refuses every non-plain string, and reads every plain one as its decimal value', () => {
    fc.assert(fc.property(notPlain, (s) => plainInt(s) === undefined), { numRuns: 3000 });
    fc.assert(fc.property(fc.string({ maxLength: 12 }), (s) => (plainInt(s) !== undefined) === (/^\d{1,16}$/.test(s) && Number.isSafeInteger(Number(s)))), { numRuns: 3000 });
    fc.assert(fc.property(fc.nat(), (n) => plainInt(String(n)) === n));
  });

  test('plainDecimal refuses every string that is not digits with an optional fraction', () => {
    fc.assert(fc.property(fc.string({ maxLength: 16 }), (s) => plainDecimal(s) === undefined || /^\d{1,30}(\.\d{1,30})?$/.test(s)), { numRuns: 3000 });
    fc.assert(fc.property(notPlain.filter((s) => !/^\d+\.\d+$/.test(s)), (s) => plainDecimal(s) === undefined), { numRuns: 3000 });
  });
});
