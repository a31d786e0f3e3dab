import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { setSwapUpDown, swapUpDown } from '../../state/market/book-view.ts';
import { useSignals } from '../../state/signals.ts';
import { isLoggedIn, setConfirmPref, user } from '../../state/account/user.ts';
import type { ConfirmPref } from '../../core/user-info.ts';
import { Popover } from '../../ui/Popover.tsx';
import { DcpSetting } from '../dcp/DcpSetting.tsx';

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
  const { t } = useTranslation();
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
