// The upgrade to a unified account (spec 4.14): one signed-by-session call to the exchange.
import { requestJson, v5Result, ApiError } from './http.ts';
import { decodeUpgradeResult, UPGRADE_TO_UTA_PATH, type UnifiedUpdateStatus } from '../protocol/bybit-v5/uta-upgrade.ts';

/** Asks the exchange to upgrade the logged-in classic account: FAIL with its reasons, PROCESS or SUCCESS. */
export async function requestUpgrade(): Promise<{ status: UnifiedUpdateStatus; reasons: string[] }> {
  const out = decodeUpgradeResult(v5Result(await requestJson(UPGRADE_TO_UTA_PATH, { method: 'POST', body: {} })));
  if (!out) throw new ApiError('bad response result', 'parse', 200);
  return out;
}
