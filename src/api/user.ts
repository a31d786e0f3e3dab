import { requestJson, isRecord, ApiError } from './http.ts';
import { isMemberTag } from '../core/account-notices.ts';
import { ANONYMOUS, type ConfirmPref, type UserInfo } from '../core/user-info.ts';

function flag(v: unknown): boolean {
  return v === true || v === 1 || v === '1';
}

function firstText(...values: unknown[]): string {
  for (const v of values) if (typeof v === 'string' && v !== '') return v;
  return '';
}

/** Reads /api/user/info leniently: anything but a well-formed logged-in answer is anonymous. */
export function toUserInfo(data: unknown): UserInfo {
  const body = isRecord(data) && isRecord(data.result) ? data.result : data;
  if (!isRecord(body) || body.userState !== 1) return ANONYMOUS;
  const dc = isRecord(body.double_confirm) ? body.double_confirm : {};
  const tags = isRecord(body.member_tag) ? body.member_tag : {};
  return {
    userState: 1,
    id: typeof body.id === 'number' ? body.id : null,
    isUTA: flag(body.isUTA),
    isDemoAccount: flag(body.isDemoAccount),
    unifiedAccount: typeof body.unified_account === 'number' ? body.unified_account : 0,
    isCopyTradingLeader: flag(body.is_copy_trading_leader),
    isSubAccount: flag(body.isSubAccount),
    isEAA: flag(body.isEAA),
    // The exchange's user info names the account `nickName`; older answers said `name` or `username`.
    name: firstText(body.nickName, body.name, body.username),
    isNewLeader: flag(body.is_new_leader),
    memberTag: { uta: isMemberTag(tags.UTA) ? tags.UTA : '', utaInverse: isMemberTag(tags.UTA_INVERSE) ? tags.UTA_INVERSE : '' },
    upgradeGray: flag(body.uta_upgrade_gray),
    upgradedAt: typeof body.uta_upgraded_at === 'number' ? body.uta_upgraded_at : 0,
    standardOfflineSwitch: flag(body.standard_offline_switch),
    doubleConfirm: { notifyClose: dc.notifyClose !== false, tradeNotifyClose: flag(dc.tradeNotifyClose), successAudio: flag(dc.successAudio), chartModify: dc.chartModify !== false },
    balancePoll: body.unified_balance_poll ?? null,
  };
}

export async function fetchUserInfo(signal?: AbortSignal): Promise<UserInfo> {
  try {
    return toUserInfo(await requestJson('/api/user/info', { signal }));
  } catch (err) {
    // 401/404 mean nobody is logged in (or accounts are off); other failures are real errors.
    if (err instanceof ApiError && (err.status === 401 || err.status === 404)) return ANONYMOUS;
    throw err;
  }
}

export async function logout(): Promise<void> {
  await requestJson('/api/logout', { method: 'POST', body: {} });
}

/** Sets keys of the user's preferences (spec 3 "User pref"); the others stay as they are. */
export async function savePrefs(upserts: Record<string, string>): Promise<void> {
  await requestJson('/api/user/pref', { method: 'POST', body: { upsert_keys: upserts } });
}

/** Saves one confirmation flag in the user's preferences. */
export function saveConfirmPref(key: ConfirmPref, on: boolean): Promise<void> {
  return savePrefs({ [key]: on ? 'true' : 'false' });
}
