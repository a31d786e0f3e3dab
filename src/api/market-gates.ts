// What the exchange says about trading right now (issue 16, spec 5.2 and 5.4): maintenance from
// Bybit's GET /v5/system/status, and the user's remaining innovation quota.
import { INNOVATION_QUOTA_PATH, remainingOf } from '../protocol/innovation-quota.ts';
import { ApiError, isRecord, requestJson, v5Result } from './http.ts';

/** True while a maintenance window is ongoing (Bybit's state 'ongoing'). */
export async function fetchUnderMaintenance(): Promise<boolean> {
  const r = v5Result(await requestJson('/v5/system/status'));
  const list = Array.isArray(r.list) ? r.list : [];
  return list.some((x) => isRecord(x) && x.state === 'ongoing');
}

/** The remaining innovation quota for buys of `symbolId` ('-1' unlimited, '--' counts as none left). */
export async function fetchInnovationRemaining(symbolId: string): Promise<string> {
  const r = v5Result(await requestJson(`${INNOVATION_QUOTA_PATH}?symbolId=${encodeURIComponent(symbolId)}`));
  const v = remainingOf(r);
  if (v === undefined) throw new ApiError('bad innovation quota', 'parse', 200);
  return v;
}
