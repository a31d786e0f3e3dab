// Spec 4.14, 5.13, 6: when the upgrade entry, mask and guide, the standard-account alert and the
// copy-trading-off banner show.
import { describe, expect, it } from 'vitest';
import {
  showsCopyTradingBanner, showsStandardAlert, showsUpgradeEntry, showsUpgradeGuide, showsUpgradeMask, STANDARD_ALERT_PREF_KEY,
  STANDARD_ALERT_REPEAT_MS, UTA_GUIDE_PREF_KEY, type NoticeUser,
} from '../../src/core/account-notices.ts';

const classic: NoticeUser = { userState: 1, isUTA: false, isDemoAccount: false, isNewLeader: false, upgradeGray: true, upgradedAt: 0, standardOfflineSwitch: true };
const none = { uta: '', utaInverse: '' } as const;

describe('upgrade entry, mask and guide (spec 4.14)', () => {
  it('the entry needs a logged-in classic non-demo account in the gray group with tag none or FAIL', () => {
    expect(showsUpgradeEntry(classic, none)).toBe(true);
    expect(showsUpgradeEntry(classic, { uta: 'FAIL', utaInverse: '' })).toBe(true);
    expect(showsUpgradeEntry(classic, { uta: 'PROCESS', utaInverse: '' })).toBe(false);
    expect(showsUpgradeEntry({ ...classic, upgradeGray: false }, none)).toBe(false);
    expect(showsUpgradeEntry({ ...classic, isUTA: true }, none)).toBe(false);
    expect(showsUpgradeEntry({ ...classic, isDemoAccount: true }, none)).toBe(false);
    expect(showsUpgradeEntry({ ...classic, userState: -1 }, none)).toBe(false);
  });
  it('the mask while PROCESS; the guide once after an upgrade, not on demo, once preferences are loaded', () => {
    expect(showsUpgradeMask(classic, { uta: 'PROCESS', utaInverse: '' })).toBe(true);
    expect(showsUpgradeMask(classic, none)).toBe(false);
    const upgraded = { ...classic, isUTA: true, upgradedAt: 1 };
    expect(showsUpgradeGuide(upgraded, {})).toBe(true);
    expect(showsUpgradeGuide(upgraded, null)).toBe(false);
    expect(showsUpgradeGuide(upgraded, { [UTA_GUIDE_PREF_KEY]: '1' })).toBe(false);
    expect(showsUpgradeGuide({ ...upgraded, isDemoAccount: true }, {})).toBe(false);
    expect(showsUpgradeGuide({ ...upgraded, upgradedAt: 0 }, {})).toBe(false);
  });
});

describe('standard-account offline alert (spec 5.13)', () => {
  const now = 1_800_000_000_000;
  it('logged in, not unified, switch on, preferences loaded, never dismissed or over 7 days ago', () => {
    expect(showsStandardAlert(classic, {}, now)).toBe(true);
    expect(showsStandardAlert(classic, { [STANDARD_ALERT_PREF_KEY]: String(now - STANDARD_ALERT_REPEAT_MS - 1) }, now)).toBe(true);
    expect(showsStandardAlert(classic, { [STANDARD_ALERT_PREF_KEY]: String(now - STANDARD_ALERT_REPEAT_MS) }, now)).toBe(false);
    expect(showsStandardAlert(classic, { [STANDARD_ALERT_PREF_KEY]: String(now - 1000) }, now)).toBe(false);
    expect(showsStandardAlert(classic, null, now)).toBe(false);
    expect(showsStandardAlert({ ...classic, standardOfflineSwitch: false }, {}, now)).toBe(false);
    expect(showsStandardAlert({ ...classic, isUTA: true }, {}, now)).toBe(false);
    expect(showsStandardAlert({ ...classic, userState: -1 }, {}, now)).toBe(false);
  });
});

describe('copy-trading-off banner (spec 5.13, 6)', () => {
  it('new leaders who are logged in and unified', () => {
    const leader = { ...classic, isUTA: true, isNewLeader: true };
    expect(showsCopyTradingBanner(leader)).toBe(true);
    expect(showsCopyTradingBanner({ ...leader, isUTA: false })).toBe(false);
    expect(showsCopyTradingBanner({ ...leader, isNewLeader: false })).toBe(false);
    expect(showsCopyTradingBanner({ ...leader, userState: -1 })).toBe(false);
  });
});
