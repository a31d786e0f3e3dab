// The strategy engine (issue 17 item 1; Bybit /v5/strategy/*): TWAP, iceberg and chase run as
// ordinary orders of their owner through the matching engine, with the owner's balances. A clock
// tick (every second, or driven by tests) does each strategy's due work; child fills are read from
// the orders table, so a strategy's executed size and average price are exactly its children's.
// Everything is in SQLite: a restart picks each running strategy up where it was.
import { randomUUID } from 'node:crypto';
import { afterCommit, type Db } from '../../accounts/db.ts';
import { crashPoint } from '../../accounts/crash.ts';
import { getUser } from '../../accounts/users.ts';
import { ApiError, ERR } from '../../auth/errors.ts';
import type { MarketRules } from '../../exchange/market-rules.ts';
import { FX_ONE, fxCeilTo, fxFloorTo, fxMul, fxPlain, parseAmount } from '../../../src/core/decimal.ts';
import { isFinalStatus } from '../../../src/protocol/bybit-v5/vocabulary.ts';
import {
  CHASE_MAX_REJECTS, CHILD_STATUS, ICEBERG_TAKER_CHASE_DISTANCE, STRATEGY_STATUS, TERMINATE, type StrategyOrderWire, type StrategyType, type StrategyWaitReason, type StrategyWire,
} from '../../../src/protocol/strategy.ts';
import { checkMarketGates, ERR_ORDER_REJECTED } from '../services/market-gates.ts';
import { marketOf, type Market } from '../market.ts';
import { getOrder } from '../rows/orders.ts';
import type { EngineSource, TradingService } from '../engines/trading.ts';
import type { CreatePlan } from '../services/validate.ts';
import { planStrategy, type StrategyParams } from './params.ts';
import { childStatusOf, childWire, executed, strategyWire, type ChildRow, type Progress, type Row } from './rows.ts';

const dec = (s: string) => parseAmount(s) ?? 0n;

export type StrategyPush = (userId: number, list: StrategyWire[]) => void;

export interface StrategyEngineOptions {
  now?: () => number;
  /** The period of the clock tick; 0 leaves ticking to the caller (tests). */
  tickMs?: number;
  /** TWAP's ±20 % slice sizes draw from this (tests fix it). */
  random?: () => number;
  rules?: MarketRules;
}

const LIVE = [STRATEGY_STATUS.running, STRATEGY_STATUS.untriggered];
/** The children's createType: Bybit's CreateByTWAP and CreateByIceBerg; chase has no documented value of its own. */
const CREATE_TYPE: Record<StrategyType, string> = { twap: 'CreateByTWAP', iceberg: 'CreateByIceBerg', chaseOrder: 'CreateByChaseOrder' };

export class StrategyEngine {
  private readonly now: () => number;
  private readonly random: () => number;
  private readonly listeners: StrategyPush[] = [];
  private readonly removers: Array<() => void> = [];
  private timer: ReturnType<typeof setInterval> | undefined;
  private readonly dirty = new Set<string>();
  private flushQueued = false;
  private failSeq = 0;

  constructor(
    private readonly db: Db,
    private readonly trading: TradingService,
    private readonly engines: EngineSource,
    private readonly opts: StrategyEngineOptions = {},
  ) {
    this.now = opts.now ?? Date.now;
    this.random = opts.random ?? Math.random;
  }

  start(): void {
    // A child's fill or end is read after the matching engine's dispatch, like the grid engine does.
    this.removers.push(
      this.trading.onPush((_user, topic, data) => {
        if (topic !== 'order') return;
        for (const o of data as ReadonlyArray<{ orderId: string }>) {
          const child = this.db.prepare('SELECT strategy_id FROM strategy_orders WHERE order_id = ?').get(o.orderId) as { strategy_id: string } | undefined;
          if (child) this.markDirty(child.strategy_id);
        }
      }),
    );
    const tick = this.opts.tickMs ?? 1000;
    if (tick > 0) this.timer = setInterval(() => this.tick(), tick);
  }

  stop(): void {
    clearInterval(this.timer);
    for (const r of this.removers.splice(0)) r();
  }

  onPush(l: StrategyPush): () => void {
    this.listeners.push(l);
    return () => this.listeners.splice(this.listeners.indexOf(l) >>> 0, 1);
  }

  // ---- API ---------------------------------------------------------------------------------

  create(userId: number, body: Record<string, unknown>, scope: string | undefined): { strategyId: string; result: null } {
    const user = getUser(this.db, userId);
    if (user?.is_demo === 1) throw new ApiError(ERR.DEMO_NOT_SUPPORTED, 'Demo trading are not supported.');
    if (user?.is_uta !== 1) throw new ApiError(ERR.PERMISSION, 'Strategies need a unified trading account.');
    if ((this.db.prepare('SELECT trading_banned FROM users WHERE id = ?').get(userId) as { trading_banned: number }).trading_banned === 1) {
      throw new ApiError(ERR.TRADING_BANNED, 'Transactions are banned for this account.');
    }
    const plan = planStrategy(body, (m) => this.lastPrice(m));
    if (this.opts.rules?.isDelisted(plan.market.symbol)) throw new ApiError(ERR_ORDER_REJECTED, `New order rejected. ${plan.market.symbol} has been delisted.`);
    const now = this.now();
    const id = randomUUID();
    const triggered = plan.params.triggerPrice === '';
    const progress: Progress = { slice: 0, slices: 0, planned: [], child: '', retried: false, rejects: 0, triggered };
    if (plan.type === 'twap') {
      progress.slices = plan.params.duration / plan.params.interval;
      progress.planned = this.twapSlices(plan.market, plan.size, progress.slices, plan.params.isRandom).map((q) => fxPlain(q));
    }
    // The strategy and its first slice (which goes out at once) are one transaction.
    this.db.transaction(() => {
      this.db
        .prepare(
          `INSERT INTO strategies (strategy_id, user_id, symbol, side, type, size, params, progress, status, scope, next_at, created_at, started_at, updated_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(id, userId, plan.market.symbol, plan.side, plan.type, fxPlain(plan.size), JSON.stringify(plan.params), JSON.stringify(progress),
          triggered ? STRATEGY_STATUS.running : STRATEGY_STATUS.untriggered, scope ?? '', now, now, triggered ? now : 0, now);
      this.step(id);
    })();
    this.push(id);
    return { strategyId: id, result: null };
  }

  stopStrategy(userId: number, strategyId: unknown): { strategyId: string } {
    const row = typeof strategyId === 'string' ? this.get(strategyId) : undefined;
    if (!row || row.user_id !== userId) throw new ApiError(ERR.PARAM, 'Request parameter error: unknown strategyId');
    if (!LIVE.includes(row.status as 2 | 6)) throw new ApiError(ERR.PARAM, 'Request parameter error: the strategy has already ended and cannot be resumed');
    this.terminate(row, TERMINATE.userStop);
    return { strategyId: row.strategy_id };
  }

  /** Ends every live strategy on a symbol (delisted, terminateType 13). */
  terminateSymbol(symbol: string): void {
    const rows = this.db.prepare('SELECT * FROM strategies WHERE symbol = ? AND status IN (2, 6)').all(symbol) as Row[];
    for (const r of rows) this.terminate(r, TERMINATE.symbolDelisted);
  }

  /** Ends every live strategy of an account (a trading ban): open children cancelled, fills stand. */
  terminateUser(userId: number, reason: number): void {
    const rows = this.db.prepare('SELECT * FROM strategies WHERE user_id = ? AND status IN (2, 6)').all(userId) as Row[];
    for (const r of rows) this.terminate(r, reason);
  }

  list(userId: number, q: URLSearchParams): { list: StrategyWire[]; nextCursor: string; prevCursor: string } {
    const where = ['user_id = ?'];
    const args: Array<string | number> = [userId];
    const add = (sql: string, v: string | number) => {
      where.push(sql);
      args.push(v);
    };
    for (const [name, column] of [['strategyId', 'strategy_id'], ['symbol', 'symbol'], ['strategyType', 'type']] as const) {
      const v = q.get(name);
      if (v) add(`${column} = ?`, v);
    }
    const status = q.get('status');
    // Spec 4.9: the history (3) holds every ended strategy, filled or not (3 and 4).
    if (status === '3') where.push('status IN (3, 4)');
    else if (status) add('status = ?', Number(status));
    const size = Math.min(Math.max(Number(q.get('pageSize') ?? 20) || 20, 1), 100);
    const rows = this.db.prepare(`SELECT * FROM strategies WHERE ${where.join(' AND ')} ORDER BY created_at DESC, strategy_id LIMIT ?`).all(...args, size) as Row[];
    return { list: rows.map((r) => strategyWire(this.db, this.now(), r)), nextCursor: '', prevCursor: '' };
  }

  orders(userId: number, q: URLSearchParams): { list: StrategyOrderWire[]; nextCursor: string; prevCursor: string } {
    const row = this.get(q.get('strategyId') ?? '');
    if (!row || row.user_id !== userId) throw new ApiError(ERR.PARAM, 'Request parameter error: unknown strategyId');
    const children = this.db.prepare('SELECT * FROM strategy_orders WHERE strategy_id = ? ORDER BY created_at, order_id').all(row.strategy_id) as ChildRow[];
    const status = q.get('status');
    const list = children.map((c) => childWire(this.db, row, c)).filter((c) => !status || c.status === status);
    return { list, nextCursor: '', prevCursor: '' };
  }

  // ---- the clock ---------------------------------------------------------------------------

  /**
   * A test's step (/faults/strategy-step): the account's live strategies are due now and take
   * their next step at once, instead of waiting for their interval on the wall clock.
   */
  stepNow(userId: number): number {
    const n = this.db.prepare('UPDATE strategies SET next_at = 0 WHERE user_id = ? AND status IN (2, 6)').run(userId).changes;
    this.tick();
    return n;
  }

  /** Does every live strategy's due work. */
  tick(): void {
    const due = this.db.prepare(`SELECT strategy_id FROM strategies WHERE status IN (2, 6) AND next_at <= ?`).all(this.now()) as Array<{ strategy_id: string }>;
    for (const { strategy_id } of due) {
      // A step (its child order, the child's link and the progress) is one transaction: a crash
      // anywhere in it leaves the strategy as it was before, so the slice is placed once.
      this.db.transaction(() => {
        this.sync(strategy_id);
        this.step(strategy_id);
      })();
      this.push(strategy_id);
    }
  }

  private markDirty(id: string): void {
    this.dirty.add(id);
    if (this.flushQueued) return;
    this.flushQueued = true;
    queueMicrotask(() => {
      this.flushQueued = false;
      for (const s of [...this.dirty]) {
        this.dirty.delete(s);
        this.db.transaction(() => {
          this.sync(s);
          const row = this.get(s);
          // An iceberg's next slice follows its last fill at once; the rest wait for the clock.
          if (row && row.type === 'iceberg' && row.status === STRATEGY_STATUS.running) this.step(s);
        })();
        this.push(s);
      }
    });
  }

  /** Updates the children's statuses from their orders. */
  private sync(id: string): void {
    const children = this.db.prepare(`SELECT * FROM strategy_orders WHERE strategy_id = ? AND status IN (2, 4)`).all(id) as ChildRow[];
    for (const c of children) {
      const o = getOrder(this.db, c.order_id);
      if (!o) continue;
      const status = childStatusOf(o);
      if (status !== c.status) this.db.prepare('UPDATE strategy_orders SET status = ?, updated_at = ? WHERE order_id = ?').run(status, this.now(), c.order_id);
    }
  }

  /** One strategy's due work: trigger, the next slice, re-pricing, completion. */
  private step(id: string): void {
    const row = this.get(id);
    if (!row || !LIVE.includes(row.status as 2 | 6)) return;
    const m = marketOf(row.symbol)!;
    const p = JSON.parse(row.params) as StrategyParams;
    const g = JSON.parse(row.progress) as Progress;
    const last = this.lastPrice(m);
    const now = this.now();
    if (!g.triggered) {
      const trigger = dec(p.triggerPrice);
      // A buy waits for the price to come down to its trigger, a sell for it to go up.
      if (last === undefined || (row.side === 'Buy' ? last > trigger : last < trigger)) return this.save(row, g, now + 1000);
      g.triggered = true;
      this.db.prepare('UPDATE strategies SET status = 2, started_at = ? WHERE strategy_id = ?').run(now, id);
      row.status = STRATEGY_STATUS.running;
      row.started_at = now;
    }
    const max = dec(p.maxChasePrice);
    if (max > 0n && last !== undefined && (row.side === 'Buy' ? last >= max : last <= max) && row.type !== 'iceberg') {
      return this.terminate(row, TERMINATE.beyondMaxChasePrice);
    }
    if (row.type === 'twap') return this.stepTwap(row, m, p, g, now);
    if (row.type === 'iceberg') return this.stepIceberg(row, m, p, g, now);
    return this.stepChase(row, m, p, g, now);
  }

  private stepTwap(row: Row, m: Market, p: StrategyParams, g: Progress, now: number): void {
    if (g.slice >= g.slices) return this.finish(row);
    const qty = dec(g.planned[g.slice]!);
    const price = this.offsetPrice(m, row.side, p, true);
    const result = this.place(row, m, qty, price, price === undefined ? 'Market' : 'Limit', 'IOC', g.retried ? g.child : '');
    if (result === 'stop') return;
    const o = result ? getOrder(this.db, result) : undefined;
    const failed = !o || dec(o.cum_exec_qty) === 0n;
    if (failed && !g.retried) {
      // A slice that did not fill is tried once more, a second later.
      g.retried = true;
      g.child = result || g.child;
      return this.save(row, g, now + 1000);
    }
    g.retried = false;
    g.child = '';
    g.slice += 1;
    if (g.slice >= g.slices) return this.finish(row, g);
    this.save(row, g, Number(row.started_at || row.created_at) + g.slice * p.interval * 1000);
  }

  private stepIceberg(row: Row, m: Market, p: StrategyParams, g: Progress, now: number): void {
    const left = dec(row.size) - executed(this.db, row.strategy_id).qty;
    const child = g.child ? getOrder(this.db, g.child) : undefined;
    // Chase Limit (Taker): each slice at the best quote on the other side (Ask1 for a buy), so it
    // takes at once; with none there, it waits for one rather than rest as a maker.
    const taker = p.chaseDistance === ICEBERG_TAKER_CHASE_DISTANCE;
    const price = p.limitPrice !== '' ? dec(p.limitPrice) : taker ? this.quotedOpposite(m, row.side) : this.bestSamePrice(m, row.side);
    if (child && !isFinalStatus(child.status)) {
      // Chasing the best price: a child left behind is cancelled, and its rest placed again.
      if (p.limitPrice === '' && price !== undefined && dec(child.price) !== price) this.trading.cancel(child, 'CancelByUser');
      else return this.save(row, g, now + 1000);
    }
    if (left < m.minQty) return this.finish(row, g);
    // A slice that ended without a fill (a taker's that found nothing, a post-only one that would
    // have taken, a refusal) is not followed at once by the next, only on the clock: the end of a
    // slice steps the strategy again, and a slice that cannot fill looped without yielding (the
    // third walkthrough: a post-only iceberg priced through the book froze the exchange).
    if (child && isFinalStatus(child.status) && dec(child.cum_exec_qty) === 0n && now < row.next_at) return this.save(row, g, row.next_at);
    const max = dec(p.maxChasePrice);
    // A price limit pauses it: buys wait while the price is above it, sells while below.
    if (price !== undefined && max > 0n && (row.side === 'Buy' ? price > max : price < max)) return this.wait(row, g, 'priceLimit', now + 1000);
    if (price === undefined) return this.save(row, g, now + 1000);
    // Post only, priced through the other side: it would take, so it waits for the book to move
    // rather than place a slice the book can only cancel; the list says why it places nothing.
    if (!taker && p.postOnly === 1) {
      const opposite = this.quotedOpposite(m, row.side);
      if (opposite !== undefined && (row.side === 'Buy' ? price >= opposite : price <= opposite)) return this.wait(row, g, 'postOnlyWouldTake', now + 1000);
    }
    if (g.waiting) {
      g.waiting = '';
      this.save(row, g, now);
      this.push(row.strategy_id);
    }
    const sub = dec(p.subSize);
    const qty = left - sub < m.minQty ? left : sub < left ? sub : left;
    // A taker slice is IOC: what it cannot take at once is cancelled and the next slice follows the quote.
    const result = this.place(row, m, qty, price, 'Limit', taker ? 'IOC' : p.postOnly === 1 ? 'PostOnly' : 'GTC', '');
    if (result === 'stop') return;
    g.child = result;
    this.save(row, g, now + 1000);
  }

  private stepChase(row: Row, m: Market, p: StrategyParams, g: Progress, now: number): void {
    const child = g.child ? getOrder(this.db, g.child) : undefined;
    const left = dec(row.size) - executed(this.db, row.strategy_id).qty;
    if (child && child.status === 'Rejected') g.rejects += 1;
    else if (child && dec(child.cum_exec_qty) > 0n) g.rejects = 0;
    if (g.rejects >= CHASE_MAX_REJECTS) return this.terminate(row, TERMINATE.consecutiveFailures);
    if (left < m.minQty) return this.finish(row, g);
    // As the iceberg's: a child that ended unfilled is followed on the clock, never in the same turn.
    if (child && isFinalStatus(child.status) && dec(child.cum_exec_qty) === 0n && now < row.next_at) return this.save(row, g, row.next_at);
    const price = this.offsetPrice(m, row.side, p, false);
    if (price === undefined) return this.save(row, g, now + 1000);
    const max = dec(p.maxChasePrice);
    if (max > 0n && (row.side === 'Buy' ? price > max : price < max)) return this.terminate(row, TERMINATE.beyondMaxChasePrice);
    if (child && !isFinalStatus(child.status)) {
      if (dec(child.price) === price) return this.save(row, g, now + 1000);
      // Re-priced every second toward the best quote: cancel, then place what is left.
      this.trading.cancel(child, 'CancelByUser');
      const rest = dec(row.size) - executed(this.db, row.strategy_id).qty;
      if (rest < m.minQty) return this.finish(row, g);
    }
    const qty = dec(row.size) - executed(this.db, row.strategy_id).qty;
    const result = this.place(row, m, qty, price, 'Limit', 'PostOnly', '');
    if (result === 'stop') return;
    g.child = result;
    this.save(row, g, now + 1000);
  }

  // ---- orders ------------------------------------------------------------------------------

  /**
   * Places one child order; returns its order id ('' when it could not be created, recorded as a
   * failed child), or 'stop' when the strategy ended (no funds, banned side).
   */
  private place(row: Row, m: Market, qty: bigint, price: bigint | undefined, orderType: 'Limit' | 'Market', tif: CreatePlan['timeInForce'], parent: string): string {
    const plan: CreatePlan = {
      market: m, side: row.side, orderType, qty, price, timeInForce: orderType === 'Market' ? 'IOC' : tif, marketUnit: orderType === 'Market' ? 'baseCoin' : '',
      orderLinkId: undefined, orderFilter: 'Order', stopOrderType: '', triggerPrice: undefined, trailingValue: undefined, trailingPercent: undefined,
      takeProfit: undefined, stopLoss: undefined, tpLimitPrice: undefined, slLimitPrice: undefined, createType: CREATE_TYPE[row.type],
    };
    const now = this.now();
    try {
      checkMarketGates(this.db, this.opts.rules, row.user_id, plan, row.scope || undefined, price ?? this.lastPrice(m));
      // The child row is written first: a fill that comes back at once must find it.
      const { orderId } = this.trading.create(row.user_id, plan);
      crashPoint(`${row.type}.child`);
      this.db
        .prepare('INSERT INTO strategy_orders (order_id, strategy_id, parent_order_id, status, size, price, order_type, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)')
        .run(orderId, row.strategy_id, parent, CHILD_STATUS.created, fxPlain(qty), price === undefined ? '' : fxPlain(price), orderType, now, now);
      this.sync(row.strategy_id);
      return orderId;
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      this.db
        .prepare('INSERT INTO strategy_orders (order_id, strategy_id, parent_order_id, status, size, price, order_type, code, msg, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)')
        .run(`failed-${now}-${++this.failSeq}`, row.strategy_id, parent, CHILD_STATUS.createFailed, fxPlain(qty), price === undefined ? '' : fxPlain(price), orderType, err.retCode, err.message, now, now);
      if (err.retCode === ERR.BALANCE_INSUFFICIENT) return void this.terminate(row, TERMINATE.insufficientBalance), 'stop';
      if (err.retCode === ERR_ORDER_REJECTED || err.retCode === ERR.TRADING_BANNED) return void this.terminate(row, TERMINATE.userTradingBanned), 'stop';
      return '';
    }
  }

  /** TWAP's slices: equal, or ±20 % at random; each on the lot step, the last one takes the rest exactly. */
  private twapSlices(m: Market, size: bigint, n: number, random: boolean): bigint[] {
    const mean = size / BigInt(n);
    const out: bigint[] = [];
    let left = size;
    for (let i = 0; i < n - 1; i++) {
      const factor = random ? BigInt(Math.round((0.8 + this.random() * 0.4) * 1e6)) : 1_000_000n;
      let q = fxFloorTo((mean * factor) / 1_000_000n, m.lot);
      if (q > left) q = left;
      out.push(q);
      left -= q;
    }
    out.push(left);
    return out;
  }

  /** A limit price offset from the best opposite quote (TWAP, crossing) or the best same-side quote (chase, resting). */
  private offsetPrice(m: Market, side: 'Buy' | 'Sell', p: StrategyParams, crossing: boolean): bigint | undefined {
    const offset = dec(p.chaseDistance);
    if (crossing && offset === 0n && p.chasePercentE4 === 0) return undefined;
    const base = crossing ? this.bestOppositePrice(m, side) : this.bestSamePrice(m, side);
    if (base === undefined) return undefined;
    const delta = offset > 0n ? offset : fxMul(base, (BigInt(p.chasePercentE4) * FX_ONE) / 10_000n);
    // Crossing (TWAP): up to the offset beyond the best ask for a buy; resting (chase): the offset behind the best bid.
    const buyUp = crossing === (side === 'Buy');
    const raw = buyUp ? base + delta : base - delta;
    const price = buyUp ? fxCeilTo(raw, m.tick) : fxFloorTo(raw, m.tick);
    return price > 0n ? price : m.tick;
  }

  private bestSamePrice(m: Market, side: 'Buy' | 'Sell'): bigint | undefined {
    const e = this.engines(m.symbol);
    const t = side === 'Buy' ? e?.bestBid() : e?.bestAsk();
    return t !== undefined ? BigInt(t) * m.tick : this.lastPrice(m);
  }

  private bestOppositePrice(m: Market, side: 'Buy' | 'Sell'): bigint | undefined {
    const e = this.engines(m.symbol);
    const t = side === 'Buy' ? e?.bestAsk() : e?.bestBid();
    return t !== undefined ? BigInt(t) * m.tick : this.lastPrice(m);
  }

  /** The best quote on the other side of the book, or nothing (no last-price fallback). */
  private quotedOpposite(m: Market, side: 'Buy' | 'Sell'): bigint | undefined {
    const e = this.engines(m.symbol);
    const t = side === 'Buy' ? e?.bestAsk() : e?.bestBid();
    return t !== undefined ? BigInt(t) * m.tick : undefined;
  }

  private lastPrice(m: Market): bigint | undefined {
    return this.trading.lastPrice(m);
  }

  // ---- endings -----------------------------------------------------------------------------

  /** Ends a strategy that ran its course: terminated, or terminated with unfilled size. */
  private finish(row: Row, g?: Progress): void {
    if (g) this.save(row, g, row.next_at);
    const filled = executed(this.db, row.strategy_id).qty >= dec(row.size);
    this.end(row, filled ? STRATEGY_STATUS.terminated : STRATEGY_STATUS.terminatedUnfilled, TERMINATE.completed);
  }

  /** Stops a strategy early: open children cancelled, fills stand. */
  private terminate(row: Row, reason: number): void {
    const filled = executed(this.db, row.strategy_id).qty >= dec(row.size);
    this.end(row, filled ? STRATEGY_STATUS.terminated : STRATEGY_STATUS.terminatedUnfilled, reason);
  }

  private end(row: Row, status: number, reason: number): void {
    this.db.transaction(() => this.endNow(row, status, reason))();
    this.push(row.strategy_id);
  }

  private endNow(row: Row, status: number, reason: number): void {
    const open = this.db.prepare('SELECT order_id FROM strategy_orders WHERE strategy_id = ? AND status IN (2, 4)').all(row.strategy_id) as Array<{ order_id: string }>;
    for (const c of open) {
      const o = getOrder(this.db, c.order_id);
      if (o && !isFinalStatus(o.status)) this.trading.cancel(o, 'CancelByUser');
    }
    this.sync(row.strategy_id);
    const now = this.now();
    this.db.prepare('UPDATE strategies SET status = ?, terminate_type = ?, ended_at = ?, updated_at = ? WHERE strategy_id = ?').run(status, reason, now, now, row.strategy_id);
  }

  /** Saves a strategy that places nothing now, and tells the page why when that changes. */
  private wait(row: Row, g: Progress, reason: StrategyWaitReason, nextAt: number): void {
    const changed = g.waiting !== reason;
    g.waiting = reason;
    this.save(row, g, nextAt);
    if (changed) this.push(row.strategy_id);
  }

  private save(row: Row, g: Progress, nextAt: number): void {
    crashPoint(`${row.type}.step`);
    this.db.prepare('UPDATE strategies SET progress = ?, next_at = ?, updated_at = ? WHERE strategy_id = ?').run(JSON.stringify(g), nextAt, this.now(), row.strategy_id);
  }

  // ---- reading -----------------------------------------------------------------------------

  private get(id: string): Row | undefined {
    return this.db.prepare('SELECT * FROM strategies WHERE strategy_id = ?').get(id) as Row | undefined;
  }

  /** Tells listeners the strategy's state, once what is being written now has committed. */
  private push(id: string): void {
    afterCommit(this.db, () => {
      const row = this.get(id);
      if (!row) return;
      const w = strategyWire(this.db, this.now(), row);
      for (const l of this.listeners) l(row.user_id, [w]);
    });
  }
}
