/**
 * The locales the page ships, with real translations for each. Each entry carries what the page
 * needs to know about it: its name in its own language (for the language switcher, not translated
 * on purpose) and its writing direction (the document's dir follows it).
 *
 * Numbers and dates: the route locale is handed to Intl as is (core/datetime.ts), always with the
 * Gregorian calendar and Latin digits, as exchanges show prices; so ar-SA and fa read dates in
 * their own words and order but with 0-9 digits, like the page's prices.
 */
const LOCALES = {
  en: { name: 'English', dir: 'ltr' },
  'zh-CN': { name: '简体中文', dir: 'ltr' },
  'ar-SA': { name: 'العربية', dir: 'rtl' },
  ja: { name: '日本語', dir: 'ltr' },
  ru: { name: 'Русский', dir: 'ltr' },
  es: { name: 'Español', dir: 'ltr' },
  'zh-TW': { name: '繁體中文', dir: 'ltr' },
  ko: { name: '한국어', dir: 'ltr' },
  vi: { name: 'Tiếng Việt', dir: 'ltr' },
  th: { name: 'ไทย', dir: 'ltr' },
  id: { name: 'Bahasa Indonesia', dir: 'ltr' },
  tr: { name: 'Türkçe', dir: 'ltr' },
  'pt-BR': { name: 'Português (Brasil)', dir: 'ltr' },
  de: { name: 'Deutsch', dir: 'ltr' },
  fr: { name: 'Français', dir: 'ltr' },
  it: { name: 'Italiano', dir: 'ltr' },
  pl: { name: 'Polski', dir: 'ltr' },
  uk: { name: 'Українська', dir: 'ltr' },
  fa: { name: 'فارسی', dir: 'rtl' },
  nl: { name: 'Nederlands', dir: 'ltr' },
  ms: { name: 'Bahasa Melayu', dir: 'ltr' },
  hi: { name: 'हिन्दी', dir: 'ltr' },
  bn: { name: 'বাংলা', dir: 'ltr' },
  he: { name: 'עברית', dir: 'rtl' },
  cs: { name: 'Čeština', dir: 'ltr' },
  hu: { name: 'Magyar', dir: 'ltr' },
  ro: { name: 'Română', dir: 'ltr' },
  el: { name: 'Ελληνικά', dir: 'ltr' },
} as const satisfies Record<string, { name: string; dir: 'ltr' | 'rtl' }>;

export type Locale = keyof typeof LOCALES;
/** In the language switcher's order. */
export const SUPPORTED_LOCALES = Object.keys(LOCALES) as readonly Locale[];
export const DEFAULT_LOCALE: Locale = 'en';

/** Names shown in the language switcher, each in its own language. */
export const LOCALE_NAMES: Record<Locale, string> = Object.fromEntries(SUPPORTED_LOCALES.map((l) => [l, LOCALES[l].name])) as Record<Locale, string>;

export function isRtl(locale: Locale): boolean {
  return LOCALES[locale].dir === 'rtl';
}

/** The supported locale spelled this way, ignoring case ('zh-cn' → 'zh-CN'), or undefined. */
export function matchLocale(tag: string | null | undefined): Locale | undefined {
  if (!tag) return undefined;
  const lower = tag.toLowerCase();
  return SUPPORTED_LOCALES.find((l) => l.toLowerCase() === lower);
}

/** Chinese written in traditional characters: Taiwan, Hong Kong, Macau, or an explicit Hant script. */
const TRADITIONAL_CHINESE = /^zh[-_](hant|tw|hk|mo)\b/i;

/**
 * A supported locale for a browser language tag: exact ('ja'), traditional Chinese to zh-TW when
 * shipped, or by its language part ('es-MX' → 'es', 'zh-SG' → 'zh-CN', 'ar' → 'ar-SA').
 */
export function localeForLanguageTag(tag: string): Locale | undefined {
  const exact = matchLocale(tag);
  if (exact) return exact;
  if (TRADITIONAL_CHINESE.test(tag)) {
    const tw = matchLocale('zh-TW');
    if (tw) return tw;
  }
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
