import i18next, { type BackendModule, type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, SUPPORTED_LOCALES, type Locale } from '../core/locale.ts';

export const NAMESPACES = ['spotExchange', 'errorCodes', 'integratedTrade'] as const;
export type Namespace = (typeof NAMESPACES)[number];

/** Where the static translation files live (public/locales, copied to the page's root). */
export const translationUrl = (lng: string, ns: string) => `/locales/${encodeURIComponent(lng)}/${encodeURIComponent(ns)}.json`;

/** Failed loads, for the diagnostics panel and tests. */
export const failedTranslationLoads: string[] = [];

/**
 * Fetches each language/namespace file lazily. A failed load gives empty translations
 * (spec 8) so the page still renders.
 */
const fetchBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    fetch(translationUrl(language, namespace))
      .then((res) => {
        if (!res.ok) throw new Error(`HTTP ${res.status}`);
        return res.json() as Promise<unknown>;
      })
      .then((data) => {
        if (typeof data !== 'object' || data === null || Array.isArray(data)) throw new Error('not an object');
        callback(null, data as Record<string, string>);
      })
      .catch((err: Error) => {
        failedTranslationLoads.push(`${language}/${namespace}: ${err.message}`);
        callback(null, {});
      });
  },
};

/** Starts i18next for the first locale; resolves once its namespaces are loaded (or failed). */
export async function initI18n(locale: Locale): Promise<I18n> {
  await i18next
    .use(fetchBackend)
    .use(initReactI18next)
    .init({
      lng: locale,
      fallbackLng: DEFAULT_LOCALE,
      supportedLngs: [...SUPPORTED_LOCALES],
      load: 'currentOnly',
      ns: [...NAMESPACES],
      defaultNS: 'spotExchange',
      interpolation: { escapeValue: false },
      returnEmptyString: false,
      react: { useSuspense: false },
    });
  return i18next;
}

export function changeLanguage(locale: Locale): Promise<unknown> {
  return i18next.changeLanguage(locale);
}

export { i18next };
