import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app.ts';
import type { Db } from '../../accounts/db.ts';
import { FX_ONE, fxMul, fxPlain, parseAmount } from '../../../src/core/decimal.ts';
import type { KeyLookup } from '../../auth/api-key.ts';
import { ApiError, ERR } from '../../auth/errors.ts';
import { authenticate } from '../../auth/resolve.ts';
import { bybitBody, sendJson } from '../../http/reply.ts';
import { parseJsonObject, rawQuery, searchParams, takeRawBody } from '../../http/request.ts';
import { AMOUNT, FLAG, digits, object, query, text, type Schema } from '../../http/schemas.ts';
import { marketOf } from '../market.ts';
import { findUserOrder, type OrderRow } from '../rows/orders.ts';
import { GRID_BOT_LIST_PATH } from '../../../src/protocol/grid-bots.ts';
import { INNOVATION_QUOTA_PATH, type InnovationQuotaWire } from '../../../src/protocol/innovation-quota.ts';
import { CLOSED_PNL_PATH, QUERY_POSITIONS_PATH } from '../../../src/protocol/positions.ts';
import { listGridBots } from '../grid/bots.ts';
import type { GridEngine } from '../grid/engine.ts';
import { installGridRoutes, listFigures } from '../grid/routes.ts';
import { closedPnl, queryPositions } from '../services/positions.ts';
import { executionList, orderHistory, realtimeOrders } from '../services/queries.ts';
import type { TradingService } from '../engines/trading.ts';
import { checkBaseQty, checkPrice, checkValue, planCreate, requireSpot, type CreatePlan } from '../services/validate.ts';
import { walletJson } from '../rows/wallet.ts';
import { applyDemoMoney } from '../services/demo-money.ts';
import { installLeverTokenRoutes } from './lever-tokens.ts';
import { ConvertService } from '../services/convert.ts';
import type { StrategyEngine } from '../strategy/engine.ts';
import { installWebhooks } from '../strategy/webhook.ts';
import { STRATEGY_CREATE_PATH, STRATEGY_LIST_PATH, STRATEGY_ORDER_LIST_PATH, STRATEGY_STOP_PATH } from '../../../src/protocol/strategy.ts';
import { installOtcPages } from './otc-pages.ts';
import type { LeverTokenService } from '../engines/lever-tokens.ts';
import { createBatch } from '../services/batch.ts';
import { checkMarketGates, innovationQuota } from '../services/market-gates.ts';
import type { MarketRules } from '../../exchange/market-rules.ts';
import { faultScopeOf } from '../../exchange/faults/scope.ts';
import type { MarginService } from '../engines/margin.ts';
import { installMarginRoutes } from './margin.ts';
import { unifiedAsset } from '../services/unified-asset.ts';
import { UNIFIED_ASSET_PATH } from '../../../src/protocol/unified-asset.ts';
import { DEMO_APPLY_MONEY_PATH } from '../../../src/protocol/bybit-v5/demo-money.ts';
import { ACCOUNT_INFO_PATH, UPGRADE_TO_UTA_PATH } from '../../../src/protocol/bybit-v5/uta-upgrade.ts';
import { getUser } from '../../accounts/users.ts';
import { accountInfo, type UtaUpgrades } from '../engines/uta-upgrade.ts';
import { FILTER_STOP_TYPES, isOpenStatus, isOrderFilter, OPEN_STATUS_SQL } from '../../../src/protocol/bybit-v5/vocabulary.ts';

/** Bybit private bodies are small; anything past this is refused before it is parsed. */
export const PRIVATE_BODY_LIMIT = 16 * 1024;

type GetFn = (userId: number, q: URLSearchParams) => unknown;
type PostFn = (userId: number, body: Record<string, unknown>, request: FastifyRequest) => unknown;

const CATEGORY = text(16);
const SYMBOL = text(64);
const ORDER_ID = text(64);
const LINK_ID = text(64);
const FILTER = text(32);
const CURSOR = text(256);
/** Amounts may be absent, a decimal string, a JSON number, or null (treated as absent). */
const OPT_AMOUNT: Schema = { ...AMOUNT, type: ['string', 'number', 'null'] };

/**
 * Body and query schemas of the private endpoints: shapes (types, lengths, number formats). The
 * trading rules (spot only, known symbol, tick and lot sizes, balances) answer their own Bybit
 * codes in validate.ts and the handlers.
 */
const CREATE_BODY = object(
  {
    category: CATEGORY, symbol: SYMBOL, side: text(8), orderType: text(16), qty: AMOUNT, price: OPT_AMOUNT,
    marketUnit: text(16), timeInForce: text(16), orderLinkId: LINK_ID, orderFilter: FILTER, isLeverage: FLAG,
    triggerPrice: OPT_AMOUNT, takeProfit: OPT_AMOUNT, stopLoss: OPT_AMOUNT, tpLimitPrice: OPT_AMOUNT, slLimitPrice: OPT_AMOUNT,
    tpOrderType: text(16), slOrderType: text(16), trailingValue: OPT_AMOUNT, trailingPercentage: OPT_AMOUNT,
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
const POSITIONS_BODY = object({ needSort: { enum: [0, 1, '0', '1'], description: '0 or 1' } });
const ORDER_QUERY = query({
  category: CATEGORY, symbol: SYMBOL, baseCoin: text(32), settleCoin: text(32), orderId: ORDER_ID, orderLinkId: LINK_ID,
  openOnly: digits(1), orderFilter: FILTER, orderStatus: text(32), startTime: digits(16), endTime: digits(16), limit: digits(4), cursor: CURSOR,
});
const EXECUTION_QUERY = query({ category: CATEGORY, symbol: SYMBOL, baseCoin: text(32), orderId: ORDER_ID, orderLinkId: LINK_ID, execType: text(32), startTime: digits(16), endTime: digits(16), limit: digits(4), cursor: CURSOR });
const WALLET_QUERY = query({ accountType: text(16), coin: text(512) });
const DEMO_MONEY_BODY = object(
  {
    adjustType: { enum: [0, 1, '0', '1'], description: '0 or 1' },
    utaDemoApplyMoney: { type: 'array', maxItems: 4, items: object({ coin: text(8), amountStr: AMOUNT }, ['coin', 'amountStr']) },
  },
  ['utaDemoApplyMoney'],
);
const GRID_QUERY = query({ status: text(16), pageSize: text(16), symbol: SYMBOL }, ['status']);

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

/**
 * A trailing stop's new retracement (spec 5.5, 7.4): a distance or a rate, one of them, as the row
 * keeps it ('12.5' or '5%'); undefined when neither is given.
 */
function amendTrailing(row: OrderRow, value: bigint | undefined, percent: bigint | undefined): string | undefined {
  if (value === undefined && percent === undefined) return undefined;
  if (row.stop_order_type !== 'TrailingStop') throw new ApiError(ERR.PARAM, 'Request parameter error: trailingValue of an order that is not a trailing stop');
  if (value !== undefined && percent !== undefined) throw new ApiError(ERR.PARAM, 'Request parameter error: give one of trailingValue or trailingPercentage');
  if (percent !== undefined) {
    if (percent <= 0n || percent >= 100n * FX_ONE) throw new ApiError(ERR.PARAM, 'Request parameter error: trailingPercentage must be in (0, 100)');
    return `${fxPlain(percent)}%`;
  }
  if (value! <= 0n) throw new ApiError(ERR.PARAM, 'Request parameter error: trailingValue must be positive');
  return fxPlain(value!);
}

/**
 * Bybit v5 private REST. Requests are signed (API key) or come from the page's session (cookie +
 * CSRF check). Each request is authenticated first (a signature over the raw query or body bytes),
 * then counted against its user's rate limit for the endpoint, then its body is parsed and
 * validated against the schema, then handled.
 */
export function installPrivateRest(
  ctx: AppContext, db: Db, lookup: KeyLookup, trading: TradingService, upgrades: UtaUpgrades, lt?: LeverTokenService, grid?: GridEngine, now: () => number = Date.now, rules?: MarketRules,
  strategies?: StrategyEngine, margin?: MarginService,
): void {
  const app = ctx.router;
  const authGet = async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    request.userId = authenticate(request.raw, rawQuery(request), db, lookup, false).userId;
    await ctx.limits.checkUid(request);
  };
  const authPost = async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    // The signature covers the raw bytes, so it is checked before the JSON is even parsed.
    const raw = takeRawBody(request);
    request.userId = authenticate(request.raw, raw, db, lookup, true).userId;
    await ctx.limits.checkUid(request);
    request.body = parseJsonObject(raw, 200, 'Request parameter error: ', false);
  };
  const get = (path: string, schema: Schema, fn: GetFn) =>
    app.get(path, { preValidation: authGet, schema: { querystring: schema } }, (request, res) => {
      sendJson(res, 200, bybitBody(0, 'OK', fn(request.userId!, searchParams(request))));
    });
  const post = (path: string, schema: Schema, fn: PostFn) =>
    app.post(path, { bodyLimit: PRIVATE_BODY_LIMIT, preValidation: authPost, schema: { body: schema } }, (request, res) => {
      sendJson(res, 200, bybitBody(0, 'OK', fn(request.userId!, request.body as Record<string, unknown>, request)));
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
    if (!isOpenStatus(row.status)) {
      if (row.status === 'Filled' || row.status === 'Rejected') throw new ApiError(ERR.ORDER_DONE, 'The order has been completed or cancelled.');
      throw new ApiError(ERR.ORDER_CANCELLED, 'Order has been cancelled');
    }
    return row;
  };

  /** Maintenance, banned sides and the innovation quota (market-gates.ts), for this request's fault scope. */
  const gate = (userId: number, plan: CreatePlan, request: FastifyRequest) =>
    checkMarketGates(db, rules, userId, plan, faultScopeOf(request.headers.cookie), trading.lastPrice(plan.market));

  post('/v5/order/create', CREATE_BODY, (userId, body, request) => {
    const plan = planCreate(body);
    gate(userId, plan, request);
    // Spec 6: demo accounts have no OCO; Bybit answers what demo trading lacks with 10032.
    if (plan.orderFilter === 'OcoOrder' && getUser(db, userId)?.is_demo === 1) throw new ApiError(ERR.DEMO_NOT_SUPPORTED, 'Demo trading are not supported.');
    return trading.create(userId, plan);
  });

  post('/v5/order/amend', AMEND_BODY, (userId, body) => {
    const row = lookupOrder(userId, body);
    // Spec 5.5: a leveraged order stays as it is once its account is no longer unified.
    if (row.is_leverage === 1 && getUser(db, userId)?.is_uta !== 1) throw new ApiError(ERR.PERMISSION, 'Leveraged orders cannot be modified on this account.');
    const m = marketOf(row.symbol)!;
    const qty = optDecimal(body, 'qty');
    const price = optDecimal(body, 'price');
    const triggerPrice = optDecimal(body, 'triggerPrice');
    const trailing = amendTrailing(row, optDecimal(body, 'trailingValue'), optDecimal(body, 'trailingPercentage'));
    if (qty === undefined && price === undefined && triggerPrice === undefined && trailing === undefined) throw new ApiError(ERR.PARAM, 'Request parameter error: nothing to amend');
    if (price !== undefined) checkPrice(m, price);
    if (triggerPrice !== undefined) checkPrice(m, triggerPrice, 'triggerPrice');
    if (qty !== undefined && (row.order_type === 'Limit' || row.market_unit === 'baseCoin')) checkBaseQty(m, qty);
    if (row.order_type === 'Limit') {
      const p = price ?? parseAmount(row.price)!;
      checkValue(m, fxMul(p, qty ?? parseAmount(row.qty)!));
    }
    trading.amend(row, {
      ...(qty !== undefined ? { qty } : {}), ...(price !== undefined ? { price } : {}), ...(triggerPrice !== undefined ? { triggerPrice } : {}),
      ...(trailing !== undefined ? { trailingValue: trailing } : {}),
    });
    return { orderId: row.order_id, orderLinkId: row.order_link_id };
  });

  post('/v5/order/cancel', CANCEL_BODY, (userId, body) => {
    const row = lookupOrder(userId, body);
    trading.cancel(row);
    return { orderId: row.order_id, orderLinkId: row.order_link_id };
  });

  post('/v5/order/cancel-all', CANCEL_ALL_BODY, (userId, body) => {
    requireSpot(body);
    const symbol = str(body, 'symbol');
    if (symbol && !marketOf(symbol)) throw new ApiError(ERR.INVALID_SYMBOL, 'Invalid symbol.');
    const filter = str(body, 'orderFilter') ?? 'Order';
    if (!isOrderFilter(filter)) throw new ApiError(ERR.PARAM, 'Request parameter error: orderFilter');
    const wanted: readonly string[] = FILTER_STOP_TYPES[filter];
    const rows = db
      .prepare(`SELECT * FROM orders WHERE user_id = ? AND status IN (${OPEN_STATUS_SQL}) ${symbol ? 'AND symbol = ?' : ''} ORDER BY created_time`)
      .all(...(symbol ? [userId, symbol] : [userId])) as OrderRow[];
    const list = [];
    for (const row of rows) {
      if (!wanted.includes(row.stop_order_type)) continue;
      trading.cancel(row);
      list.push({ orderId: row.order_id, orderLinkId: row.order_link_id });
    }
    return { list, success: '1' };
  });

  app.post('/v5/order/create-batch', { bodyLimit: PRIVATE_BODY_LIMIT, preValidation: authPost, schema: { body: BATCH_BODY } }, (request, res) => {
    const r = createBatch(db, trading, request.userId!, request.body as Record<string, unknown>, Date.now, (plan) => gate(request.userId!, plan, request));
    sendJson(res, 200, { ...bybitBody(0, 'OK', { list: r.list }), retExtInfo: { list: r.ext } });
  });

  get('/v5/order/realtime', ORDER_QUERY, (userId, q) => realtimeOrders(db, userId, q));
  get('/v5/order/history', ORDER_QUERY, (userId, q) => orderHistory(db, userId, q));
  get('/v5/execution/list', EXECUTION_QUERY, (userId, q) => executionList(db, userId, q));
  // Spec 3 "Innovation quota": a unified account's {coin, limit}, a classic one's per symbol.
  get(INNOVATION_QUOTA_PATH, query({ symbolId: text(64) }), (userId, q): InnovationQuotaWire => {
    const symbolId = q.get('symbolId') ?? '';
    const m = symbolId ? marketOf(symbolId) : undefined;
    if (symbolId && !m) throw new ApiError(ERR.INVALID_SYMBOL, 'Invalid symbol.');
    const quota = innovationQuota(db, userId);
    const remain = quota ? fxPlain(quota.remain) : '-1';
    if (getUser(db, userId)?.is_uta === 1) return { coin: m?.quote ?? 'USDT', limit: remain };
    return { symbolId, totalAmount: quota ? fxPlain(quota.total) : '-1', remainAmount: remain };
  });

  get('/v5/account/wallet-balance', WALLET_QUERY, (userId, q) => {
    const type = q.get('accountType');
    if (type !== 'UNIFIED' && type !== 'SPOT') throw new ApiError(ERR.PARAM, 'Request parameter error: accountType must be UNIFIED or SPOT');
    const coinParam = q.get('coin');
    const coins = coinParam ? new Set(coinParam.split(',').map((c) => c.trim()).filter(Boolean)) : undefined;
    return { list: [walletJson(trading.ledger, userId, trading.engines, coins, trading.margin)] };
  });
  post(QUERY_POSITIONS_PATH, POSITIONS_BODY, (userId, body) => queryPositions(db, trading.ledger, userId, body));
  get(CLOSED_PNL_PATH, query({ category: CATEGORY, symbol: SYMBOL, startTime: digits(16), endTime: digits(16), limit: digits(4), cursor: CURSOR }), (userId, q) => closedPnl(db, userId, q));
  post(DEMO_APPLY_MONEY_PATH, DEMO_MONEY_BODY, (userId, body) => applyDemoMoney(db, trading, userId, body));
  get(GRID_BOT_LIST_PATH, GRID_QUERY, (userId, q) => listGridBots(db, userId, q, grid && ((botId) => listFigures(db, grid, botId, now()))));
  if (grid) installGridRoutes(ctx, db, authPost, grid, now, PRIVATE_BODY_LIMIT);
  post(UPGRADE_TO_UTA_PATH, object({}), (userId) => upgrades.request(userId));
  get(ACCOUNT_INFO_PATH, query({}), (userId) => ({ ...accountInfo(getUser(db, userId)), ...(margin ? { marginMode: margin.settings(userId).mode } : {}) }));
  if (lt) installLeverTokenRoutes(ctx, lt, get, post);

  // OTC convert (Bybit's /v5/asset/exchange/*; convert.ts).
  const convert = new ConvertService(db, trading, now);
  const COIN = text(16);
  get('/v5/asset/exchange/query-coin-list', query({ accountType: text(32), side: digits(1), coin: COIN }), (userId, q) => ({ coins: convert.coins(userId, q.get('accountType') ?? '') }));
  post('/v5/asset/exchange/quote-apply', object({ fromCoin: COIN, toCoin: COIN, fromCoinType: COIN, toCoinType: COIN, requestCoin: COIN, requestAmount: AMOUNT, accountType: text(32), requestId: text(64), paramType: text(32), paramValue: text(64) }, ['fromCoin', 'toCoin', 'requestCoin', 'requestAmount', 'accountType']), (userId, body) => convert.quote(userId, body));
  post('/v5/asset/exchange/convert-execute', object({ quoteTxId: text(64) }, ['quoteTxId']), (userId, body) => convert.execute(userId, body.quoteTxId));
  get('/v5/asset/exchange/convert-result-query', query({ quoteTxId: text(64), accountType: text(32) }), (userId, q) => ({ result: convert.status(userId, q.get('quoteTxId')) }));
  installOtcPages(ctx, db, convert);

  // Strategies (Bybit /v5/strategy/*; strategy/engine.ts): TWAP, iceberg and chase on spot.
  if (strategies) {
    const N = { type: ['integer', 'string'], maxLength: 12 };
    const B = { type: ['boolean', 'string'], maxLength: 5 };
    const P = text(40);
    post(
      STRATEGY_CREATE_PATH,
      object({
        category: text(32), symbol: text(32), side: text(8), strategyType: text(16), size: AMOUNT, positionValue: AMOUNT, reduceOnly: B, positionIdx: N,
        leverageType: N, duration: N, interval: N, isRandom: B, triggerPrice: P, maxChasePrice: P, chaseDistance: P, chasePercentE4: N, chasePrice: P,
        strategyPrefer: text(32), limitPrice: P, subSize: AMOUNT, orderCount: N, subPositionValue: AMOUNT, postOnly: N, strategyName: text(64),
      }, ['category', 'symbol', 'side', 'strategyType']),
      (userId, body, request) => strategies.create(userId, body, faultScopeOf(request.headers.cookie)),
    );
    post(STRATEGY_STOP_PATH, object({ strategyId: text(64) }, ['strategyId']), (userId, body) => strategies.stopStrategy(userId, body.strategyId));
    const LIST = { strategyId: text(64), symbol: text(32), status: digits(1), category: text(32), strategyType: text(16), beginTimeE0: digits(12), endTimeE0: digits(12), pageSize: digits(3), cursor: text(64) };
    get(STRATEGY_LIST_PATH, query(LIST), (userId, q) => strategies.list(userId, q));
    get(STRATEGY_ORDER_LIST_PATH, query(LIST, ['strategyId']), (userId, q) => strategies.orders(userId, q));
    installWebhooks(ctx, db, trading, rules, now);
  }
  get('/v5/asset/exchange/query-convert-history', query({ accountType: text(128), index: digits(6), limit: digits(4) }), (userId, q) => ({ list: convert.history(userId, q) }));
  if (margin) {
    installMarginRoutes(margin, get, post, (userId, coin) => trading.ledger.get(userId, coin).available);
    get(UNIFIED_ASSET_PATH, query({ symbolName: SYMBOL, side: text(8), isMargin: digits(1), limitPrice: text(40) }, ['symbolName']), (userId, q) =>
      unifiedAsset(margin, userId, q, (id) => walletJson(trading.ledger, id, trading.engines, undefined, margin)),
    );
  }
}
