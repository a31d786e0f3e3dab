// Spec 6 / 7.1: what logging in fetches besides the user info — the user's time zone and the open
// price of each market at the start of that zone's day ("GET futures open price": timeZone and
// category sent, result.data read).
import { ApiError, isRecord, requestJson, v5Result } from './http.ts';

/** The user's time zone (GET /spot/api/account/time_zone, page envelope); 'UTC' when unset. */
export async function fetchUserTimeZone(): Promise<string> {
  const data = await requestJson('/spot/api/account/time_zone');
  if (!isRecord(data) || data.code !== 0 || !isRecord(data.result)) throw new ApiError(isRecord(data) && typeof data.message === 'string' ? data.message : 'time zone request failed', 'parse', 200);
  const zone = data.result.timeZone;
  return typeof zone === 'string' && zone !== '' && zone.length <= 64 ? zone : 'UTC';
}

/** Open prices by symbol for the day of `timeZone` (GET /v5/market/open-price). */
export async function fetchOpenPrices(timeZone: string, category = 'spot'): Promise<ReadonlyMap<string, string>> {
  const q = new URLSearchParams({ category, timeZone });
  const r = v5Result(await requestJson(`/v5/market/open-price?${q}`));
  const out = new Map<string, string>();
  if (!Array.isArray(r.data)) throw new ApiError('bad open-price list', 'parse', 200);
  for (const row of r.data) {
    if (isRecord(row) && typeof row.symbol === 'string' && typeof row.openPrice === 'string' && /^\d+(\.\d+)?$/.test(row.openPrice)) out.set(row.symbol, row.openPrice);
  }
  return out;
}
