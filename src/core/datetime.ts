// Dates and times a person reads in tables and dialogs: in the page's language (not the
// browser's) and a given IANA zone (the browser's own when none), through Intl. The Gregorian
// calendar and Latin digits on every page, as the page's numbers are (ar-SA would otherwise get
// the Umm al-Qura calendar and Arabic-Indic digits). The chart's axis keeps its own compact
// format (chart/time-zone.ts).

import { EMPTY_VALUE } from './constants.ts';

const BASE: Intl.DateTimeFormatOptions = { calendar: 'gregory', numberingSystem: 'latn' };
const DATE: Intl.DateTimeFormatOptions = { year: 'numeric', month: '2-digit', day: '2-digit' };
const TIME: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', second: '2-digit' };
const PARTS = { dateTime: { ...BASE, ...DATE, ...TIME }, date: { ...BASE, ...DATE }, time: { ...BASE, ...TIME } } as const;
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

/** The date alone of `ms`, as formatDateTimeIn writes it. */
export function formatDateIn(ms: number, locale: string, timeZone?: string): string {
  if (!Number.isFinite(ms) || ms <= 0) return EMPTY_VALUE;
  return formatterFor(locale, timeZone, 'date').format(ms);
}

/** The time of day alone of `ms`, as formatDateTimeIn writes it. */
export function formatTimeIn(ms: number, locale: string, timeZone?: string): string {
  if (!Number.isFinite(ms) || ms <= 0) return EMPTY_VALUE;
  return formatterFor(locale, timeZone, 'time').format(ms);
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** A calendar day ('2026-01-05') as a heading of a day's figures ('Jan 5, 2026'), the same day in every zone. */
export function formatDayIn(day: string, locale: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return EMPTY_VALUE;
  let f = dayFormats.get(locale);
  if (!f) {
    const o: Intl.DateTimeFormatOptions = { ...BASE, dateStyle: 'medium', timeZone: 'UTC' };
    try {
      f = new Intl.DateTimeFormat(locale, o);
    } catch {
      f = new Intl.DateTimeFormat('en', o);
    }
    dayFormats.set(locale, f);
  }
  return f.format(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), 12));
}
