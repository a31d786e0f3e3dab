import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Locale } from '../../core/locale.ts';
import { AccountLinks } from './AccountLinks.tsx';
import { LanguageSwitcher } from './LanguageSwitcher.tsx';
import { Hotkeys } from '../hotkeys/Hotkeys.tsx';

interface Props {
  locale: Locale;
  /** The page's own strip (the desktop's Trade / Tools tabs), in the header's row to save a row of height. */
  children?: ReactNode;
}

/** The exchange header: brand, account links and the language switcher (spec 2.2). */
export function ExchangeHeader({ locale, children }: Props) {
  const { t } = useTranslation();
  return (
    <header className="exchange-header" role="banner">
      <a className="exchange-header__brand" href={`/${locale}/trade/spot/BTC/USDT`}>
        {t('brand')}
      </a>
      <nav className="exchange-header__nav" aria-label={t('mainNavigation')}>
        <span aria-current="page">{t('spotTrading')}</span>
      </nav>
      {children}
      <div className="exchange-header__account">
        <Hotkeys locale={locale} />
        <AccountLinks />
        <LanguageSwitcher locale={locale} />
      </div>
    </header>
  );
}
