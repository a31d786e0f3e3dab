import { useEffect } from 'react';
import { copyTradingBannerShown, prefsNeeded, standardAlertShown } from '../../state/account/account-alerts.ts';
import { useSignals } from '../../state/signals.ts';
import { ensureUserPrefs } from '../../state/account/user-prefs.ts';
import { user } from '../../state/account/user.ts';
import { upgradeDialog, upgradeGuideShown } from '../../state/account/uta-upgrade.ts';
import { CopyTradingBanner } from './CopyTradingBanner.tsx';
import { StandardAlert } from './StandardAlert.tsx';
import { UpgradeDialog } from './UpgradeDialog.tsx';
import { UpgradeGuide } from './UpgradeGuide.tsx';
import { UpgradeMasks } from './UpgradeMasks.tsx';
import './account-notices.css';

/**
 * A logged-in account's notices (spec 4.14, 5.13): the upgrade dialog, masks and guide, the
 * standard-account alert and the copy-trading-off banner. Loads the user's preferences when one
 * of them depends on them.
 */
export function AccountNotices() {
  useSignals();
  const id = user.value.id;
  const needed = prefsNeeded.value;
  useEffect(() => {
    if (needed) void ensureUserPrefs();
  }, [id, needed]);
  return (
    <>
      <UpgradeMasks />
      {upgradeDialog.value ? <UpgradeDialog /> : null}
      {upgradeGuideShown.value ? <UpgradeGuide /> : null}
      {standardAlertShown.value ? <StandardAlert /> : null}
      {copyTradingBannerShown.value ? <CopyTradingBanner /> : null}
    </>
  );
}
