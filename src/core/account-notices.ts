// Pure rules of the account notices: the upgrade to unified (spec 4.14), the standard-account
// offline alert and the copy-trading-off banner (5.13, 6), with their constants (spec 9).

/** Member tags UTA and UTA_INVERSE of the user info (spec 3): '' when never asked. */
export type MemberTag = '' | 'FAIL' | 'PROCESS' | 'SUCCESS';
export const isMemberTag = (v: unknown): v is MemberTag => v === '' || v === 'FAIL' || v === 'PROCESS' || v === 'SUCCESS';

/** Spec 4.14, 9: the upgrade's feedback waits this long (the dialog's answer, a push's reaction). */
export const UPGRADE_FEEDBACK_MS = 1000;
/** Spec 5.13, 9: the standard-account alert comes back this long after it was dismissed. */
export const STANDARD_ALERT_REPEAT_MS = 7 * 24 * 60 * 60 * 1000;
/** Spec 7.5: the preference keeping when the standard-account offline alert was last dismissed (ms). */
export const STANDARD_ALERT_PREF_KEY = 'standardAccountOfflineAlertTime';
/** The preference keeping that the user guide after an upgrade was read. */
export const UTA_GUIDE_PREF_KEY = 'utaUpgradeGuideRead';

/** The parts of the user the rules read. */
export interface NoticeUser {
  userState: 1 | -1;
  isUTA: boolean;
  isDemoAccount: boolean;
  isNewLeader: boolean;
  upgradeGray: boolean;
  upgradedAt: number;
  standardOfflineSwitch: boolean;
}

export interface MemberTags {
  uta: MemberTag;
  utaInverse: MemberTag;
}

/** Spec 4.14: the upgrade entry (and its one-time tip) for a classic account in the gray group, tag none or failed. */
export function showsUpgradeEntry(u: NoticeUser, tags: MemberTags): boolean {
  return u.userState === 1 && !u.isUTA && !u.isDemoAccount && u.upgradeGray && (tags.uta === '' || tags.uta === 'FAIL');
}

/** Spec 4.14: the progress mask while the upgrade runs. */
export function showsUpgradeMask(u: NoticeUser, tags: MemberTags): boolean {
  return u.userState === 1 && !u.isUTA && tags.uta === 'PROCESS';
}

/** Spec 4.14: the user guide, once, after a successful upgrade (not on demo). */
export function showsUpgradeGuide(u: NoticeUser, prefs: Readonly<Record<string, string>> | null): boolean {
  return u.userState === 1 && u.isUTA && !u.isDemoAccount && u.upgradedAt > 0 && prefs !== null && prefs[UTA_GUIDE_PREF_KEY] !== '1';
}

/**
 * Spec 5.13: logged in, not unified, the offline switch on, preferences loaded, and the last
 * dismissal (a time in ms; none, or not a number, counts as never) over 7 days before `now`.
 */
export function showsStandardAlert(u: NoticeUser, prefs: Readonly<Record<string, string>> | null, now: number): boolean {
  if (u.userState !== 1 || u.isUTA || !u.standardOfflineSwitch || prefs === null) return false;
  const last = Number(prefs[STANDARD_ALERT_PREF_KEY]);
  return !Number.isFinite(last) || last <= 0 || now - last > STANDARD_ALERT_REPEAT_MS;
}

/** Spec 5.13, 6: the copy-trading-off banner for new leaders who are logged in and unified. */
export function showsCopyTradingBanner(u: NoticeUser): boolean {
  return u.userState === 1 && u.isUTA && u.isNewLeader;
}
