import { useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { authLink } from './login-links.ts';

/**
 * What a logged-out visitor sees where trading would be (spec 1, 2.15), or their orders (issue 33:
 * the orders area was a blank box): `message` is the line's key.
 */
export function LoginPrompt({ message = 'loginToTrade' }: { message?: 'loginToTrade' | 'loginToSeeOrders' }) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  return (
    <div className="login-prompt">
      <p>{t(message)}</p>
      <div className="login-prompt__actions">
        <a className="btn btn--primary" href={authLink('login', pathname, search)}>
          {t('logIn')}
        </a>
        <a className="btn btn--secondary" href={authLink('register', pathname, search)}>
          {t('signUp')}
        </a>
      </div>
    </div>
  );
}
