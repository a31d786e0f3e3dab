// POST /v5/order/create-batch for spot (Bybit: at most 10 orders per request): each item is a
// /v5/order/create body without `category`; each is placed or refused on its own, and the answer
// pairs result.list (the orders) with retExtInfo.list (each item's code and message), in order.
import type { Db } from '../../accounts/db.ts';
import { getUser } from '../../accounts/users.ts';
import { ApiError, ERR } from '../../auth/errors.ts';
import { SPOT_BATCH_MAX } from '../../../src/core/scaled-orders.ts';
import type { TradingService } from '../engines/trading.ts';
import { planCreate, requireSpot, type CreatePlan } from './validate.ts';

export interface BatchItemResult {
  category: string;
  symbol: string;
  orderId: string;
  orderLinkId: string;
  createAt: string;
}

export function createBatch(
  db: Db, trading: TradingService, userId: number, body: Record<string, unknown>, now = Date.now, gate: (plan: CreatePlan) => void = () => undefined,
): { list: BatchItemResult[]; ext: Array<{ code: number; msg: string }> } {
  requireSpot(body);
  const items = body.request;
  if (!Array.isArray(items) || items.length === 0) throw new ApiError(ERR.PARAM, 'Request parameter error: request must be a non-empty array');
  if (items.length > SPOT_BATCH_MAX) throw new ApiError(ERR.PARAM, `Request parameter error: at most ${SPOT_BATCH_MAX} spot orders per batch`);
  const demo = getUser(db, userId)?.is_demo === 1;
  const list: BatchItemResult[] = [];
  const ext: Array<{ code: number; msg: string }> = [];
  for (const raw of items) {
    const item = typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
    const symbol = typeof item.symbol === 'string' ? item.symbol : '';
    try {
      const plan = planCreate({ ...item, category: 'spot' });
      if (plan.orderFilter === 'OcoOrder' && demo) throw new ApiError(ERR.DEMO_NOT_SUPPORTED, 'Demo trading are not supported.');
      gate(plan);
      const r = trading.create(userId, plan);
      list.push({ category: 'spot', symbol, orderId: r.orderId, orderLinkId: r.orderLinkId, createAt: String(now()) });
      ext.push({ code: 0, msg: 'OK' });
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      list.push({ category: 'spot', symbol, orderId: '', orderLinkId: typeof item.orderLinkId === 'string' ? item.orderLinkId : '', createAt: '' });
      ext.push({ code: err.retCode, msg: err.message });
    }
  }
  return { list, ext };
}
