// Who is logged in, as the page needs it (spec 3's User), and the confirmation flags it keeps:
// shared by the API that decodes it (api/user.ts), the state that holds it and the features that read it.
import type { MemberTag } from './account-notices.ts';

/** The User entity of spec 3, as the page needs it. */
export interface UserInfo {
  userState: 1 | -1;
  id: number | null;
  isUTA: boolean;
  isDemoAccount: boolean;
  unifiedAccount: number;
  isCopyTradingLeader: boolean;
  isSubAccount: boolean;
  isEAA: boolean;
  name: string;
  /** Spec 6: a copy-trading leader who has just become one (the copy-trading-off banner). */
  isNewLeader: boolean;
  /** member_tag.UTA and UTA_INVERSE (spec 3): the upgrade to unified and its inverse part. */
  memberTag: { uta: MemberTag; utaInverse: MemberTag };
  /** Spec 4.14's gray flag: the account is in the upgrade's pilot group. */
  upgradeGray: boolean;
  /** When a classic account became unified (0: never upgraded): the one-time user guide. */
  upgradedAt: number;
  /** Spec 5.13's offline switch for classic accounts. */
  standardOfflineSwitch: boolean;
  /** chartModify: a drag on the chart asks before it modifies an order (default on). */
  doubleConfirm: { notifyClose: boolean; tradeNotifyClose: boolean; successAudio: boolean; chartModify: boolean };
  /**
   * Spec 4.13: the unified balance polling as the exchange sent it (`unified_balance_poll`), read
   * by the lazy poll itself (core/balance-poll.ts readPollConfig), so the first load carries no parser.
   */
  balancePoll: unknown;
}

export const ANONYMOUS: UserInfo = {
  userState: -1,
  id: null,
  isUTA: false,
  isDemoAccount: false,
  unifiedAccount: 0,
  isCopyTradingLeader: false,
  isSubAccount: false,
  isEAA: false,
  name: '',
  isNewLeader: false,
  memberTag: { uta: '', utaInverse: '' },
  upgradeGray: false,
  upgradedAt: 0,
  standardOfflineSwitch: false,
  doubleConfirm: { notifyClose: true, tradeNotifyClose: false, successAudio: false, chartModify: true },
  balancePoll: null,
};

/** The confirmation flags a user switches in the settings (spec 7.5 double_confirm). */
export type ConfirmPref = 'notifyClose' | 'successAudio' | 'chartModify';

/** What kind of account the header names (issue 33 item 7): unified or classic, and demo or sub-account when it is one. */
export type AccountKind = 'unified' | 'classic' | 'demo' | 'sub';

/** The kinds that describe this account, the main one (unified or classic) first. */
export function accountKinds(u: UserInfo): AccountKind[] {
  const out: AccountKind[] = [u.isUTA ? 'unified' : 'classic'];
  if (u.isDemoAccount) out.push('demo');
  if (u.isSubAccount) out.push('sub');
  return out;
}
