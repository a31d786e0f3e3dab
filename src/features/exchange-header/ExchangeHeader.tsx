import { useTranslation } from 'react-i18next';
import type { Locale } from '../../core/locale.ts';
import { AccountLinks } from './AccountLinks.tsx';
import { LanguageSwitcher } from './LanguageSwitcher.tsx';

interface Props {
  locale: Locale;
}

/** The exchange header: brand, account links and the language switcher (spec 2.2). */
export function ExchangeHeader({ locale }: Props) {
  const { t } = useTranslation();
  return (
    <header className="exchange-header" role="banner">
      <a className="exchange-header__brand" href={`/${locale}/trade/spot/BTC/USDT`}>
        {t('brand')}
      </a>
      <nav className="exchange-header__nav" aria-label={t('mainNavigation')}>
        <span aria-current="page">{t('spotTrading')}</span>
      </nav>
      <div className="exchange-header__account">
        <AccountLinks />
        <LanguageSwitcher locale={locale} />
      </div>
    </header>
  );
}
