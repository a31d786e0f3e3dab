import type { Db } from '../../accounts/db.ts';
import { afterCommit, nextCounter } from '../../accounts/db.ts';
import { crashPoint } from '../../accounts/crash.ts';
import { fxFloorTo, fxMul, fxPlain, parseAmount } from '../../../src/core/decimal.ts';
import { FEE_ACCOUNT_ID, LIQUIDITY_ACCOUNT_ID } from '../../accounts/seed.ts';
import { ApiError, ERR } from '../../auth/errors.ts';
import type { MatchingEngine, OrderEvent, OrderInput, TradeEvent } from '../../exchange/matching/engine.ts';
import { SYMBOLS, marginTradingOf } from '../../exchange/symbols.ts';
import { InsufficientBalance, Ledger } from '../rows/ledger.ts';
import type { MintReason } from '../../accounts/mints.ts';
import { activationLock, preTriggerLock, referencePrice, type LockPlan } from './lock-plan.ts';
import { MAKER_FEE_RATE, TAKER_FEE_RATE, marketOf, type Market } from '../market.ts';
import { executionJson, getOrder, insertOrder, LIQUIDATION_CREATE_TYPE, orderJson, updateOrder, type ExecutionRow, type OrderRow } from '../rows/orders.ts';
import { TriggerBook } from './triggers.ts';
import { ERR_REDUCE_ONLY, type CreatePlan } from '../services/validate.ts';
import type { MarginHooks } from './margin.ts';
import { attachedPlan } from './attached-tpsl.ts';
import { walletJson } from '../rows/wallet.ts';
import type { PushData } from '../../../src/protocol/bybit-v5/private.ts';
import type { PrivatePushTopic } from '../../../src/protocol/bybit-v5/topics.ts';
import { isFinalStatus, OPEN_STATUS_SQL } from '../../../src/protocol/bybit-v5/vocabulary.ts';
import { isOrderLimitCode, TRADE_LIMIT_MESSAGES } from '../../../src/protocol/bybit-v5/trade-limits.ts';

export type EngineSource = (symbol: string) => MatchingEngine | undefined;
export type PushTopic = PrivatePushTopic;
export type PushListener = (userId: number, topic: PushTopic, data: ReadonlyArray<PushData[PushTopic]>) => void;

const dec = (s: string) => parseAmount(s) ?? 0n;

/** Where an order comes from besides the user's own order ticket (spec 3 special trade origin, 4.7 future spread). */
export type OrderOrigin = 'blockTrade' | 'futureSpread';
const fmt = (v: bigint) => fxPlain(v);

/**
 * The accounts side of trading: it owns balances, locks, fees, order and execution records and the
 * stop/TP-SL/OCO/trailing triggers; the matching engine owns only the book. Each business event
 * (placing, a fill, a final status) is one SQLite transaction.
 */
export class TradingService {
  readonly ledger: Ledger;
  private readonly listeners: PushListener[] = [];
  private readonly removers: Array<() => void> = [];
  private readonly pendingCancel = new Map<string, string>();
  readonly triggers: TriggerBook;
  private walletFlushQueued = false;
  private stopped = false;
  /** Spot margin (margin.ts): lends to leveraged orders, repays from proceeds; set once at start. */
  margin: MarginHooks | undefined;

  constructor(
    readonly db: Db,
    readonly engines: EngineSource,
    /** The post-acceptance risk check: a reject reason for an order of this user, or undefined to let it through. */
    private readonly riskCheck?: (userId: number) => string | undefined,
    /** Where a user's new order comes from (a test's /faults/order-origin): block trade or future spread; undefined for an ordinary order. */
    private readonly originOf?: (userId: number) => OrderOrigin | undefined,
  ) {
    this.ledger = new Ledger(db);
    this.triggers = new TriggerBook(db, (id, by) => this.trigger(id, by));
  }

  /** Hooks into every engine, reloads waiting triggers and puts resting orders back on the books. */
  start(): void {
    for (const s of SYMBOLS) {
      const engine = this.engines(s.symbol);
      if (!engine) continue;
      // One engine command (a match and everything its events write) is one transaction.
      engine.transact = (deliver) => this.db.transaction(deliver)();
      this.removers.push(() => {
        engine.transact = (deliver) => deliver();
      });
      this.removers.push(
        engine.addListener({
          onOrderEvent: (e) => this.onOrderEvent(e),
          onTrade: (t) => this.triggers.onTrade(s.symbol, BigInt(t.priceTicks) * marketOf(s.symbol)!.tick),
        }),
      );
    }
    this.restore();
  }

  stop(): void {
    this.stopped = true;
    for (const r of this.removers.splice(0)) r();
  }

  onPush(l: PushListener): () => void {
    this.listeners.push(l);
    return () => {
      const i = this.listeners.indexOf(l);
      if (i >= 0) this.listeners.splice(i, 1);
    };
  }

  /** Tells listeners (the private stream, bots, strategies) once what the data says is committed. */
  private emit<T extends PushTopic>(userId: number, topic: T, data: ReadonlyArray<PushData[T]>): void {
    afterCommit(this.db, () => {
      for (const l of this.listeners) l(userId, topic, data);
    });
  }

  private pushOrder(orderId: string): void {
    const row = getOrder(this.db, orderId);
    if (row) this.emit(row.user_id, 'order', [{ ...orderJson(row), closedPnl: '0' }]);
    this.queueWalletFlush();
  }

  /** Wallet pushes are coalesced to one per user per tick: a sweep of fills moves balances many times. */
  private queueWalletFlush(): void {
    if (this.walletFlushQueued) return;
    this.walletFlushQueued = true;
    queueMicrotask(() => {
      this.walletFlushQueued = false;
      if (this.stopped) return;
      for (const userId of this.ledger.takeDirty()) {
        if (userId === FEE_ACCOUNT_ID || userId === LIQUIDITY_ACCOUNT_ID) continue;
        this.emit(userId, 'wallet', [walletJson(this.ledger, userId, this.engines, undefined, this.margin)]);
      }
    });
  }

  /**
   * Creates or destroys money outside trading (demo funds, rewards, test seeding), recorded as
   * mints: all moves or none, in one transaction, then the wallet push. Throws InsufficientBalance
   * when a removal would go below zero.
   */
  adjustFunds(userId: number, moves: ReadonlyArray<{ coin: string; delta: bigint }>, reason: MintReason): void {
    this.db.transaction(() => {
      for (const m of moves) this.ledger.mint(userId, m.coin, m.delta, reason);
    })();
    this.queueWalletFlush();
  }

  /** Balances moved outside trading (leveraged-token orders): their wallet push follows. */
  notifyBalances(): void {
    this.queueWalletFlush();
  }

  private engineFor(m: Market): MatchingEngine {
    const engine = this.engines(m.symbol);
    if (!engine) throw new ApiError(ERR.INVALID_SYMBOL, 'Invalid symbol.');
    return engine;
  }

  /** The symbol's last traded price, when it has traded. */
  lastPrice(m: Market): bigint | undefined {
    const ticks = this.engineFor(m).lastPriceTicks;
    return ticks !== undefined ? BigInt(ticks) * m.tick : undefined;
  }

  // ---- create ------------------------------------------------------------------------------

  /**
   * Places an order: its record, lock (and loan), and what the engine does with it at once (fills,
   * final status) are one transaction, so the answer the caller gets describes committed data.
   */
  create(userId: number, plan: CreatePlan, parentOrderId = ''): { orderId: string; orderLinkId: string } {
    return this.db.transaction(() => this.createNow(userId, plan, parentOrderId))();
  }

  private createNow(userId: number, plan: CreatePlan, parentOrderId: string): { orderId: string; orderLinkId: string } {
    const m = plan.market;
    // Every path that trades comes through here (the API, bots, strategies): a banned account places nothing.
    const flags = this.db.prepare('SELECT trading_banned, trade_limit_code FROM users WHERE id = ?').get(userId) as { trading_banned: number; trade_limit_code: number } | undefined;
    if (flags?.trading_banned === 1) throw new ApiError(ERR.TRADING_BANNED, 'Transactions are banned for this account.');
    // Spec 8's trade-limit and standard-account-limit codes, as the account's limit says.
    if (flags && isOrderLimitCode(flags.trade_limit_code)) throw new ApiError(flags.trade_limit_code, TRADE_LIMIT_MESSAGES[flags.trade_limit_code]);
    const engine = this.engineFor(m);
    const now = Date.now();
    const last = engine.lastPriceTicks !== undefined ? BigInt(engine.lastPriceTicks) * m.tick : undefined;
    let row!: OrderRow;
    let lock!: LockPlan;
    const conditional = plan.stopOrderType !== '';
    this.db.transaction(() => {
      const orderId = String(nextCounter(this.db, 'order_id', 1_700_000_000_000_001));
      const orderLinkId = plan.orderLinkId ?? `${orderId}0`;
      if (this.db.prepare('SELECT 1 FROM orders WHERE user_id = ? AND order_link_id = ?').get(userId, orderLinkId)) {
        throw new ApiError(ERR.DUPLICATE_LINK_ID, 'Duplicate clientOrderId');
      }
      const p = (v: bigint | undefined) => (v === undefined ? '' : fmt(v));
      row = {
        order_id: orderId, user_id: userId, order_link_id: orderLinkId, symbol: m.symbol, side: plan.side, order_type: plan.orderType,
        order_filter: plan.orderFilter, stop_order_type: plan.stopOrderType, time_in_force: plan.timeInForce, price: p(plan.price), qty: fmt(plan.qty),
        market_unit: plan.marketUnit, trigger_price: p(plan.triggerPrice),
        trigger_direction: plan.triggerPrice !== undefined && last !== undefined ? (plan.triggerPrice > last ? 1 : 2) : plan.side === 'Buy' ? 1 : 2,
        trailing_value: plan.trailingValue !== undefined ? fmt(plan.trailingValue) : plan.trailingPercent !== undefined ? `${fmt(plan.trailingPercent)}%` : '',
        trailing_extreme: '', take_profit: p(plan.takeProfit), stop_loss: p(plan.stopLoss), tp_limit_price: p(plan.tpLimitPrice), sl_limit_price: p(plan.slLimitPrice),
        tp_order_type: plan.takeProfit === undefined ? '' : plan.tpLimitPrice !== undefined ? 'Limit' : 'Market',
        sl_order_type: plan.stopLoss === undefined ? '' : plan.slLimitPrice !== undefined ? 'Limit' : 'Market',
        oco_trigger_by: '', status: conditional ? 'Untriggered' : 'New', cancel_type: 'UNKNOWN', reject_reason: 'EC_NoError',
        cum_exec_qty: '0', cum_exec_value: '0', cum_exec_fee: '0', fee_currency: plan.side === 'Buy' ? m.base : m.quote,
        lock_coin: '', lock_amount: '0', base_price: last !== undefined ? fmt(last) : '', parent_order_id: parentOrderId,
        block_trade_id: '', create_type: 'CreateByUser', slippage_type: plan.slippage?.type ?? '', slippage: plan.slippage ? fmt(plan.slippage.value) : '',
        is_leverage: 0, reduce_only: plan.reduceOnly ? 1 : 0, close_on_trigger: plan.closeOnTrigger ? 1 : 0, created_time: now, updated_time: now,
      };
      // Only the user's own order takes the origin; what it spawns is the user's again.
      const origin = parentOrderId === '' ? this.originOf?.(userId) : undefined;
      if (plan.createType) row.create_type = plan.createType;
      if (origin === 'blockTrade') row.block_trade_id = `bt-${orderId}`;
      else if (origin === 'futureSpread') row.create_type = 'CreateByFutureSpread';
      // A plain conditional (StopOrder) holds nothing until it triggers; everything else locks now.
      lock = !conditional
        ? activationLock(m, row, referencePrice(m, engine, plan.side))
        : plan.stopOrderType === 'Stop'
          ? { coin: '', amount: 0n, protectionTicks: undefined }
          : preTriggerLock(m, row);
      row.lock_coin = lock.coin;
      row.lock_amount = fmt(lock.amount);
      row.is_leverage = plan.isLeverage ? 1 : 0;
      // A reduce-only buy closes a short: no more than the base owed.
      if (plan.reduceOnly && plan.side === 'Buy' && plan.qty > this.baseOwed(userId, m.base)) {
        throw new ApiError(ERR_REDUCE_ONLY, 'Reduce-only rule not satisfied: the order buys more than the position it closes.');
      }
      insertOrder(this.db, row);
      // A leveraged order borrows what the balance lacks (or is refused and rolls back).
      const short = lock.amount - this.ledger.get(userId, lock.coin).available;
      // What instruments-info says (marginTrading 'none'): this pair cannot be traded on margin.
      if (plan.isLeverage && marginTradingOf(m.def) === 'none') throw new ApiError(ERR.PARAM, `Request parameter error: isLeverage: ${m.symbol} is not a margin trading pair`);
      if (plan.isLeverage && short > 0n) {
        if (!this.margin) throw new ApiError(ERR.PARAM, 'Request parameter error: margin trading is not supported');
        this.margin.borrowForOrder(userId, lock.coin, short);
        // Recorded on the order, in this transaction: a sell's borrowed base is a short position.
        updateOrder(this.db, row.order_id, { borrowed: fmt(short) });
      }
      try {
        this.ledger.lock(userId, lock.coin, lock.amount);
      } catch (err) {
        if (err instanceof InsufficientBalance) throw new ApiError(ERR.BALANCE_INSUFFICIENT, 'Balance insufficient');
        throw err;
      }
    })();
    crashPoint('trading.placed');
    if (conditional) {
      this.triggers.add(row);
      this.pushOrder(row.order_id);
      if (last !== undefined) this.triggers.onTrade(m.symbol, last, row.order_id);
    } else {
      this.pushOrder(row.order_id);
      const refusal = this.riskCheck?.(userId);
      if (refusal) this.finalize(row.order_id, 'Rejected', refusal);
      else this.submit(row, lock.protectionTicks);
    }
    return { orderId: row.order_id, orderLinkId: row.order_link_id };
  }

  /** Hands an order (already locked and recorded) to the engine; what happens comes back as events. */
  private submit(row: OrderRow, protectionTicks: number | undefined): void {
    const m = marketOf(row.symbol)!;
    const engine = this.engineFor(m);
    const tag = { owner: String(row.user_id), clientOrderId: row.order_link_id, orderId: row.order_id };
    let input: OrderInput;
    if (row.order_type === 'Limit') {
      const leaves = dec(row.qty) - dec(row.cum_exec_qty);
      input = { type: 'Limit', side: row.side, priceTicks: Number(dec(row.price) / m.tick), qtyLots: Number(leaves / m.lot), timeInForce: row.time_in_force as 'GTC', ...tag };
    } else if (row.market_unit === 'quoteCoin') {
      input = { type: 'Market', side: row.side, quoteUnits: Number(dec(row.qty) / m.quoteUnit), ...tag, ...(protectionTicks !== undefined ? { protectionTicks } : {}) };
    } else {
      input = { type: 'Market', side: row.side, qtyLots: Number(dec(row.qty) / m.lot), ...tag, ...(protectionTicks !== undefined ? { protectionTicks } : {}) };
    }
    engine.submit(input);
  }

  // ---- engine events -----------------------------------------------------------------------

  private onOrderEvent(e: OrderEvent): void {
    const row = getOrder(this.db, e.order.orderId);
    if (!row || isFinalStatus(row.status)) return;
    if (e.kind === 'fill') this.applyFill(row, e.trade, e.isMaker);
    else if (e.kind === 'done') this.finalize(row.order_id, e.order.status, e.order.rejectReason ?? 'EC_NoError');
    else if (row.status !== e.order.status && (e.order.status === 'New' || e.order.status === 'PartiallyFilled')) {
      if (row.status !== 'PartiallyFilled') {
        updateOrder(this.db, row.order_id, { status: e.order.status, updated_time: Date.now() });
        this.pushOrder(row.order_id);
      }
    }
  }

  private applyFill(row: OrderRow, trade: TradeEvent, isMaker: boolean): void {
    const m = marketOf(row.symbol)!;
    const price = BigInt(trade.priceTicks) * m.tick;
    const qty = BigInt(trade.qtyLots) * m.lot;
    const value = fxMul(price, qty);
    const rateText = isMaker ? MAKER_FEE_RATE : TAKER_FEE_RATE;
    const rate = dec(rateText);
    const counterparty = isMaker ? trade.takerOwner : trade.makerOwner;
    const fromLiquidity = counterparty === undefined;
    const user = row.user_id;
    let exec!: ExecutionRow;
    this.db.transaction(() => {
      const lockAmt = dec(row.lock_amount);
      let lockUse: bigint;
      let fee: bigint;
      if (row.side === 'Buy') {
        lockUse = row.order_type === 'Limit' ? fxMul(dec(row.price), qty) : value;
        this.ledger.spendLocked(user, m.quote, value);
        this.ledger.unlock(user, m.quote, lockUse - value);
        fee = fxMul(qty, rate);
        this.ledger.adjust(user, m.base, qty - fee);
        // Proceeds in a borrowed coin repay it first.
        this.margin?.repayFrom(user, m.base, qty - fee);
        this.ledger.adjust(FEE_ACCOUNT_ID, m.base, fee);
        if (fromLiquidity) {
          this.ledger.adjust(LIQUIDITY_ACCOUNT_ID, m.base, -qty);
          this.ledger.adjust(LIQUIDITY_ACCOUNT_ID, m.quote, value);
        }
      } else {
        lockUse = qty;
        this.ledger.spendLocked(user, m.base, qty);
        fee = fxMul(value, rate);
        this.ledger.adjust(user, m.quote, value - fee);
        this.margin?.repayFrom(user, m.quote, value - fee);
        this.ledger.adjust(FEE_ACCOUNT_ID, m.quote, fee);
        if (fromLiquidity) {
          this.ledger.adjust(LIQUIDITY_ACCOUNT_ID, m.base, qty);
          this.ledger.adjust(LIQUIDITY_ACCOUNT_ID, m.quote, -value);
        }
      }
      if (lockUse > lockAmt) throw new InsufficientBalance(`fill of ${row.order_id} exceeds its lock`);
      const cumQty = dec(row.cum_exec_qty) + qty;
      const now = Date.now();
      updateOrder(this.db, row.order_id, {
        cum_exec_qty: fmt(cumQty), cum_exec_value: fmt(dec(row.cum_exec_value) + value), cum_exec_fee: fmt(dec(row.cum_exec_fee) + fee),
        lock_amount: fmt(lockAmt - lockUse), status: 'PartiallyFilled', updated_time: now,
      });
      exec = {
        exec_id: String(nextCounter(this.db, 'exec_id', 2_100_000_000_000_001)), order_id: row.order_id, user_id: user, symbol: row.symbol,
        side: row.side, exec_price: fmt(price), exec_qty: fmt(qty), exec_value: fmt(value), exec_fee: fmt(fee), fee_currency: row.side === 'Buy' ? m.base : m.quote,
        fee_rate: rateText, is_maker: isMaker ? 1 : 0, leaves_qty: row.order_type === 'Limit' ? fmt(dec(row.qty) - cumQty) : '0', exec_time: now, seq: trade.seq,
      };
      this.db
        .prepare(
          `INSERT INTO executions (exec_id, order_id, user_id, symbol, side, exec_price, exec_qty, exec_value, exec_fee, fee_currency, fee_rate, is_maker, leaves_qty, exec_time, seq)
           VALUES (@exec_id, @order_id, @user_id, @symbol, @side, @exec_price, @exec_qty, @exec_value, @exec_fee, @fee_currency, @fee_rate, @is_maker, @leaves_qty, @exec_time, @seq)`,
        )
        .run(exec);
    })();
    const after = getOrder(this.db, row.order_id)!;
    this.emit(user, 'execution', [executionJson(exec, after)]);
    // The last fill of a limit order closes it at once (Bybit pushes Filled with that fill).
    if (row.order_type === 'Limit' && dec(after.cum_exec_qty) === dec(after.qty)) this.finalize(row.order_id, 'Filled', 'EC_NoError');
    else this.pushOrder(row.order_id);
  }

  /** Final status: releases what is still locked, records why, spawns attached TP/SL. Idempotent. */
  finalize(orderId: string, engineStatus: string, rejectReason: string, cancelType?: string): void {
    const row = getOrder(this.db, orderId);
    if (!row) return;
    if (isFinalStatus(row.status)) return;
    const cum = dec(row.cum_exec_qty);
    let status = engineStatus;
    if ((status === 'Cancelled' || status === 'Rejected') && cum > 0n) status = 'PartiallyFilledCanceled';
    if (status === 'PartiallyFilledCanceled' && cum === 0n) status = 'Cancelled';
    const ct = cancelType ?? this.pendingCancel.get(orderId) ?? 'UNKNOWN';
    this.pendingCancel.delete(orderId);
    this.db.transaction(() => {
      this.ledger.unlock(row.user_id, row.lock_coin, dec(row.lock_amount));
      // What a leveraged order borrowed and did not use goes back to the pool.
      if (row.is_leverage === 1) this.margin?.repayFrom(row.user_id, row.lock_coin, dec(row.lock_amount));
      updateOrder(this.db, orderId, { status, reject_reason: rejectReason, cancel_type: ct, lock_amount: '0', updated_time: Date.now() });
    })();
    this.triggers.remove(orderId);
    this.pushOrder(orderId);
    if (cum > 0n && row.order_filter === 'Order' && (row.take_profit || row.stop_loss)) this.spawnAttached(row, cum);
  }

  /** A filled limit order with takeProfit/stopLoss leaves a closing order for what it got. */
  private spawnAttached(parent: OrderRow, cum: bigint): void {
    const plan = attachedPlan(parent, cum);
    if (!plan) return;
    try {
      this.create(parent.user_id, plan, parent.order_id);
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      // Unaffordable: the parent stands, there is just nothing to protect.
    }
  }

  // ---- triggers ----------------------------------------------------------------------------

  /** Turns a waiting order into a live one: Triggered, then locked at current prices and submitted. */
  private trigger(orderId: string, ocoBy: 'OcoTriggerByTp' | 'OcoTriggerBySl' | undefined): void {
    const row = getOrder(this.db, orderId);
    if (!row || row.status !== 'Untriggered') return;
    const m = marketOf(row.symbol)!;
    const engine = this.engines(row.symbol);
    const legFields: Partial<OrderRow> = {};
    if (ocoBy) {
      const limit = ocoBy === 'OcoTriggerByTp' ? row.tp_limit_price : row.sl_limit_price;
      Object.assign(legFields, { oco_trigger_by: ocoBy, order_type: limit ? 'Limit' : 'Market', price: limit, time_in_force: limit ? 'GTC' : 'IOC', market_unit: limit ? '' : 'baseCoin' });
    }
    const live: OrderRow = { ...row, ...legFields, status: 'Triggered' };
    const lock = activationLock(m, live, referencePrice(m, engine, row.side));
    let ok = true;
    this.db.transaction(() => {
      this.ledger.unlock(row.user_id, row.lock_coin, dec(row.lock_amount));
      try {
        this.ledger.lock(row.user_id, lock.coin, lock.amount);
      } catch (err) {
        if (!(err instanceof InsufficientBalance)) throw err;
        ok = false;
      }
      updateOrder(this.db, orderId, ok ? { ...legFields, status: 'Triggered', lock_coin: lock.coin, lock_amount: fmt(lock.amount), updated_time: Date.now() } : { ...legFields, lock_amount: '0', updated_time: Date.now() });
    })();
    this.triggers.remove(orderId);
    if (!ok) {
      this.finalize(orderId, 'Rejected', 'EC_InsufficientBalance');
      return;
    }
    this.pushOrder(orderId);
    updateOrder(this.db, orderId, { status: 'New' });
    this.pushOrder(orderId);
    this.submit({ ...live, status: 'New' }, lock.protectionTicks);
  }

  /**
   * A sale the risk engine made outside the book (a liquidation's, to the liquidity account at the
   * mark price), on the record as Bybit shows it: a Filled market order with reduceOnly and
   * closeOnTrigger, createType CreateByTakeOver_PassThrough, and its BustTrade execution. Moves no
   * money (the caller did, in the same transaction); pushed to the owner after the commit.
   */
  recordClosingFill(userId: number, m: Market, side: 'Buy' | 'Sell', qty: bigint, value: bigint): void {
    const now = Date.now();
    const orderId = String(nextCounter(this.db, 'order_id', 1_700_000_000_000_001));
    const price = qty > 0n ? fxFloorTo((value * 10n ** 18n) / qty, m.tick) : 0n;
    const row: OrderRow = {
      order_id: orderId, user_id: userId, order_link_id: `${orderId}0`, symbol: m.symbol, side, order_type: 'Market', order_filter: 'Order', stop_order_type: '',
      time_in_force: 'IOC', price: '', qty: fmt(qty), market_unit: 'baseCoin', trigger_price: '', trigger_direction: 0, trailing_value: '', trailing_extreme: '',
      take_profit: '', stop_loss: '', tp_limit_price: '', sl_limit_price: '', tp_order_type: '', sl_order_type: '', oco_trigger_by: '', status: 'Filled',
      cancel_type: 'UNKNOWN', reject_reason: 'EC_NoError', cum_exec_qty: fmt(qty), cum_exec_value: fmt(value), cum_exec_fee: '0', fee_currency: side === 'Buy' ? m.base : m.quote,
      lock_coin: '', lock_amount: '0', base_price: fmt(price), parent_order_id: '', block_trade_id: '', create_type: LIQUIDATION_CREATE_TYPE, slippage_type: '', slippage: '',
      is_leverage: 0, reduce_only: 1, close_on_trigger: 1, created_time: now, updated_time: now,
    };
    insertOrder(this.db, row);
    const exec: ExecutionRow = {
      exec_id: String(nextCounter(this.db, 'exec_id', 2_100_000_000_000_001)), order_id: orderId, user_id: userId, symbol: m.symbol, side, exec_price: fmt(price),
      exec_qty: fmt(qty), exec_value: fmt(value), exec_fee: '0', fee_currency: row.fee_currency, fee_rate: '0', is_maker: 0, leaves_qty: '0', exec_time: now, seq: 0,
    };
    this.db
      .prepare(
        `INSERT INTO executions (exec_id, order_id, user_id, symbol, side, exec_price, exec_qty, exec_value, exec_fee, fee_currency, fee_rate, is_maker, leaves_qty, exec_time, seq)
         VALUES (@exec_id, @order_id, @user_id, @symbol, @side, @exec_price, @exec_qty, @exec_value, @exec_fee, @fee_currency, @fee_rate, @is_maker, @leaves_qty, @exec_time, @seq)`,
      )
      .run(exec);
    this.emit(userId, 'execution', [executionJson(exec, row)]);
    this.pushOrder(orderId);
  }

  /** What the account owes of `coin` (principal and interest): the short a reduce-only buy may close. */
  private baseOwed(userId: number, coin: string): bigint {
    const l = this.margin?.liabilities(userId).find((x) => x.coin === coin);
    return l ? l.amount + l.interest : 0n;
  }

  /**
   * Bybit's CancelByReduceOnly: a resting reduce-only buy whose short shrank below what it still
   * buys (a repayment meanwhile) would open a position; it is cancelled.
   */
  sweepReduceOnly(userId: number): void {
    const rows = this.db.prepare(`SELECT * FROM orders WHERE user_id = ? AND reduce_only = 1 AND side = 'Buy' AND status IN (${OPEN_STATUS_SQL})`).all(userId) as OrderRow[];
    for (const row of rows) {
      const m = marketOf(row.symbol);
      if (m && dec(row.qty) - dec(row.cum_exec_qty) > this.baseOwed(userId, m.base)) this.cancel(row, 'CancelByReduceOnly');
    }
  }

  // ---- cancel / amend ----------------------------------------------------------------------

  cancel(row: OrderRow, cancelType = 'CancelByUser'): void {
    if (isFinalStatus(row.status)) throw new ApiError(ERR.ORDER_DONE, 'The order has been completed or cancelled.');
    if (row.status === 'Untriggered') {
      this.finalize(row.order_id, 'Deactivated', 'EC_NoError', cancelType);
      return;
    }
    const engine = this.engines(row.symbol);
    this.pendingCancel.set(row.order_id, cancelType);
    const view = engine?.cancel(row.order_id);
    // Not on the book (e.g. a market order's remainder): close it here.
    if (!view) this.finalize(row.order_id, 'Cancelled', 'EC_NoError', cancelType);
  }

  /** Amends a resting limit order or a waiting conditional one, re-locking the difference first. */
  amend(row: OrderRow, change: { qty?: bigint; price?: bigint; triggerPrice?: bigint; trailingValue?: string }): void {
    if (isFinalStatus(row.status)) throw new ApiError(ERR.ORDER_DONE, 'The order has been completed or cancelled.');
    const m = marketOf(row.symbol)!;
    const newRow: OrderRow = {
      ...row,
      qty: change.qty !== undefined ? fmt(change.qty) : row.qty,
      price: change.price !== undefined ? fmt(change.price) : row.price,
      trigger_price: change.triggerPrice !== undefined ? fmt(change.triggerPrice) : row.trigger_price,
      trailing_value: change.trailingValue ?? row.trailing_value,
    };
    if (change.price !== undefined && row.order_type !== 'Limit' && row.status !== 'Untriggered') throw new ApiError(ERR.PARAM, 'Request parameter error: price of a market order');
    const leaves = dec(newRow.qty) - dec(newRow.cum_exec_qty);
    if (leaves <= 0n) throw new ApiError(ERR.PARAM, 'Request parameter error: qty must exceed the filled quantity');
    const engine = this.engines(row.symbol);
    if (row.status !== 'Untriggered' && !engine?.getOrder(row.order_id)) throw new ApiError(ERR.ORDER_DONE, 'The order has been completed or cancelled.');
    const lock = row.status === 'Untriggered' ? (row.stop_order_type === 'Stop' ? { coin: '', amount: 0n } : preTriggerLock(m, newRow)) : activationLock(m, newRow, undefined);
    // The new lock and the engine's answer are one transaction: a refusal rolls the lock back.
    this.db.transaction(() => this.amendNow(row, m, newRow, leaves, lock, engine))();
  }

  private amendNow(row: OrderRow, m: Market, newRow: OrderRow, leaves: bigint, lock: { coin: string; amount: bigint }, engine: MatchingEngine | undefined): void {
    this.db.transaction(() => {
      this.ledger.unlock(row.user_id, row.lock_coin, dec(row.lock_amount));
      try {
        this.ledger.lock(row.user_id, lock.coin, lock.amount);
      } catch (err) {
        if (err instanceof InsufficientBalance) throw new ApiError(ERR.BALANCE_INSUFFICIENT, 'Balance insufficient');
        throw err;
      }
      updateOrder(this.db, row.order_id, { qty: newRow.qty, price: newRow.price, trigger_price: newRow.trigger_price, trailing_value: newRow.trailing_value, lock_coin: lock.coin, lock_amount: fmt(lock.amount), updated_time: Date.now() });
    })();
    if (row.status === 'Untriggered') {
      this.triggers.add(getOrder(this.db, row.order_id)!);
      this.pushOrder(row.order_id);
      return;
    }
    const filledInEngine = engine!.getOrder(row.order_id)!.filledLots;
    const result = engine!.amend(row.order_id, { priceTicks: Number(dec(newRow.price) / m.tick), qtyLots: filledInEngine + Number(leaves / m.lot) });
    // The engine refused (and changed nothing): throwing rolls the new lock back.
    if (!result) throw new ApiError(ERR.PARAM, 'Request parameter error: amend refused');
    this.pushOrder(row.order_id);
  }

  // ---- restart -----------------------------------------------------------------------------

  /** After a restart: resting limit orders go back on the book, in-flight ones are closed, triggers reload. */
  private restore(): void {
    const rows = this.db.prepare(`SELECT * FROM orders WHERE status IN ('New', 'PartiallyFilled', 'Triggered', 'Untriggered') ORDER BY created_time, order_id`).all() as OrderRow[];
    for (const row of rows) {
      if (row.status === 'Untriggered') {
        this.triggers.add(row);
        continue;
      }
      const engine = this.engines(row.symbol);
      if (row.order_type === 'Limit' && engine && !engine.getOrder(row.order_id) && (row.time_in_force === 'GTC' || row.time_in_force === 'PostOnly')) {
        this.submit(row, undefined);
      } else if (!engine?.getOrder(row.order_id)) {
        this.finalize(row.order_id, 'Cancelled', 'EC_NoError', 'UNKNOWN');
      }
    }
  }
}
