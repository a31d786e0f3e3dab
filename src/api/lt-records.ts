// The orders panel's leveraged-token records (spec 2.12): GET /v5/spot-lever-token/order-record.
import { decodeLtOrder, LT_ORDER_RECORD_PATH, type LtOrder } from '../protocol/bybit-v5/lt-order.ts';
import { requestJson, v5Result } from './http.ts';

export type { LtOrder } from '../protocol/bybit-v5/lt-order.ts';

export async function fetchLtRecords(type: 1 | 2): Promise<LtOrder[]> {
  const r = v5Result(await requestJson(`${LT_ORDER_RECORD_PATH}?ltOrderType=${type}&limit=100`));
  return (Array.isArray(r.list) ? r.list : []).map(decodeLtOrder).filter((o): o is LtOrder => o !== null);
}
