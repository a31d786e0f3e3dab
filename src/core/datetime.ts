// Dates and times a person reads in tables and dialogs: in the page's language (not the
// browser's) and a given IANA zone (the browser's own when none), through Intl. The Gregorian
// calendar and Latin digits on every page, as the page's numbers are (ar-SA would otherwise get
// the Umm al-Qura calendar and Arabic-Indic digits). The chart's axis keeps its own compact
// format (chart/time-zone.ts).

import { EMPTY_VALUE } from './constants.ts';

const OPTIONS: Intl.DateTimeFormatOptions = {
  calendar: 'gregory',
  numberingSystem: 'latn',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
};

const formatters = new Map<string, Intl.DateTimeFormat>();

/** null for an unknown zone or language tag. */
function tryFormatter(locale: string, timeZone: string | undefined): Intl.DateTimeFormat | null {
  try {
    return new Intl.DateTimeFormat(locale, { ...OPTIONS, timeZone });
  } catch {
    return null;
  }
}

function formatterFor(locale: string, timeZone: string | undefined): Intl.DateTimeFormat {
  const key = `${locale}|${timeZone ?? ''}`;
  let f = formatters.get(key);
  if (!f) {
    f = tryFormatter(locale, timeZone) ?? tryFormatter(locale, undefined) ?? new Intl.DateTimeFormat('en', OPTIONS);
    formatters.set(key, f);
  }
  return f;
}

/** Date and time of `ms` (epoch ms) for `locale` in `timeZone` (the runtime's zone when omitted); '--' for none. */
export function formatDateTimeIn(ms: number, locale: string, timeZone?: string): string {
  if (!Number.isFinite(ms) || ms <= 0) return EMPTY_VALUE;
  return formatterFor(locale, timeZone).format(ms);
}
