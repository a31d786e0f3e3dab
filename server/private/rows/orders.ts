import type { Db } from '../../accounts/db.ts';
import { fxDiv, fxMul, fxPlain, fxText, parseAmount } from '../../../src/core/decimal.ts';
import { marketOf } from '../market.ts';
import type { ExecutionWire } from '../../../src/protocol/bybit-v5/execution.ts';
import type { OrderWire } from '../../../src/protocol/bybit-v5/order.ts';
import { isOpenStatus, OPEN_STATUS_SQL } from '../../../src/protocol/bybit-v5/vocabulary.ts';

/** One row of the orders table (money as decimal strings). */
export interface OrderRow {
  order_id: string;
  user_id: number;
  order_link_id: string;
  symbol: string;
  side: 'Buy' | 'Sell';
  order_type: 'Limit' | 'Market';
  order_filter: string;
  stop_order_type: string;
  time_in_force: string;
  price: string;
  qty: string;
  market_unit: string;
  trigger_price: string;
  trigger_direction: number;
  trailing_value: string;
  trailing_extreme: string;
  take_profit: string;
  stop_loss: string;
  tp_limit_price: string;
  sl_limit_price: string;
  tp_order_type: string;
  sl_order_type: string;
  oco_trigger_by: string;
  status: string;
  cancel_type: string;
  reject_reason: string;
  cum_exec_qty: string;
  cum_exec_value: string;
  cum_exec_fee: string;
  fee_currency: string;
  lock_coin: string;
  lock_amount: string;
  base_price: string;
  parent_order_id: string;
  /** Set on an order a block trade made (spec 3 special trade origin 2); '' otherwise. */
  block_trade_id: string;
  /** Bybit's createType: CreateByUser, or e.g. CreateByFutureSpread for a future-spread leg. */
  create_type: string;
  /** Bybit's slippageToleranceType of a market order (TickSize, Percent) and its value; '' without one. */
  slippage_type: string;
  slippage: string;
  /** 1: a spot-margin order (isLeverage=1), which may borrow. */
  is_leverage: number;
  /** What the order borrowed of its lock coin when placed (a leveraged sell's short base); not written by insertOrder. */
  borrowed?: string;
  /** 1: a closing order (Bybit's reduceOnly / closeOnTrigger): a position close, a liquidation's sale. */
  reduce_only: number;
  close_on_trigger: number;
  created_time: number;
  updated_time: number;
}


export function getOrder(db: Db, orderId: string): OrderRow | undefined {
  return db.prepare('SELECT * FROM orders WHERE order_id = ?').get(orderId) as OrderRow | undefined;
}

export function findUserOrder(db: Db, userId: number, orderId: string | undefined, orderLinkId: string | undefined): OrderRow | undefined {
  if (orderId) return db.prepare('SELECT * FROM orders WHERE order_id = ? AND user_id = ?').get(orderId, userId) as OrderRow | undefined;
  if (orderLinkId) return db.prepare('SELECT * FROM orders WHERE order_link_id = ? AND user_id = ?').get(orderLinkId, userId) as OrderRow | undefined;
  return undefined;
}

/** The user's open orders, oldest first; one symbol's, or all of them. */
export function openOrdersOf(db: Db, userId: number, symbol: string | undefined): OrderRow[] {
  return db
    .prepare(`SELECT * FROM orders WHERE user_id = ? AND status IN (${OPEN_STATUS_SQL}) ${symbol ? 'AND symbol = ?' : ''} ORDER BY created_time`)
    .all(...(symbol ? [userId, symbol] : [userId])) as OrderRow[];
}

const COLUMNS = [
  'order_id', 'user_id', 'order_link_id', 'symbol', 'side', 'order_type', 'order_filter', 'stop_order_type', 'time_in_force', 'price', 'qty',
  'market_unit', 'trigger_price', 'trigger_direction', 'trailing_value', 'trailing_extreme', 'take_profit', 'stop_loss', 'tp_limit_price',
  'sl_limit_price', 'tp_order_type', 'sl_order_type', 'oco_trigger_by', 'status', 'cancel_type', 'reject_reason', 'cum_exec_qty',
  'cum_exec_value', 'cum_exec_fee', 'fee_currency', 'lock_coin', 'lock_amount', 'base_price', 'parent_order_id', 'block_trade_id', 'create_type', 'slippage_type', 'slippage', 'is_leverage', 'reduce_only', 'close_on_trigger', 'created_time', 'updated_time',
] as const;

export function insertOrder(db: Db, row: OrderRow): void {
  db.prepare(`INSERT INTO orders (${COLUMNS.join(',')}) VALUES (${COLUMNS.map((c) => '@' + c).join(',')})`).run(row);
}

/** Writes the given fields of an order. */
export function updateOrder(db: Db, orderId: string, fields: Partial<OrderRow>): void {
  const keys = Object.keys(fields).filter((k) => k !== 'order_id');
  if (keys.length === 0) return;
  db.prepare(`UPDATE orders SET ${keys.map((k) => `${k} = @${k}`).join(', ')} WHERE order_id = @order_id`).run({ ...fields, order_id: orderId });
}

const dec = (s: string) => parseAmount(s) ?? 0n;

/** Bybit's createType of an order a liquidation placed ("Created by liquidation"). */
export const LIQUIDATION_CREATE_TYPE = 'CreateByTakeOver_PassThrough';

/** Bybit v5 order JSON (REST list item and `order` topic item share these keys). */
export function orderJson(o: OrderRow): OrderWire {
  const m = marketOf(o.symbol);
  const qd = m?.qtyDecimals ?? 8;
  const pd = m?.priceDecimals ?? 8;
  const vd = m?.quoteDecimals ?? 8;
  const qty = dec(o.qty);
  const cumQty = dec(o.cum_exec_qty);
  const cumValue = dec(o.cum_exec_value);
  const byQuote = o.order_type === 'Market' && o.market_unit === 'quoteCoin';
  const open = isOpenStatus(o.status);
  const leavesQty = byQuote || !open ? 0n : qty - cumQty;
  const leavesValue = !open ? 0n : byQuote ? qty - cumValue : o.order_type === 'Limit' ? fxMul(dec(o.price), leavesQty) : 0n;
  const avg = cumQty > 0n ? fxPlain(fxDiv(cumValue, cumQty)) : '';
  const fee = dec(o.cum_exec_fee);
  const fmtPrice = (s: string) => (s === '' ? '' : fxText(dec(s), pd));
  return {
    category: 'spot',
    symbol: o.symbol,
    orderId: o.order_id,
    orderLinkId: o.order_link_id,
    parentOrderLinkId: '',
    blockTradeId: o.block_trade_id,
    side: o.side,
    positionIdx: 0,
    orderStatus: o.status,
    cancelType: o.cancel_type,
    rejectReason: o.reject_reason,
    timeInForce: o.time_in_force,
    isLeverage: o.is_leverage === 1 ? '1' : '0',
    price: o.order_type === 'Market' ? '0' : fmtPrice(o.price),
    qty: byQuote ? fxText(qty, vd) : fxText(qty, qd),
    avgPrice: avg,
    leavesQty: fxText(leavesQty, qd),
    leavesValue: fxText(leavesValue, vd),
    cumExecQty: fxText(cumQty, qd),
    cumExecValue: fxText(cumValue, vd),
    cumExecFee: fxPlain(fee),
    cumFeeDetail: o.fee_currency && fee > 0n ? { [o.fee_currency]: fxPlain(fee) } : {},
    feeCurrency: o.fee_currency,
    orderType: o.order_type,
    stopOrderType: o.stop_order_type,
    orderFilter: o.order_filter,
    orderIv: '',
    marketUnit: o.order_type === 'Market' ? o.market_unit : '',
    triggerPrice: fmtPrice(o.trigger_price) || fxText(0n, pd),
    triggerDirection: o.trigger_direction,
    triggerBy: o.trigger_price ? 'LastPrice' : '',
    trailingValue: o.trailing_value,
    takeProfit: fmtPrice(o.take_profit) || fxText(0n, pd),
    stopLoss: fmtPrice(o.stop_loss) || fxText(0n, pd),
    tpTriggerBy: o.take_profit ? 'LastPrice' : '',
    slTriggerBy: o.stop_loss ? 'LastPrice' : '',
    tpLimitPrice: fmtPrice(o.tp_limit_price),
    slLimitPrice: fmtPrice(o.sl_limit_price),
    tpOrderType: o.tp_order_type,
    slOrderType: o.sl_order_type,
    ocoTriggerBy: o.stop_order_type === 'OcoOrder' ? o.oco_trigger_by || 'OcoTriggerByUnknown' : '',
    tpslMode: '',
    placeType: '',
    basePrice: o.base_price,
    lastPriceOnCreated: o.base_price,
    reduceOnly: o.reduce_only === 1,
    closeOnTrigger: o.close_on_trigger === 1,
    smpType: 'None',
    smpGroup: 0,
    smpOrderId: '',
    slippageToleranceType: o.slippage_type || 'UNKNOWN',
    slippageTolerance: o.slippage,
    extraFees: '',
    rpiTakerAccess: false,
    rpiMatchedQty: '0',
    createType: o.create_type,
    createdTime: String(o.created_time),
    updatedTime: String(o.updated_time),
  };
}

export interface ExecutionRow {
  exec_id: string;
  order_id: string;
  user_id: number;
  symbol: string;
  side: string;
  exec_price: string;
  exec_qty: string;
  exec_value: string;
  exec_fee: string;
  fee_currency: string;
  fee_rate: string;
  is_maker: number;
  leaves_qty: string;
  exec_time: number;
  seq: number;
}

/** Bybit v5 execution JSON (REST /v5/execution/list item and `execution` topic item). */
export function executionJson(e: ExecutionRow, o: OrderRow | undefined): ExecutionWire {
  return {
    category: 'spot',
    symbol: e.symbol,
    closedSize: '',
    execFee: e.exec_fee,
    execId: e.exec_id,
    execPrice: e.exec_price,
    execQty: e.exec_qty,
    // A liquidation's sale to the liquidity account is Bybit's takeover liquidation.
    execType: o?.create_type === LIQUIDATION_CREATE_TYPE ? 'BustTrade' : 'Trade',
    execValue: e.exec_value,
    feeRate: e.fee_rate,
    tradeIv: '',
    markIv: '',
    blockTradeId: o?.block_trade_id ?? '',
    markPrice: '',
    indexPrice: '',
    underlyingPrice: '',
    leavesQty: e.leaves_qty,
    orderId: e.order_id,
    orderLinkId: o?.order_link_id ?? '',
    orderPrice: o && o.order_type === 'Limit' ? o.price : '0',
    orderQty: o?.qty ?? '',
    orderType: o?.order_type ?? 'UNKNOWN',
    stopOrderType: o?.stop_order_type ?? '',
    side: e.side,
    execTime: String(e.exec_time),
    isLeverage: o?.is_leverage === 1 ? '1' : '0',
    isMaker: e.is_maker === 1,
    seq: e.seq,
    marketUnit: o?.market_unit ?? '',
    execPnl: '0',
    createType: o?.create_type ?? 'CreateByUser',
    extraFees: '',
    feeCurrency: e.fee_currency,
  };
}
