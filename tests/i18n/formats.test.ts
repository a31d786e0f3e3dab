// Dates per locale (issue 19 item 8): every shipped locale is a tag Intl knows as that language,
// and its dates read in that language with the Gregorian year and Latin digits, like the page's
// prices (fa and ar-SA would otherwise get their own calendars and digits, th the Buddhist year).
import { describe, expect, it } from 'vitest';
import { formatDateTimeIn, formatDayIn, formatTimeIn, zoneOffsetLabel } from '../../src/core/datetime.ts';
import { formatDecimalIn, formatPercentIn } from '../../src/core/format.ts';
import { SUPPORTED_LOCALES } from '../../src/core/locale.ts';

const T = Date.UTC(2026, 10, 5, 14, 7, 9);

describe('dates in every locale', () => {
  for (const locale of SUPPORTED_LOCALES) {
    it(`${locale}: Intl formats it as its own language, Gregorian, Latin digits`, () => {
      const resolved = new Intl.DateTimeFormat(locale).resolvedOptions().locale;
      expect(resolved.split('-')[0], `${locale} resolves to ${resolved}`).toBe(locale.split('-')[0]);
      const s = formatDateTimeIn(T, locale, 'UTC');
      expect(s).toContain('2026');
      expect(s).toMatch(/05|5/);
      // Any digit is 0-9: no Arabic-Indic, Persian, Thai or other native digits.
      expect([...s].filter((c) => /\p{Nd}/u.test(c) && !/[0-9]/.test(c)), `${locale}: ${s}`).toEqual([]);
    });
  }

  it('reads as each language writes dates', () => {
    expect(formatDateTimeIn(T, 'fa', 'UTC')).toBe('2026/11/05, 14:07:09');
    expect(formatDateTimeIn(T, 'th', 'UTC')).toBe('05/11/2026 14:07:09');
    expect(formatDateTimeIn(T, 'de', 'UTC')).toBe('05.11.2026, 14:07:09');
    expect(formatDateTimeIn(T, 'ko', 'UTC')).toBe('2026. 11. 05. PM 02:07:09');
  });
});

describe('dates alone, times alone, calendar days', () => {
  it('the time alone as formatDateTimeIn writes it, and calendar days, in the page language', () => {
    expect(formatTimeIn(T, 'de', 'UTC')).toBe('14:07:09');
    expect(formatTimeIn(T, 'en', 'UTC')).toBe('02:07:09 PM');
    expect(formatDayIn('2026-11-05', 'en')).toBe('11/05/2026');
    // As the tables write a date (formatDateTimeIn's date part).
    expect(formatDateTimeIn(Date.UTC(2026, 10, 5, 12), 'en', 'UTC')).toContain(formatDayIn('2026-11-05', 'en'));
    expect(formatDayIn('2026-11-05', 'de')).toBe('05.11.2026');
    expect(formatDayIn('2026-11-05', 'fa')).toContain('2026');
    expect([...formatDayIn('2026-11-05', 'ar-SA')].filter((c) => /\p{Nd}/u.test(c) && !/[0-9]/.test(c))).toEqual([]);
    expect(formatDayIn('not a day', 'en')).toBe('--');
    expect(formatTimeIn(0, 'en')).toBe('--');
  });
});

describe('money and ratios in the page language', () => {
  it("write the decimal string exactly (no binary float), with the language's grouping and Latin digits", () => {
    expect(formatDecimalIn('12345678901234567.123456789', 'en')).toBe('12,345,678,901,234,567.12345679');
    expect(formatDecimalIn('1234.5', 'de')).toBe('1.234,5');
    expect(formatDecimalIn('1234.5', 'ar-SA')).toMatch(/^1[^0-9]?234[^0-9]5$/);
    expect(formatDecimalIn('-0.00001', 'en', 4)).toBe('0');
    expect(formatDecimalIn('0.1', 'en', 4)).toBe('0.1');
    expect(formatDecimalIn('1e3', 'en')).toBe('--');
    expect(formatPercentIn('0.15', 'en', 2, 2)).toBe('15.00%');
    expect(formatPercentIn('0.000123', 'en', 6)).toBe('0.0123%');
    expect(formatPercentIn('', 'en', 2)).toBe('--');
  });
});

describe('numbers in every locale', () => {
  // bn would otherwise write prices in Bengali digits (১২৩), like ar-SA and fa in theirs (issue 34 item 3).
  for (const locale of SUPPORTED_LOCALES) {
    it(`${locale}: amounts and percentages in Latin digits`, () => {
      for (const s of [formatDecimalIn('1234567.89', locale, 2), formatPercentIn('0.1234', locale, 2, 2)]) {
        expect(s, `${locale}: ${s}`).toMatch(/[0-9]/);
        expect([...s].filter((c) => /\p{Nd}/u.test(c) && !/[0-9]/.test(c)), `${locale}: ${s}`).toEqual([]);
      }
    });
  }
});

describe('zoneOffsetLabel (issue 33 item 4: a time says its zone)', () => {
  const NOV = Date.UTC(2026, 10, 28, 12);
  const JUL = Date.UTC(2026, 6, 1, 12);
  it('writes the offset from UTC at that moment, in Latin digits', () => {
    expect(zoneOffsetLabel('UTC', NOV)).toBe('UTC');
    expect(zoneOffsetLabel('Asia/Tokyo', NOV)).toBe('UTC+9');
    expect(zoneOffsetLabel('America/New_York', NOV)).toBe('UTC-5');
    expect(zoneOffsetLabel('America/New_York', JUL)).toBe('UTC-4');
    expect(zoneOffsetLabel('Asia/Kolkata', NOV)).toBe('UTC+5:30');
  });
});
