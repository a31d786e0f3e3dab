// A strategy's stored rows and how they read on the wire (Bybit /v5/strategy/list and order-list):
// executed size and average price are exactly its children's fills, read from the orders table.
import type { Db } from '../../accounts/db.ts';
import { FX_ONE, fxFloorTo, fxPlain, parseAmount } from '../../../src/core/decimal.ts';
import { isFinalStatus } from '../../../src/protocol/bybit-v5/vocabulary.ts';
import { CHILD_STATUS, type StrategyOrderWire, type StrategyType, type StrategyWaitReason, type StrategyWire } from '../../../src/protocol/strategy.ts';
import { marketOf } from '../market.ts';
import { getOrder, type OrderRow } from '../rows/orders.ts';
import type { StrategyParams } from './params.ts';

const dec = (s: string) => parseAmount(s) ?? 0n;

/** Where a strategy is: slices placed, its current child, retries and post-only rejections. */
export interface Progress {
  slice: number;
  slices: number;
  /** Base quantity still to place (iceberg, chase) — TWAP's slices are planned up front. */
  planned: string[];
  child: string;
  retried: boolean;
  rejects: number;
  triggered: boolean;
  /** Why a running iceberg places nothing now (StrategyWire.waitReason); absent or '' when it is not waiting. */
  waiting?: StrategyWaitReason;
}

export interface Row {
  strategy_id: string;
  user_id: number;
  symbol: string;
  side: 'Buy' | 'Sell';
  type: StrategyType;
  size: string;
  params: string;
  progress: string;
  status: number;
  terminate_type: number;
  scope: string;
  next_at: number;
  created_at: number;
  started_at: number;
  ended_at: number;
  updated_at: number;
}

export interface ChildRow {
  order_id: string;
  strategy_id: string;
  parent_order_id: string;
  status: number;
  size: string;
  price: string;
  order_type: string;
  code: number;
  msg: string;
  created_at: number;
  updated_at: number;
}

/** What the children filled: base quantity and quote value. */
export function executed(db: Db, id: string): { qty: bigint; value: bigint } {
  const rows = db
    .prepare('SELECT o.cum_exec_qty, o.cum_exec_value FROM strategy_orders c JOIN orders o ON o.order_id = c.order_id WHERE c.strategy_id = ?')
    .all(id) as Array<{ cum_exec_qty: string; cum_exec_value: string }>;
  return rows.reduce((a, r) => ({ qty: a.qty + dec(r.cum_exec_qty), value: a.value + dec(r.cum_exec_value) }), { qty: 0n, value: 0n });
}

export function strategyWire(db: Db, now: number, r: Row): StrategyWire {
  const p = JSON.parse(r.params) as StrategyParams;
  const g = JSON.parse(r.progress) as Progress;
  const m = marketOf(r.symbol)!;
  const ex = executed(db, r.strategy_id);
  const child = g.child ? getOrder(db, g.child) : undefined;
  const count = (db.prepare('SELECT COUNT(*) AS n FROM strategy_orders WHERE strategy_id = ?').get(r.strategy_id) as { n: number }).n;
  const end = r.ended_at || now;
  return {
    strategyId: r.strategy_id, category: 'UTA_SPOT', symbol: r.symbol, side: r.side, size: r.size, strategyType: r.type, status: r.status,
    executedSize: fxPlain(ex.qty), executedAvgPrice: ex.qty > 0n ? fxPlain(fxFloorTo((ex.value * FX_ONE) / ex.qty, m.tick)) : '',
    executedStartTimeE3: r.started_at ? String(r.started_at) : '', executedEndTimeE3: r.ended_at ? String(r.ended_at) : '',
    createdTimeE3: String(r.created_at), updatedTimeE3: String(r.updated_at), triggerPrice: p.triggerPrice, isTriggered: g.triggered,
    terminateType: r.terminate_type, terminateRemark: '', triggerCount: g.triggered ? '1' : '0', tradingCount: String(count),
    duration: p.duration, executedDuration: r.started_at ? Math.floor((end - r.started_at) / 1000) : 0, isRandom: p.isRandom, interval: p.interval,
    limitPrice: p.limitPrice, chasePercentE4: String(p.chasePercentE4), chaseDistance: p.chaseDistance, maxChasePrice: p.maxChasePrice,
    chaseOrderPrice: child && !isFinalStatus(child.status) ? child.price : '', postOnly: p.postOnly, reduceOnly: false, leverageType: 0,
    strategyName: p.strategyName, positionValue: '', filledPositionValue: fxPlain(ex.value), waitReason: r.ended_at ? '' : (g.waiting ?? ''),
    // Bybit's fields for perpetual and TP/SL strategies: a spot TWAP/chase/iceberg has none of them.
    realizedPnl: '0', strategyPrefer: '', chasePrice: '', isRebalance: false, orderType: child?.order_type ?? '', orderPriceOffset: '', strategySl: '', strategyTp: '', arbitrageOrders: [],
  };
}

export function childWire(db: Db, r: Row, c: ChildRow): StrategyOrderWire {
  const o = c.order_id.startsWith('failed-') ? undefined : getOrder(db, c.order_id);
  return {
    strategyId: r.strategy_id, orderId: c.order_id, symbol: r.symbol, side: r.side, size: c.size, price: c.price, status: String(c.status),
    executedSize: o?.cum_exec_qty ?? '0', dealTimeE3: o && dec(o.cum_exec_qty) > 0n ? String(o.updated_time) : '', parentOrderId: c.parent_order_id,
    createdTimeE3: String(c.created_at), updatedTimeE3: String(c.updated_at), code: c.code, msg: c.msg, category: 'UTA_SPOT', orderType: c.order_type,
    positionIdx: 0, leverageType: 0, tpPrice: '', slPrice: '', orderPriceOffset: '', positionValue: '', filledPositionValue: o?.cum_exec_value ?? '0',
  };
}

/** A child's status from its order. */
export function childStatusOf(o: OrderRow): number {
  const filled = dec(o.cum_exec_qty);
  if (o.status === 'Filled') return CHILD_STATUS.filled;
  if (o.status === 'Rejected') return CHILD_STATUS.rejected;
  if (isFinalStatus(o.status)) return filled > 0n ? CHILD_STATUS.partiallyFilled : CHILD_STATUS.cancelled;
  return filled > 0n ? CHILD_STATUS.partiallyFilled : CHILD_STATUS.created;
}
