// The notice bar's stream (spec 2.9, 3 "Notice", 7.7 "public notice") and the locale names the
// exchange's editorial content is filed under. The exchange encodes with these and the feed
// worker decodes with them.

/** Public-stream topic of the notice bar: a snapshot of every notice on subscribe and on each change. */
export const NOTICE_TOPIC = 'notice';

/** What one notice carries on the wire: `value` is a JSON text {symbolName, info, url} (spec 3). */
export interface NoticeWire {
  id: number;
  locale: string;
  value: string;
}

/** A notice as the page uses it. `symbols` null means ALL. */
export interface Notice {
  id: number;
  locale: string;
  symbols: string[] | null;
  info: string;
  url: string;
}

/** Notices one push carries: a few per locale (28 of them), with room for scoped ones. */
export const MAX_NOTICES = 200;
const MAX_INFO_CHARS = 500;
const MAX_URL_CHARS = 2000;

export function encodeNoticeValue(symbolName: string, info: string, url: string): string {
  return JSON.stringify({ symbolName, info, url });
}

export function encodeNoticePush(list: readonly NoticeWire[], ts: number): string {
  return JSON.stringify({ topic: NOTICE_TOPIC, type: 'snapshot', ts, data: { list } });
}

/**
 * The notices of a push's `data`; null when it is not a notice snapshot. Entries that do not
 * parse are skipped (one bad notice never hides the others); text is kept as text and capped.
 */
export function decodeNotices(data: unknown): Notice[] | null {
  if (typeof data !== 'object' || data === null || !Array.isArray((data as { list?: unknown }).list)) return null;
  const out: Notice[] = [];
  for (const item of (data as { list: unknown[] }).list.slice(0, MAX_NOTICES)) {
    if (typeof item !== 'object' || item === null) continue;
    const { id, locale, value } = item as Record<string, unknown>;
    if (typeof id !== 'number' || !Number.isFinite(id) || typeof locale !== 'string' || typeof value !== 'string') continue;
    let v: unknown;
    try {
      v = JSON.parse(value);
    } catch {
      continue;
    }
    if (typeof v !== 'object' || v === null) continue;
    const { symbolName, info, url } = v as Record<string, unknown>;
    if (typeof symbolName !== 'string' || typeof info !== 'string' || info.trim() === '') continue;
    const names = symbolName.split(',').map((s) => s.trim().toUpperCase()).filter((s) => s !== '');
    out.push({
      id,
      locale: locale.slice(0, 16),
      symbols: names.length === 0 || names.includes('ALL') ? null : names,
      info: info.slice(0, MAX_INFO_CHARS),
      url: typeof url === 'string' ? url.slice(0, MAX_URL_CHARS) : '',
    });
  }
  return out;
}

const REGION_OF: Readonly<Record<string, string>> = {
  en: 'en-US', ja: 'ja-JP', es: 'es-ES', ru: 'ru-RU', ko: 'ko-KR', vi: 'vi-VN', th: 'th-TH', tr: 'tr-TR', id: 'id-ID',
  de: 'de-DE', fr: 'fr-FR', it: 'it-IT', pl: 'pl-PL', uk: 'uk-UA', fa: 'fa-IR', nl: 'nl-NL', hi: 'hi-IN', pt: 'pt-BR',
  ms: 'ms-MY', bn: 'bn-BD', he: 'he-IL',
  cs: 'cs-CZ', hu: 'hu-HU', ro: 'ro-RO', el: 'el-GR',
};

/** The locale the exchange files content under (Bybit's `locale`, e.g. en-US) for a page locale. */
export function contentLocaleOf(pageLocale: string): string {
  return pageLocale.includes('-') ? pageLocale : (REGION_OF[pageLocale] ?? pageLocale);
}

/** The notices the bar shows for a page locale and symbol: the locale's own, else English ones. */
export function noticesFor(all: readonly Notice[], pageLocale: string, symbol: string): Notice[] {
  const locale = contentLocaleOf(pageLocale);
  const own = all.filter((n) => n.locale === locale);
  const pool = own.length > 0 ? own : all.filter((n) => n.locale === 'en-US');
  return pool.filter((n) => n.symbols === null || n.symbols.includes(symbol));
}
