import { useTranslation } from 'react-i18next';
import { useSignals } from '../../state/signals.ts';
import { dismissUpgradeTip, openUpgradeDialog, upgradeEntryShown, upgradeTipShown } from '../../state/account/uta-upgrade.ts';
import './account-notices.css';

/**
 * Spec 4.14: the header's upgrade entry for a classic account in the upgrade's gray group (tag none
 * or failed), with a one-time tip beside it. The tip is a note, not a dialog: it takes no focus.
 */
export function UpgradeEntry() {
  useSignals();
  const { t } = useTranslation();
  if (!upgradeEntryShown.value) return null;
  return (
    <span className="uta-entry">
      <button type="button" className="btn btn--link uta-entry__button" onClick={openUpgradeDialog}>
        {t('utaUpgrade.entry')}
      </button>
      {upgradeTipShown.value ? (
        <span className="uta-entry__tip" role="note" aria-label={t('utaUpgrade.tipLabel')}>
          <span>{t('utaUpgrade.tip')}</span>
          <button type="button" className="btn btn--link" onClick={dismissUpgradeTip}>
            {t('utaUpgrade.gotIt')}
          </button>
        </span>
      ) : null}
    </span>
  );
}
