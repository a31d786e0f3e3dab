import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { DEFAULT_LOCALE, matchLocale, type Locale } from '../../core/locale.ts';

/**
 * The locale of the current page path ('/ja/trade/spot/…' → 'ja'), so a chosen market keeps it.
 * The header is not handed the locale by its shell, and the path is the source of truth for it
 * (i18next may still be switching languages when the list is used).
 */
export function useRouteLocale(): Locale {
  const { pathname } = useLocation();
  const { i18n } = useTranslation();
  return matchLocale(pathname.split('/')[1]) ?? matchLocale(i18n.language) ?? DEFAULT_LOCALE;
}
