// The order endpoints' work (POST /v5/order/{create,amend,cancel,cancel-all}): find the order a
// request names, check what it asks against the market's rules, and hand it to the trading engine,
// which moves the money (each step one transaction). The routes (routes/orders.ts) only parse,
// authenticate and answer.
import type { Db } from '../../accounts/db.ts';
import { getUser } from '../../accounts/users.ts';
import { ApiError, ERR } from '../../auth/errors.ts';
import { FX_ONE, fxMul, fxPlain, parseAmount } from '../../../src/core/decimal.ts';
import { FILTER_STOP_TYPES, isOpenStatus, isOrderFilter } from '../../../src/protocol/bybit-v5/vocabulary.ts';
import type { TradingService } from '../engines/trading.ts';
import { marketOf } from '../market.ts';
import { findUserOrder, openOrdersOf, type OrderRow } from '../rows/orders.ts';
import { checkBaseQty, checkPrice, checkValue, planCreate, requireSpot, type CreatePlan } from './validate.ts';

/** Maintenance, banned sides and the innovation quota for one request (market-gates.ts); throws Bybit's answer. */
export type Gate = (plan: CreatePlan) => void;

export function str(body: Record<string, unknown>, name: string): string | undefined {
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

/** The createTypes of orders the user may amend: their own, a webhook's, a future spread's leg. */
const USER_CREATE_TYPES = new Set(['CreateByUser', 'CreateByTVSignal', 'CreateByFutureSpread', '']);

/** The open order a request names (orderId or orderLinkId, on its symbol); Bybit's codes when there is none. */
export function lookupOrder(db: Db, userId: number, body: Record<string, unknown>): OrderRow {
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
}

/** POST /v5/order/create: the plan, the market's gates, what demo accounts lack, then the engine. */
export function createOrder(db: Db, trading: TradingService, userId: number, body: Record<string, unknown>, gate: Gate): ReturnType<TradingService['create']> {
  const plan = planCreate(body);
  gate(plan);
  // Spec 6: demo accounts have no OCO; Bybit answers what demo trading lacks with 10032.
  if (plan.orderFilter === 'OcoOrder' && getUser(db, userId)?.is_demo === 1) throw new ApiError(ERR.DEMO_NOT_SUPPORTED, 'Demo trading are not supported.');
  return trading.create(userId, plan);
}

/** POST /v5/order/amend: new qty, price, trigger price or trailing retracement, each checked as a new order's would be. */
export function amendOrder(db: Db, trading: TradingService, userId: number, body: Record<string, unknown>): { orderId: string; orderLinkId: string } {
  const row = lookupOrder(db, userId, body);
  // Spec 5.5: a leveraged order stays as it is once its account is no longer unified.
  if (row.is_leverage === 1 && getUser(db, userId)?.is_uta !== 1) throw new ApiError(ERR.PERMISSION, 'Leveraged orders cannot be modified on this account.');
  // A bot's or a strategy's order moves with its owner's books (spec 2.13): changed there, not here.
  if (!USER_CREATE_TYPES.has(row.create_type)) throw new ApiError(ERR.PERMISSION, `This order belongs to a bot or strategy (${row.create_type}); change it there.`);
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
}

/** Whether the user placed it (or a signal or spread for the user), not a bot, a strategy or a liquidation. */
export const isUserMade = (row: { create_type: string }): boolean => USER_CREATE_TYPES.has(row.create_type);

/** POST /v5/order/cancel: the user's own orders; a bot's or a strategy's is stopped with its owner. */
export function cancelOrder(db: Db, trading: TradingService, userId: number, body: Record<string, unknown>): { orderId: string; orderLinkId: string } {
  const row = lookupOrder(db, userId, body);
  if (!isUserMade(row)) throw new ApiError(ERR.PERMISSION, `This order belongs to a bot or strategy (${row.create_type}); stop it there.`);
  trading.cancel(row);
  return { orderId: row.order_id, orderLinkId: row.order_link_id };
}

/** POST /v5/order/cancel-all: the user's own open orders of the filter's kind (one symbol's, or all), oldest first, each cancelled on its own; bots' and strategies' stay. */
export function cancelAll(db: Db, trading: TradingService, userId: number, body: Record<string, unknown>): { list: Array<{ orderId: string; orderLinkId: string }>; success: string } {
  requireSpot(body);
  const symbol = str(body, 'symbol');
  if (symbol && !marketOf(symbol)) throw new ApiError(ERR.INVALID_SYMBOL, 'Invalid symbol.');
  const filter = str(body, 'orderFilter') ?? 'Order';
  if (!isOrderFilter(filter)) throw new ApiError(ERR.PARAM, 'Request parameter error: orderFilter');
  const wanted: readonly string[] = FILTER_STOP_TYPES[filter];
  const rows = openOrdersOf(db, userId, symbol);
  const list = [];
  for (const row of rows) {
    // A running grid bot's or strategy's orders are its own: cancelling them would leave it running with none.
    if (!wanted.includes(row.stop_order_type) || !isUserMade(row)) continue;
    trading.cancel(row);
    list.push({ orderId: row.order_id, orderLinkId: row.order_link_id });
  }
  return { list, success: '1' };
}
