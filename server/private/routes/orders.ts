// Bybit v5 private order endpoints: /v5/order/{create,amend,cancel,cancel-all,create-batch,
// disconnected-cancel-all,realtime,history} and /v5/execution/list. Requests are signed (API key) or come from the page's
// session (cookie + CSRF check); each is authenticated first (a signature over the raw query or
// body bytes), counted against its user's rate limit for the endpoint, its body parsed and checked
// against the schema, then handled by services/orders.ts and services/queries.ts.
import type { FastifyRequest } from 'fastify';
import { faultScopeOf } from '../../exchange/faults/scope.ts';
import { bybitBody, sendJson } from '../../http/reply.ts';
import { AMOUNT, FLAG, digits, object, query, text, type Schema } from '../../http/schemas.ts';
import { createBatch } from '../services/batch.ts';
import { checkMarketGates } from '../services/market-gates.ts';
import { amendOrder, cancelAll, cancelOrder, createOrder, type Gate } from '../services/orders.ts';
import { setDcp } from '../services/dcp.ts';
import { executionList, orderHistory, realtimeOrders } from '../services/queries.ts';
import { PRIVATE_BODY_LIMIT, privateGet, privatePost, type RouteContext } from './context.ts';

const CATEGORY = text(16);
const SYMBOL = text(64);
const ORDER_ID = text(64);
const LINK_ID = text(64);
const FILTER = text(32);
const BOOL: Schema = { type: ['boolean', 'string', 'null'], maxLength: 5 };
const CURSOR = text(256);
/** Amounts may be absent, a decimal string, a JSON number, or null (treated as absent). */
const OPT_AMOUNT: Schema = { ...AMOUNT, type: ['string', 'number', 'null'] };

/**
 * Body and query schemas of the order endpoints: shapes (types, lengths, number formats). The
 * trading rules (spot only, known symbol, tick and lot sizes, balances) answer their own Bybit
 * codes in services/validate.ts and services/orders.ts.
 */
const CREATE_BODY = object(
  {
    category: CATEGORY, symbol: SYMBOL, side: text(8), orderType: text(16), qty: AMOUNT, price: OPT_AMOUNT,
    marketUnit: text(16), timeInForce: text(16), orderLinkId: LINK_ID, orderFilter: FILTER, isLeverage: FLAG,
    triggerPrice: OPT_AMOUNT, takeProfit: OPT_AMOUNT, stopLoss: OPT_AMOUNT, tpLimitPrice: OPT_AMOUNT, slLimitPrice: OPT_AMOUNT,
    tpOrderType: text(16), slOrderType: text(16), trailingValue: OPT_AMOUNT, trailingPercentage: OPT_AMOUNT,
    reduceOnly: BOOL, closeOnTrigger: BOOL,
  },
  ['category', 'symbol', 'side', 'orderType', 'qty'],
);
const AMEND_BODY = object(
  {
    category: CATEGORY, symbol: SYMBOL, orderId: ORDER_ID, orderLinkId: LINK_ID, qty: OPT_AMOUNT, price: OPT_AMOUNT, triggerPrice: OPT_AMOUNT, takeProfit: OPT_AMOUNT, stopLoss: OPT_AMOUNT,
    trailingValue: OPT_AMOUNT, trailingPercentage: OPT_AMOUNT,
  },
  ['category', 'symbol'],
);
const BATCH_BODY = object({ category: CATEGORY, request: { type: 'array', maxItems: 20, items: { type: 'object' } } }, ['category', 'request']);
const CANCEL_BODY = object({ category: CATEGORY, symbol: SYMBOL, orderId: ORDER_ID, orderLinkId: LINK_ID, orderFilter: FILTER }, ['category', 'symbol']);
const CANCEL_ALL_BODY = object({ category: CATEGORY, symbol: SYMBOL, baseCoin: text(32), settleCoin: text(32), orderFilter: FILTER }, ['category']);
const DCP_BODY = object({ product: text(16), timeWindow: { type: ['integer', 'string'], maxLength: 4 } }, ['timeWindow']);
const ORDER_QUERY = query({
  category: CATEGORY, symbol: SYMBOL, baseCoin: text(32), settleCoin: text(32), orderId: ORDER_ID, orderLinkId: LINK_ID,
  openOnly: digits(1), orderFilter: FILTER, orderStatus: text(32), startTime: digits(16), endTime: digits(16), limit: digits(4), cursor: CURSOR,
});
const EXECUTION_QUERY = query({ category: CATEGORY, symbol: SYMBOL, baseCoin: text(32), orderId: ORDER_ID, orderLinkId: LINK_ID, execType: text(32), startTime: digits(16), endTime: digits(16), limit: digits(4), cursor: CURSOR });

export function installOrderRoutes(rc: RouteContext): void {
  const { db, rules } = rc;
  const { trading } = rc.services;
  /** Maintenance, banned sides and the innovation quota (market-gates.ts), for this request's fault scope. */
  const gateOf = (userId: number, request: FastifyRequest): Gate => (plan) =>
    checkMarketGates(db, rules, userId, plan, faultScopeOf(request.headers.cookie), trading.lastPrice(plan.market));

  privatePost(rc, '/v5/order/create', CREATE_BODY, (userId, body, request) => createOrder(db, trading, userId, body, gateOf(userId, request)));
  privatePost(rc, '/v5/order/amend', AMEND_BODY, (userId, body) => amendOrder(db, trading, userId, body));
  privatePost(rc, '/v5/order/cancel', CANCEL_BODY, (userId, body) => cancelOrder(db, trading, userId, body));
  privatePost(rc, '/v5/order/cancel-all', CANCEL_ALL_BODY, (userId, body) => cancelAll(db, trading, userId, body));
  privatePost(rc, '/v5/order/disconnected-cancel-all', DCP_BODY, (userId, body) => setDcp(db, userId, body));
  rc.router.post('/v5/order/create-batch', { bodyLimit: PRIVATE_BODY_LIMIT, preValidation: rc.auth.post, schema: { body: BATCH_BODY } }, (request, res) => {
    const r = createBatch(db, trading, request.userId!, request.body as Record<string, unknown>, Date.now, gateOf(request.userId!, request));
    sendJson(res, 200, { ...bybitBody(0, 'OK', { list: r.list }), retExtInfo: { list: r.ext } });
  });

  privateGet(rc, '/v5/order/realtime', ORDER_QUERY, (userId, q) => realtimeOrders(db, userId, q));
  privateGet(rc, '/v5/order/history', ORDER_QUERY, (userId, q) => orderHistory(db, userId, q));
  privateGet(rc, '/v5/execution/list', EXECUTION_QUERY, (userId, q) => executionList(db, userId, q));
}
