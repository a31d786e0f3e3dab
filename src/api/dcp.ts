// Disconnection protection's calls (Bybit's DCP, server/private/services/dcp.ts), through the session.
import { decodeOrder } from '../protocol/bybit-v5/order.ts';
import { DCP_CANCEL_TYPE, DCP_INFO_PATH, DCP_SET_PATH } from '../protocol/bybit-v5/dcp.ts';
import type { AccountKind } from '../protocol/bybit-v5/topics.ts';
import type { Order } from '../core/order-types.ts';
import { isRecord, requestJson, v5Result } from './http.ts';

/** The account's spot window in seconds, or null when it has set none. */
export async function fetchDcpWindow(): Promise<number | null> {
  const r = v5Result(await requestJson(DCP_INFO_PATH));
  const infos = Array.isArray(r.dcpInfos) ? r.dcpInfos : [];
  const spot = infos.find((i) => isRecord(i) && i.product === 'SPOT');
  const s = isRecord(spot) ? Number(spot.timeWindow) : NaN;
  return Number.isInteger(s) && s > 0 ? s : null;
}

/** Sets the account's spot window on the exchange. */
export async function saveDcpWindow(seconds: number): Promise<void> {
  v5Result(await requestJson(DCP_SET_PATH, { method: 'POST', body: { product: 'SPOT', timeWindow: seconds } }));
}

/** The account's spot orders of the last 7 days that disconnection protection cancelled, newest first (the 50 newest orders are read). */
export async function fetchDcpCancels(kind: AccountKind): Promise<Order[]> {
  const r = v5Result(await requestJson('/v5/order/history?category=spot&limit=50'));
  const list: unknown[] = Array.isArray(r.list) ? r.list : [];
  const raw = list.filter((o) => isRecord(o) && o.cancelType === DCP_CANCEL_TYPE);
  return raw.map((o) => decodeOrder(o, kind)).filter((o): o is Order => o !== null);
}
