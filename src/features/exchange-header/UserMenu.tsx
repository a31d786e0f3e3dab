import { useTranslation } from 'react-i18next';
import { accountKinds } from '../../core/user-info.ts';
import { useSignals } from '../../state/signals.ts';
import { logout, user } from '../../state/account/user.ts';
import { Menu, type MenuEntry } from '../../ui/Menu.tsx';

/** Where the menu's entries lead on the exchange (spec 2.14's order pages; the assets and settings homes). */
export const USER_MENU_LINKS = {
  assets: '/user/assets/home',
  orders: '/user/assets/order/fed/spot-current-orders/active',
  settings: '/user/accounts/setting',
} as const;

/**
 * Who is logged in (issue 33 item 7): the name, the UID and the kind of account in the header,
 * opening a menu of the account's places (assets, orders, settings) and log out.
 */
export function UserMenu() {
  useSignals();
  const { t } = useTranslation();
  const u = user.value;
  const entries: MenuEntry[] = [
    { id: 'assets', label: t('userMenu.assets'), href: USER_MENU_LINKS.assets },
    { id: 'orders', label: t('userMenu.orders'), href: USER_MENU_LINKS.orders },
    { id: 'settings', label: t('userMenu.settings'), href: USER_MENU_LINKS.settings },
    { id: 'logout', label: t('logOut'), onAction: () => void logout() },
  ];
  return (
    <Menu
      label={t('userMenu.label')}
      triggerClassName="btn btn--link exchange-header__user"
      entries={entries}
      trigger={
        <>
          <span className="exchange-header__name">{u.name}</span>
          {u.id !== null ? <span className="exchange-header__uid">{t('userMenu.uid', { uid: String(u.id) })}</span> : null}
          {accountKinds(u).map((k) => (
            <span key={k} className="exchange-header__badge">
              {t(`userMenu.kind.${k}`)}
            </span>
          ))}
        </>
      }
    />
  );
}
