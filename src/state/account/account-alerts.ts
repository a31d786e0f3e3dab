// Spec 5.13, 6: the standard-account offline alert (its dismissal time kept in the user's server
// preferences) and the copy-trading-off banner for new leaders. The alert is a main dialog: it
// waits while a blocking dialog, the upgrade dialog, mask or guide shows.
import { showsCopyTradingBanner, showsStandardAlert, STANDARD_ALERT_PREF_KEY } from '../../core/account-notices.ts';
import { blockingDialogShown } from '../blocking-dialogs.ts';
import { computed, signal } from '../signals.ts';
import { setUserPrefs, userPrefs } from './user-prefs.ts';
import { user } from './user.ts';
import { upgradeDialog, upgradeGuideShown, upgradeMaskShown } from './uta-upgrade.ts';

/** Hidden on this page after a dismissal the server did not store. */
const alertClosed = signal(false);

export const standardAlertShown = computed(
  () =>
    !alertClosed.value &&
    showsStandardAlert(user.value, userPrefs.value, Date.now()) &&
    !blockingDialogShown.value &&
    upgradeDialog.value === null &&
    !upgradeMaskShown.value &&
    !upgradeGuideShown.value,
);

/** Whether this user's page needs the server preferences (an alert or guide depends on them). */
export const prefsNeeded = computed(() => {
  const u = user.value;
  if (u.userState !== 1) return false;
  return (!u.isUTA && u.standardOfflineSwitch) || (u.isUTA && u.upgradedAt > 0 && !u.isDemoAccount);
});

/** Dismisses the alert for 7 days: the time is stored in the user's preferences (spec 7.5). */
export async function dismissStandardAlert(): Promise<void> {
  alertClosed.value = true;
  await setUserPrefs({ [STANDARD_ALERT_PREF_KEY]: String(Date.now()) });
}

const bannerClosed = signal(false);
export const copyTradingBannerShown = computed(() => !bannerClosed.value && showsCopyTradingBanner(user.value));
export function closeCopyTradingBanner(): void {
  bannerClosed.value = true;
}
