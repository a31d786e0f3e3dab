/** The locales the page ships, with real translations for each. */
export const SUPPORTED_LOCALES = ['en', 'zh-CN', 'ar-SA', 'ja', 'ru', 'es'] as const;
export type Locale = (typeof SUPPORTED_LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** Names shown in the language switcher, each in its own language (not translated on purpose). */
export const LOCALE_NAMES: Record<Locale, string> = {
  en: 'English',
  'zh-CN': '简体中文',
  'ar-SA': 'العربية',
  ja: '日本語',
  ru: 'Русский',
  es: 'Español',
};

const RTL: ReadonlySet<Locale> = new Set<Locale>(['ar-SA']);

export function isRtl(locale: Locale): boolean {
  return RTL.has(locale);
}

/** The supported locale spelled this way, ignoring case ('zh-cn' → 'zh-CN'), or undefined. */
export function matchLocale(tag: string | null | undefined): Locale | undefined {
  if (!tag) return undefined;
  const lower = tag.toLowerCase();
  return SUPPORTED_LOCALES.find((l) => l.toLowerCase() === lower);
}

/**
 * A supported locale for a browser language tag: exact ('ja'), or by its language part
 * ('es-MX' → 'es', 'zh-TW' → 'zh-CN', 'ar' → 'ar-SA').
 */
export function localeForLanguageTag(tag: string): Locale | undefined {
  const exact = matchLocale(tag);
  if (exact) return exact;
  const lang = tag.split(/[-_]/)[0]?.toLowerCase();
  if (!lang) return undefined;
  return SUPPORTED_LOCALES.find((l) => l.split('-')[0]!.toLowerCase() === lang);
}

/** Spec 2.1: a stored preference, else the browser's languages in order, else en. */
export function preferredLocale(stored: string | null | undefined, browser: readonly string[]): Locale {
  const fromStore = matchLocale(stored);
  if (fromStore) return fromStore;
  for (const tag of browser) {
    const l = localeForLanguageTag(tag);
    if (l) return l;
  }
  return DEFAULT_LOCALE;
}
