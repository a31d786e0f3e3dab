// Dates per locale (issue 19 item 8): every shipped locale is a tag Intl knows as that language,
// and its dates read in that language with the Gregorian year and Latin digits, like the page's
// prices (fa and ar-SA would otherwise get their own calendars and digits, th the Buddhist year).
import { describe, expect, it } from 'vitest';
import { formatDateTimeIn } from '../../src/core/datetime.ts';
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
