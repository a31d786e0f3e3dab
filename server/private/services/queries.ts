import type { Db } from '../../accounts/db.ts';
import { ApiError, ERR } from '../../auth/errors.ts';
import { plainInt } from '../../http/request.ts';
import { marketOf } from '../market.ts';
import { executionJson, getOrder, orderJson, type ExecutionRow, type OrderRow } from '../rows/orders.ts';
import { FILTER_STOP_TYPES, isOrderFilter, OPEN_STATUS_SQL } from '../../../src/protocol/bybit-v5/vocabulary.ts';

/** The stop-order types an orderFilter lists; undefined for an unknown filter. */
const typesOf = (filter: string): readonly string[] | undefined => (isOrderFilter(filter) ? FILTER_STOP_TYPES[filter] : undefined);
const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

export function intParam(q: URLSearchParams, name: string, min: number, max: number, fallback: number): number {
  const raw = q.get(name);
  if (raw === null || raw === '') return fallback;
  const n = plainInt(raw);
  if (n === undefined) throw new ApiError(ERR.PARAM, `Request parameter error: ${name}`);
  if (n < min || n > max) throw new ApiError(ERR.PARAM, `Request parameter error: ${name} out of range`);
  return n;
}

/** The cursor is an opaque offset; good enough for a local exchange's small histories. */
export function page<T>(rows: T[], offset: number, limit: number): { list: T[]; nextPageCursor: string } {
  const list = rows.slice(0, limit);
  return { list, nextPageCursor: rows.length > limit ? `page_args%3D${offset + limit}` : '' };
}

export function cursorOffset(q: URLSearchParams): number {
  const c = q.get('cursor');
  if (!c) return 0;
  const m = /^page_args(?:%3D|=)(\d{1,9})$/.exec(c);
  if (!m) throw new ApiError(ERR.PARAM, 'Request parameter error: cursor');
  return Number(m[1]);
}

function commonFilters(q: URLSearchParams, userId: number): { where: string[]; args: unknown[] } {
  if (q.get('category') !== 'spot') throw new ApiError(ERR.PARAM, 'Request parameter error: category must be spot');
  const where = ['user_id = ?'];
  const args: unknown[] = [userId];
  const symbol = q.get('symbol');
  if (symbol) {
    if (!marketOf(symbol)) throw new ApiError(ERR.INVALID_SYMBOL, 'Invalid symbol.');
    where.push('symbol = ?');
    args.push(symbol);
  }
  const orderId = q.get('orderId');
  if (orderId) {
    where.push('order_id = ?');
    args.push(orderId);
  }
  return { where, args };
}

/** The order lists' own filters: orderLinkId and orderFilter (the stop-order types it names). */
function orderFilters(q: URLSearchParams, where: string[], args: unknown[]): void {
  const link = q.get('orderLinkId');
  if (link) {
    where.push('order_link_id = ?');
    args.push(link);
  }
  const filter = q.get('orderFilter');
  if (filter) {
    const types = typesOf(filter);
    if (!types) throw new ApiError(ERR.PARAM, 'Request parameter error: orderFilter');
    where.push(`stop_order_type IN (${types.map(() => '?').join(',')})`);
    args.push(...types);
  }
}

/** GET /v5/order/realtime: open orders (openOnly=0) or recently closed ones (openOnly=1). */
export function realtimeOrders(db: Db, userId: number, q: URLSearchParams): Record<string, unknown> {
  const { where, args } = commonFilters(q, userId);
  orderFilters(q, where, args);
  if (!q.get('orderId') && !q.get('orderLinkId')) {
    where.push(q.get('openOnly') === '1' ? `status NOT IN (${OPEN_STATUS_SQL})` : `status IN (${OPEN_STATUS_SQL})`);
  }
  const limit = intParam(q, 'limit', 1, 50, 20);
  const offset = cursorOffset(q);
  const rows = db.prepare(`SELECT * FROM orders WHERE ${where.join(' AND ')} ORDER BY created_time DESC, order_id DESC LIMIT ? OFFSET ?`).all(...args, limit + 1, offset) as OrderRow[];
  const p = page(rows.map(orderJson), offset, limit);
  return { category: 'spot', ...p };
}

/** GET /v5/order/history: every order in a 7-day window (default: the last 7 days). */
export function orderHistory(db: Db, userId: number, q: URLSearchParams): Record<string, unknown> {
  const { where, args } = commonFilters(q, userId);
  orderFilters(q, where, args);
  const status = q.get('orderStatus');
  if (status) {
    where.push('status = ?');
    args.push(status);
  }
  const [start, end] = timeWindow(q);
  where.push('created_time >= ? AND created_time <= ?');
  args.push(start, end);
  const limit = intParam(q, 'limit', 1, 50, 20);
  const offset = cursorOffset(q);
  const rows = db.prepare(`SELECT * FROM orders WHERE ${where.join(' AND ')} ORDER BY created_time DESC, order_id DESC LIMIT ? OFFSET ?`).all(...args, limit + 1, offset) as OrderRow[];
  return { category: 'spot', ...page(rows.map(orderJson), offset, limit) };
}

export function timeWindow(q: URLSearchParams): [number, number] {
  const now = Date.now();
  const s = q.get('startTime');
  const e = q.get('endTime');
  const start = s ? intParam(q, 'startTime', 0, 9e15, 0) : undefined;
  const end = e ? intParam(q, 'endTime', 0, 9e15, 0) : undefined;
  if (start !== undefined && end !== undefined) {
    if (end < start || end - start > WEEK_MS) throw new ApiError(ERR.PARAM, 'Request parameter error: endTime - startTime must be within 7 days');
    return [start, end];
  }
  if (start !== undefined) return [start, start + WEEK_MS];
  if (end !== undefined) return [end - WEEK_MS, end];
  return [now - WEEK_MS, now + 1000];
}

/** GET /v5/execution/list */
export function executionList(db: Db, userId: number, q: URLSearchParams): Record<string, unknown> {
  const { where, args } = commonFilters(q, userId);
  const link = q.get('orderLinkId');
  if (link) {
    where.push('order_id IN (SELECT order_id FROM orders WHERE user_id = ? AND order_link_id = ?)');
    args.push(userId, link);
  }
  const [start, end] = timeWindow(q);
  where.push('exec_time >= ? AND exec_time <= ?');
  args.push(start, end);
  const limit = intParam(q, 'limit', 1, 100, 50);
  const offset = cursorOffset(q);
  const rows = db.prepare(`SELECT * FROM executions WHERE ${where.join(' AND ')} ORDER BY exec_time DESC, exec_id DESC LIMIT ? OFFSET ?`).all(...args, limit + 1, offset) as ExecutionRow[];
  return { category: 'spot', ...page(rows.map((e) => executionJson(e, getOrder(db, e.order_id))), offset, limit) };
}
