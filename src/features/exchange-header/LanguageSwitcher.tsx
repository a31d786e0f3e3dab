import { useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { LOCALE_NAMES, SUPPORTED_LOCALES, matchLocale, type Locale } from '../../core/locale.ts';
import { withLocale } from '../../core/routes.ts';
import { storedDefaultQuote } from '../../state/market/default-quote.ts';
import { STORAGE_KEYS, writeStored } from '../../state/storage.ts';

interface Props {
  locale: Locale;
}

/** Spec 2.1: changing language navigates to the same page under the new locale. */
export function LanguageSwitcher({ locale }: Props) {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <label className="lang-switcher">
      <span className="visually-hidden">{t('language')}</span>
      <select
        value={locale}
        aria-label={t('language')}
        onChange={(e) => {
          const next = matchLocale(e.target.value);
          if (!next) return;
          writeStored(STORAGE_KEYS.locale, next);
          navigate(`${withLocale(location.pathname, next, storedDefaultQuote())}${location.search}${location.hash}`);
        }}
      >
        {SUPPORTED_LOCALES.map((l) => (
          <option key={l} value={l} lang={l}>
            {LOCALE_NAMES[l]}
          </option>
        ))}
      </select>
    </label>
  );
}
