import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { setSwapUpDown, swapUpDown } from '../../state/market/book-view.ts';
import { useSignals } from '../../state/signals.ts';
import { isLoggedIn, setConfirmPref, user } from '../../state/account/user.ts';
import type { ConfirmPref } from '../../core/user-info.ts';
import { Popover } from '../../ui/Popover.tsx';
import { DcpSetting } from '../dcp/DcpSetting.tsx';
import { chooseFiatCurrency, FIAT_CURRENCIES, fiatCurrency, type FiatCurrency } from '../../state/market/fiat.ts';

/** A currency's name in the page's language ('Euro'), or its code where Intl has none. */
function currencyName(code: string, locale: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'currency' }).of(code) ?? code;
  } catch {
    return code;
  }
}

const PREFS: ReadonlyArray<readonly [ConfirmPref, string]> = [
  ['notifyClose', 'header.prefNotifyClose'],
  ['chartModify', 'header.prefChartModify'],
  ['successAudio', 'header.prefSuccessAudio'],
];

interface Props {
  triggerRef: RefObject<HTMLButtonElement | null>;
  onClose: () => void;
}

/**
 * The header's settings popover: the up/down colour swap (spec 9: up green, down red, swappable) and,
 * for a logged-in user, the confirmation flags kept in the account's preferences (spec 3, 6).
 */
export function SettingsPopover({ triggerRef, onClose }: Props) {
  useSignals();
  const { t, i18n } = useTranslation();
  return (
    <Popover triggerRef={triggerRef} label={t('header.settings')} onClose={onClose} placement="bottom end">
      <label className="header-settings__item">
        <input type="checkbox" role="switch" checked={swapUpDown.value} onChange={(e) => setSwapUpDown(e.target.checked)} />
        <span>{t('header.swapColors')}</span>
        <span className="header-settings__swatch" aria-hidden="true">
          <span className="num--up">▲</span>
          <span className="num--down">▼</span>
        </span>
      </label>
      {/* Spec 2.10: the currency legal values are shown in (remembered in this browser). */}
      <label className="header-settings__item header-settings__currency">
        <span>{t('header.fiatCurrency')}</span>
        <select value={fiatCurrency.value} onChange={(e) => chooseFiatCurrency(e.target.value as FiatCurrency)}>
          {FIAT_CURRENCIES.map((c) => (
            <option key={c} value={c}>
              {c} · {currencyName(c, i18n.language)}
            </option>
          ))}
        </select>
      </label>
      {isLoggedIn.value ? (
        <fieldset className="header-settings__prefs">
          <legend>{t('header.prefsHeading')}</legend>
          {PREFS.map(([key, label]) => (
            <label key={key} className="header-settings__item">
              <input type="checkbox" role="switch" checked={user.value.doubleConfirm[key]} onChange={(e) => void setConfirmPref(key, e.target.checked)} />
              <span>{t(label)}</span>
            </label>
          ))}
        </fieldset>
      ) : null}
      {isLoggedIn.value ? <DcpSetting /> : null}
    </Popover>
  );
}
