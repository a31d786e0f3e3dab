import { useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { Locale } from '../../core/locale.ts';
import { useSignals } from '../../state/signals.ts';
import { user, userKnown, logout } from '../../state/user.ts';
import { authLink } from '../login-prompt/login-links.ts';
import { LanguageSwitcher } from './LanguageSwitcher.tsx';

interface Props {
  locale: Locale;
}

/** The exchange header: brand, account links and the language switcher (spec 2.2). */
export function ExchangeHeader({ locale }: Props) {
  useSignals();
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const u = user.value;
  return (
    <header className="exchange-header" role="banner">
      <a className="exchange-header__brand" href={`/${locale}/trade/spot/BTC/USDT`}>
        {t('brand')}
      </a>
      <nav className="exchange-header__nav" aria-label={t('mainNavigation')}>
        <span aria-current="page">{t('spotTrading')}</span>
      </nav>
      <div className="exchange-header__account">
        {!userKnown.value ? null : u.userState === 1 ? (
          <>
            <span className="exchange-header__user">
              {u.name}
              {u.isDemoAccount ? ` · ${t('demoTrading')}` : ''}
            </span>
            <button type="button" className="btn btn--link" onClick={() => void logout()}>
              {t('logOut')}
            </button>
          </>
        ) : (
          <>
            <a className="btn btn--link" href={authLink('login', pathname, search)}>
              {t('logIn')}
            </a>
            <a className="btn btn--primary" href={authLink('register', pathname, search)}>
              {t('signUp')}
            </a>
          </>
        )}
        <LanguageSwitcher locale={locale} />
      </div>
    </header>
  );
}
