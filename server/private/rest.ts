import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AppContext } from '../app.ts';
import type { Db } from '../accounts/db.ts';
import { parseAmount } from '../accounts/money.ts';
import type { KeyLookup } from '../auth/api-key.ts';
import { ApiError, envelope, ERR } from '../auth/errors.ts';
import { authenticate } from '../auth/resolve.ts';
import { BodyError, readBody, sendJson } from '../http/router.ts';
import { marketOf } from './market.ts';
import { findUserOrder, isOpen, type OrderRow } from './order-rows.ts';
import { GRID_BOT_LIST_PATH } from '../../src/protocol/grid-bots.ts';
import { QUERY_POSITIONS_PATH } from '../../src/protocol/positions.ts';
import { listGridBots } from './grid-bots.ts';
import { queryPositions } from './positions.ts';
import { executionList, orderHistory, realtimeOrders } from './queries.ts';
import type { TradingService } from './trading.ts';
import { checkBaseQty, checkPrice, checkValue, planCreate, requireSpot } from './validate.ts';
import { walletJson } from './wallet.ts';

/** Bybit private bodies are small; anything past this is refused before it is parsed. */
export const PRIVATE_BODY_LIMIT = 16 * 1024;

type GetFn = (userId: number, q: URLSearchParams) => unknown;
type PostFn = (userId: number, body: Record<string, unknown>) => unknown;

function fail(res: ServerResponse, err: unknown): void {
  if (err instanceof ApiError) return sendJson(res, err.httpStatus, envelope(err.retCode, err.message));
  if (err instanceof BodyError) return sendJson(res, err.status, envelope(ERR.PARAM, err.message));
  throw err;
}

function rawQuery(req: IncomingMessage): string {
  const u = req.url ?? '';
  const i = u.indexOf('?');
  return i < 0 ? '' : u.slice(i + 1);
}

function str(body: Record<string, unknown>, name: string): string | undefined {
  const v = body[name];
  return typeof v === 'string' && v !== '' ? v : undefined;
}

function optDecimal(body: Record<string, unknown>, name: string): bigint | undefined {
  const v = body[name];
  if (v === undefined || v === null || v === '') return undefined;
  const n = typeof v === 'string' ? parseAmount(v) : typeof v === 'number' ? parseAmount(String(v)) : undefined;
  if (n === undefined) throw new ApiError(ERR.PARAM, `Request parameter error: ${name}`);
  return n;
}

/** Bybit v5 private REST. Requests are signed (API key) or come from the page's session (cookie + CSRF check). */
export function installPrivateRest(ctx: AppContext, db: Db, lookup: KeyLookup, trading: TradingService): void {
  const get = (path: string, fn: GetFn) =>
    ctx.router.on('GET', path, (req, res, url) => {
      try {
        const { userId } = authenticate(req, rawQuery(req), db, lookup, false);
        sendJson(res, 200, envelope(0, 'OK', fn(userId, url.searchParams)));
      } catch (err) {
        fail(res, err);
      }
    });
  const post = (path: string, fn: PostFn) =>
    ctx.router.on('POST', path, async (req, res) => {
      try {
        const raw = await readBody(req, PRIVATE_BODY_LIMIT);
        // The signature covers the raw bytes, so it is checked before the JSON is even parsed.
        const { userId } = authenticate(req, raw, db, lookup, true);
        let body: unknown;
        try {
          body = JSON.parse(raw);
        } catch {
          throw new ApiError(ERR.PARAM, 'Request parameter error: malformed JSON body');
        }
        if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new ApiError(ERR.PARAM, 'Request parameter error: body must be an object');
        sendJson(res, 200, envelope(0, 'OK', fn(userId, body as Record<string, unknown>)));
      } catch (err) {
        fail(res, err);
      }
    });

  const lookupOrder = (userId: number, body: Record<string, unknown>): OrderRow => {
    requireSpot(body);
    const symbol = str(body, 'symbol');
    if (!symbol || !marketOf(symbol)) throw new ApiError(ERR.INVALID_SYMBOL, 'Invalid symbol.');
    const orderId = str(body, 'orderId');
    const orderLinkId = str(body, 'orderLinkId');
    if (!orderId && !orderLinkId) throw new ApiError(ERR.PARAM, 'Request parameter error: orderId or orderLinkId is required');
    const row = findUserOrder(db, userId, orderId, orderLinkId);
    if (!row || row.symbol !== symbol) throw new ApiError(ERR.SPOT_ORDER_NOT_FOUND, 'Order does not exist.');
    if (!isOpen(row.status)) {
      if (row.status === 'Filled' || row.status === 'Rejected') throw new ApiError(ERR.ORDER_DONE, 'The order has been completed or cancelled.');
      throw new ApiError(ERR.ORDER_CANCELLED, 'Order has been cancelled');
    }
    return row;
  };

  post('/v5/order/create', (userId, body) => trading.create(userId, planCreate(body)));

  post('/v5/order/amend', (userId, body) => {
    const row = lookupOrder(userId, body);
    const m = marketOf(row.symbol)!;
    const qty = optDecimal(body, 'qty');
    const price = optDecimal(body, 'price');
    const triggerPrice = optDecimal(body, 'triggerPrice');
    if (qty === undefined && price === undefined && triggerPrice === undefined) throw new ApiError(ERR.PARAM, 'Request parameter error: nothing to amend');
    if (price !== undefined) checkPrice(m, price);
    if (triggerPrice !== undefined) checkPrice(m, triggerPrice, 'triggerPrice');
    if (qty !== undefined && (row.order_type === 'Limit' || row.market_unit === 'baseCoin')) checkBaseQty(m, qty);
    if (row.order_type === 'Limit') {
      const p = price ?? parseAmount(row.price)!;
      checkValue(m, (p * (qty ?? parseAmount(row.qty)!)) / 10n ** 18n);
    }
    trading.amend(row, { ...(qty !== undefined ? { qty } : {}), ...(price !== undefined ? { price } : {}), ...(triggerPrice !== undefined ? { triggerPrice } : {}) });
    return { orderId: row.order_id, orderLinkId: row.order_link_id };
  });

  post('/v5/order/cancel', (userId, body) => {
    const row = lookupOrder(userId, body);
    trading.cancel(row);
    return { orderId: row.order_id, orderLinkId: row.order_link_id };
  });

  post('/v5/order/cancel-all', (userId, body) => {
    requireSpot(body);
    const symbol = str(body, 'symbol');
    if (symbol && !marketOf(symbol)) throw new ApiError(ERR.INVALID_SYMBOL, 'Invalid symbol.');
    const filter = str(body, 'orderFilter') ?? 'Order';
    const types: Record<string, string[]> = { Order: [''], StopOrder: ['Stop', 'TrailingStop'], tpslOrder: ['tpslOrder'], OcoOrder: ['OcoOrder'], BidirectionalTpslOrder: [] };
    const wanted = types[filter];
    if (!wanted) throw new ApiError(ERR.PARAM, 'Request parameter error: orderFilter');
    const rows = db
      .prepare(`SELECT * FROM orders WHERE user_id = ? AND status IN ('New','PartiallyFilled','Untriggered') ${symbol ? 'AND symbol = ?' : ''} ORDER BY created_time`)
      .all(...(symbol ? [userId, symbol] : [userId])) as OrderRow[];
    const list = [];
    for (const row of rows) {
      if (!wanted.includes(row.stop_order_type)) continue;
      trading.cancel(row);
      list.push({ orderId: row.order_id, orderLinkId: row.order_link_id });
    }
    return { list, success: '1' };
  });

  get('/v5/order/realtime', (userId, q) => realtimeOrders(db, userId, q));
  get('/v5/order/history', (userId, q) => orderHistory(db, userId, q));
  get('/v5/execution/list', (userId, q) => executionList(db, userId, q));
  get('/v5/account/wallet-balance', (userId, q) => {
    const type = q.get('accountType');
    if (type !== 'UNIFIED' && type !== 'SPOT') throw new ApiError(ERR.PARAM, 'Request parameter error: accountType must be UNIFIED or SPOT');
    const coinParam = q.get('coin');
    const coins = coinParam ? new Set(coinParam.split(',').map((c) => c.trim()).filter(Boolean)) : undefined;
    return { list: [walletJson(trading.ledger, userId, trading.engines, coins)] };
  });
  post(QUERY_POSITIONS_PATH, (userId, body) => queryPositions(db, trading.ledger, userId, body));
  get(GRID_BOT_LIST_PATH, (userId, q) => listGridBots(db, userId, q));
}
