// Dates and times a person reads in tables and dialogs: in the page's language (not the
// browser's) and a given IANA zone (the browser's own when none), through Intl. The Gregorian
// calendar and Latin digits on every page, as the page's numbers are (ar-SA would otherwise get
// the Umm al-Qura calendar and Arabic-Indic digits). The chart's axis keeps its own compact
// format (chart/time-zone.ts).

import { EMPTY_VALUE } from './constants.ts';
import { zoneOffsetMs, UTC_ZONE } from './chart/time-zone.ts';

/** The runtime's own zone (the browser's), as IANA names it; UTC when it does not say. */
export function localZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || UTC_ZONE;
  } catch {
    return UTC_ZONE;
  }
}

/**
 * A zone as its offset from UTC at `at` (epoch ms): "UTC", "UTC+8", "UTC+5:30", "UTC-3"; the
 * runtime's zone when none is given. Latin digits in every language, like every number on the page.
 */
export function zoneOffsetLabel(timeZone: string | undefined, at: number): string {
  const off = Math.round(zoneOffsetMs(timeZone ?? localZone(), at) / 60_000);
  if (off === 0) return 'UTC';
  const abs = Math.abs(off);
  const h = Math.floor(abs / 60);
  const m = abs % 60;
  return `UTC${off < 0 ? '-' : '+'}${h}${m ? `:${String(m).padStart(2, '0')}` : ''}`;
}

const BASE: Intl.DateTimeFormatOptions = { calendar: 'gregory', numberingSystem: 'latn' };
const DATE: Intl.DateTimeFormatOptions = { year: 'numeric', month: '2-digit', day: '2-digit' };
const TIME: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', second: '2-digit' };
const PARTS = { dateTime: { ...BASE, ...DATE, ...TIME }, time: { ...BASE, ...TIME } } as const;
type Parts = keyof typeof PARTS;

const formatters = new Map<string, Intl.DateTimeFormat>();

/** null for an unknown zone or language tag. */
function tryFormatter(locale: string, timeZone: string | undefined, parts: Parts): Intl.DateTimeFormat | null {
  try {
    return new Intl.DateTimeFormat(locale, { ...PARTS[parts], timeZone });
  } catch {
    return null;
  }
}

function formatterFor(locale: string, timeZone: string | undefined, parts: Parts): Intl.DateTimeFormat {
  const key = `${parts}|${locale}|${timeZone ?? ''}`;
  let f = formatters.get(key);
  if (!f) {
    f = tryFormatter(locale, timeZone, parts) ?? tryFormatter(locale, undefined, parts) ?? new Intl.DateTimeFormat('en', PARTS[parts]);
    formatters.set(key, f);
  }
  return f;
}

/** Date and time of `ms` (epoch ms) for `locale` in `timeZone` (the runtime's zone when omitted); '--' for none. */
export function formatDateTimeIn(ms: number, locale: string, timeZone?: string): string {
  if (!Number.isFinite(ms) || ms <= 0) return EMPTY_VALUE;
  return formatterFor(locale, timeZone, 'dateTime').format(ms);
}

/** The time of day alone of `ms`, as formatDateTimeIn writes it. */
export function formatTimeIn(ms: number, locale: string, timeZone?: string): string {
  if (!Number.isFinite(ms) || ms <= 0) return EMPTY_VALUE;
  return formatterFor(locale, timeZone, 'time').format(ms);
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * A calendar day ('2026-01-05') as a row of a day's figures, written as the tables write dates
 * ('01/05/2026' in English: issue 33, the P&L's 'Nov 27, 2026' beside the tables' '11/28/2026'), the same day in every zone.
 */
export function formatDayIn(day: string, locale: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return EMPTY_VALUE;
  let f = dayFormats.get(locale);
  if (!f) {
    const o: Intl.DateTimeFormatOptions = { ...BASE, ...DATE, timeZone: 'UTC' };
    try {
      f = new Intl.DateTimeFormat(locale, o);
    } catch {
      f = new Intl.DateTimeFormat('en', o);
    }
    dayFormats.set(locale, f);
  }
  return f.format(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), 12));
}

/** Spec 9's day age check: an age of more than 24 hours is told in days, of more than 7 days in weeks. */
export const AGE_DAYS_AFTER_S = 24 * 3600;
export const AGE_WEEKS_AFTER_S = 7 * 24 * 3600;

/**
 * How long ago, in the locale's words and Latin digits ("14 seconds ago", "vor 3 Minuten"): seconds
 * under 90 s, minutes under 90 min, hours up to 24 hours, then (spec 9's day age check) days up to
 * 7 days and weeks beyond (issue 35 item 5: the age of a widget's data).
 */
export function formatAgoIn(seconds: number, locale: string): string {
  const s = Math.max(0, Math.floor(seconds));
  const rtf = new Intl.RelativeTimeFormat(`${locale}-u-nu-latn`, { numeric: 'always' });
  if (s < 90) return rtf.format(-s, 'second');
  if (s < 90 * 60) return rtf.format(-Math.floor(s / 60), 'minute');
  if (s <= AGE_DAYS_AFTER_S) return rtf.format(-Math.floor(s / 3600), 'hour');
  if (s <= AGE_WEEKS_AFTER_S) return rtf.format(-Math.floor(s / 86_400), 'day');
  return rtf.format(-Math.floor(s / (7 * 86_400)), 'week');
}
