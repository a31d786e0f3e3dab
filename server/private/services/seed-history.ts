// A long trading past for one account (the tables bench's /faults/seed-orders, faults/seed-orders.ts).
import { nextCounter, type Db } from '../../accounts/db.ts';
import { amount, fxDiv, fxMul, fxPlain } from '../../../src/core/decimal.ts';
import { MAKER_FEE_RATE, type Market } from '../market.ts';
import { insertOrder, type OrderRow } from '../rows/orders.ts';
import type { TradingService } from '../engines/trading.ts';
import type { CreatePlan } from './validate.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The seeded past spans this much of the last 7 days (the history lists' default range). */
const SPAN_MS = 6 * DAY_MS;

export interface SeedCounts {
  /** Filled orders in the order history (their fills are the trade history's rows). */
  history: number;
  /** Fills in the trade history, one per history order (so at most `history`). */
  trades: number;
  /** Resting limit buys placed through the trading service, far below the market. */
  open: number;
}

/**
 * Writes a long past for one account on one symbol: `history` filled limit orders, spread over
 * the last six days, with a fill each for the first `trades` of them (the records Bybit's
 * /v5/order/history and /v5/execution/list read), and places `open` resting buys the usual way
 * (locked funds, on the book, pushed on the private stream), with the quote they lock credited
 * first. The past is records only: balances do not replay it.
 */
export function seedHistory(db: Db, trading: TradingService, userId: number, m: Market, counts: SeedCounts, now = Date.now()): void {
  const start = Number(m.def.startPrice);
  const price = (k: number) => (amount(String(start)) * BigInt(1000 + (k % 40) - 20)) / 1000n / m.tick * m.tick;
  const qty = (k: number) => m.minQty + m.lot * BigInt(k % 97);
  const step = Math.max(1, Math.floor(SPAN_MS / Math.max(1, counts.history)));
  db.transaction(() => {
    for (let i = 0; i < counts.history; i++) {
      const orderId = String(nextCounter(db, 'order_id', 1_700_000_000_000_001));
      const t = now - SPAN_MS + i * step;
      const p = price(i);
      const q = qty(i);
      const side = i % 2 === 0 ? 'Buy' : 'Sell';
      const filled = i < counts.trades;
      const value = fxMul(p, q);
      const fee = side === 'Buy' ? fxMul(q, amount(MAKER_FEE_RATE)) : fxMul(value, amount(MAKER_FEE_RATE));
      const feeCoin = side === 'Buy' ? m.base : m.quote;
      const row: OrderRow = {
        order_id: orderId, user_id: userId, order_link_id: `seed-${orderId}`, symbol: m.symbol, side, order_type: 'Limit', order_filter: 'Order',
        stop_order_type: '', time_in_force: 'GTC', price: fxPlain(p), qty: fxPlain(q), market_unit: '', trigger_price: '', trigger_direction: 0,
        trailing_value: '', trailing_extreme: '', take_profit: '', stop_loss: '', tp_limit_price: '', sl_limit_price: '', tp_order_type: '', sl_order_type: '',
        oco_trigger_by: '', status: filled ? 'Filled' : 'Cancelled', cancel_type: filled ? 'UNKNOWN' : 'CancelByUser', reject_reason: 'EC_NoError',
        cum_exec_qty: filled ? fxPlain(q) : '0', cum_exec_value: filled ? fxPlain(value) : '0', cum_exec_fee: filled ? fxPlain(fee) : '0', fee_currency: feeCoin,
        lock_coin: '', lock_amount: '0', base_price: fxPlain(p), parent_order_id: '', block_trade_id: '', create_type: 'CreateByUser', slippage_type: '', slippage: '',
        is_leverage: 0, reduce_only: 0, close_on_trigger: 0, created_time: t, updated_time: t + 1000,
      };
      insertOrder(db, row);
      if (!filled) continue;
      db.prepare(
        `INSERT INTO executions (exec_id, order_id, user_id, symbol, side, exec_price, exec_qty, exec_value, exec_fee, fee_currency, fee_rate, is_maker, leaves_qty, exec_time, seq)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, '0', ?, ?)`,
      ).run(String(nextCounter(db, 'exec_id', 2_100_000_000_000_001)), orderId, userId, m.symbol, side, fxPlain(p), fxPlain(q), fxPlain(value), fxPlain(fee), feeCoin, MAKER_FEE_RATE, 1, t + 1000, i + 1);
    }
  })();
  if (counts.open === 0) return;
  // Resting buys at 40–50 % of the start price: far from any trade, each its own small order.
  const bid = (k: number) => (amount(String(start)) * BigInt(400 + (k % 100))) / 1000n / m.tick * m.tick;
  const size = (k: number) => {
    const byAmt = fxDiv(m.minAmt * 2n, bid(k));
    const q = byAmt > m.minQty ? byAmt : m.minQty;
    return ((q + m.lot - 1n) / m.lot) * m.lot + m.lot * BigInt(k % 7);
  };
  let need = 0n;
  for (let k = 0; k < counts.open; k++) need += fxMul(bid(k), size(k));
  trading.adjustFunds(userId, [{ coin: m.quote, delta: need + amount('1') }], 'test-seed');
  for (let k = 0; k < counts.open; k++) {
    const plan: CreatePlan = {
      market: m, side: 'Buy', orderType: 'Limit', qty: size(k), price: bid(k), timeInForce: 'GTC', marketUnit: '', orderLinkId: undefined, orderFilter: 'Order',
      stopOrderType: '', triggerPrice: undefined, trailingValue: undefined, trailingPercent: undefined, takeProfit: undefined, stopLoss: undefined,
      tpLimitPrice: undefined, slLimitPrice: undefined,
    };
    trading.create(userId, plan);
  }
}
