// The upgrade of a classic account to a unified one (Bybit docs/v5/account/upgrade-unified-account.mdx,
// spec 4.14, 7.7): the paths, the answer's fields, the account topic and its result codes, shared by
// the local exchange and the page.
import { isObj } from './checks.ts';

export type { MemberTag } from '../../core/account-notices.ts';

export const UPGRADE_TO_UTA_PATH = '/v5/account/upgrade-to-uta';
export const ACCOUNT_INFO_PATH = '/v5/account/info';

/** The answer's unifiedUpdateStatus; unifiedUpdateMsg.msg is filled only on FAIL. */
export type UnifiedUpdateStatus = 'FAIL' | 'PROCESS' | 'SUCCESS';
export interface UpgradeResultWire {
  unifiedUpdateStatus: UnifiedUpdateStatus;
  unifiedUpdateMsg: { msg: string[] };
}

export { isMemberTag } from '../../core/account-notices.ts';

/** /v5/account/info unifiedMarginStatus (docs/v5/enum.mdx): 1 classic; 5 UTA 2.0; 6 UTA 2.0 Pro (a classic account upgrades to 6). */
export const MARGIN_STATUS_CLASSIC = 1;
export const MARGIN_STATUS_UTA = 5;
export const MARGIN_STATUS_UTA_UPGRADED = 6;

/** The reasons a FAIL lists (Bybit's own wording is similar); the page translates the ones it knows. */
export const UPGRADE_FAIL_OPEN_ORDERS = 'The account has open orders: cancel them before upgrading.';
export const UPGRADE_FAIL_LIABILITIES = 'The account has outstanding spot liabilities: repay them before upgrading.';

/** The account topic's results (spec 4.14): '0' done, '3400324' still in progress, anything else an error code. */
export const UTA_UPGRADE_TOPIC = 'user.uta.upgrade';
export const UPGRADE_PUSH_DONE = '0';
export const UPGRADE_PUSH_IN_PROGRESS = '3400324';
/**
 * The local exchange's own failure code: when the upgrade came to complete, the account had an
 * open order or a loan after all (one that opened while it ran, such as a waiting grid bot's), so
 * the upgrade failed instead, as it would have when asked.
 */
export const UPGRADE_PUSH_BLOCKED = '3400301';

/** One push of the topic: its data is the result code as a string. */
export function encodeUpgradePush(id: string, creationTime: number, code: string): string {
  return JSON.stringify({ id, topic: UTA_UPGRADE_TOPIC, creationTime, data: code });
}

/** The result code of an upgrade push, or undefined when the frame is not one. */
export function decodeUpgradePush(msg: unknown): string | undefined {
  if (!isObj(msg) || msg.topic !== UTA_UPGRADE_TOPIC) return undefined;
  const d = msg.data;
  return typeof d === 'string' ? d : typeof d === 'number' ? String(d) : undefined;
}

/** The upgrade's answer as the page reads it. */
export function decodeUpgradeResult(result: unknown): { status: UnifiedUpdateStatus; reasons: string[] } | undefined {
  if (!isObj(result)) return undefined;
  const s = result.unifiedUpdateStatus;
  if (s !== 'FAIL' && s !== 'PROCESS' && s !== 'SUCCESS') return undefined;
  const msg = isObj(result.unifiedUpdateMsg) && Array.isArray(result.unifiedUpdateMsg.msg) ? result.unifiedUpdateMsg.msg : [];
  return { status: s, reasons: msg.filter((m): m is string => typeof m === 'string') };
}
