import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useSignals } from '../../state/signals.ts';
import { user, userKnown } from '../../state/account/user.ts';
import { authLink } from '../login-prompt/login-links.ts';

// The account menu's react-aria code loads once someone is logged in.
const UserMenu = lazy(() => import('./UserMenu.tsx').then((m) => ({ default: m.UserMenu })));
// The alerts entry (issue 35 item 3) for everyone logged in.
const AlertsButton = lazy(() => import('../alerts/AlertsButton.tsx').then((m) => ({ default: m.AlertsButton })));
// Only a demo account has the recharge: its button's code loads for one.
const DemoRechargeButton = lazy(() => import('../demo-recharge/DemoRechargeButton.tsx').then((m) => ({ default: m.DemoRechargeButton })));
// Only a classic account may upgrade to unified (spec 4.14): its entry loads for one.
const UpgradeEntry = lazy(() => import('../account-notices/UpgradeEntry.tsx').then((m) => ({ default: m.UpgradeEntry })));

/**
 * Who is logged in (name, UID and kind of account, opening the account menu with log out; a demo
 * account's recharge); or log in and sign up (spec 2.2, 2.18, 6; issue 33 item 7).
 */
export function AccountLinks() {
  useSignals();
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const u = user.value;
  if (!userKnown.value) return null;
  if (u.userState === 1) {
    return (
      <>
        <Suspense fallback={<span className="exchange-header__user">{u.name}</span>}>
          <UserMenu />
        </Suspense>
        <Suspense fallback={null}>
          <AlertsButton />
        </Suspense>
        {u.isDemoAccount ? (
          <Suspense fallback={null}>
            <DemoRechargeButton />
          </Suspense>
        ) : null}
        {!u.isUTA && !u.isDemoAccount ? (
          <Suspense fallback={null}>
            <UpgradeEntry />
          </Suspense>
        ) : null}
      </>
    );
  }
  return (
    <>
      <a className="btn btn--link" href={authLink('login', pathname, search)}>
        {t('logIn')}
      </a>
      <a className="btn btn--primary" href={authLink('register', pathname, search)}>
        {t('signUp')}
      </a>
    </>
  );
}
