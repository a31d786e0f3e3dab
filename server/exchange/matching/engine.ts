/**
 * Price-time-priority matching engine of one symbol.
 *
 * API (designed first; server/accounts/ builds on it):
 *
 *   const engine = new MatchingEngine({ symbol: 'BTCUSDT', now?: () => number, idPrefix?: string });
 *
 *   engine.submit(input: OrderInput): SubmitResult
 *     input = { type: 'Limit', side, priceTicks, qtyLots, timeInForce: 'GTC'|'IOC'|'FOK'|'PostOnly',
 *               owner?, clientOrderId?, orderId? }
 *           | { type: 'Market', side, qtyLots? | quoteUnits?, protectionTicks?, owner?, clientOrderId?, orderId? }
 *     Matches synchronously; returns the order after the command and the fills it took as taker.
 *     Never throws for business reasons: a bad or unfillable order comes back with status
 *     'Rejected' / 'Cancelled' / 'PartiallyFilledCanceled' and a Bybit-like rejectReason.
 *   engine.cancel(orderId): OrderView | undefined       // undefined when not resting
 *   engine.amend(orderId, { priceTicks?, qtyLots? }): SubmitResult | undefined
 *     qtyLots is the new total ordered quantity; lowering it keeps time priority, raising it or
 *     changing the price re-queues the order (and may match, except PostOnly which is rejected).
 *   engine.getOrder(orderId): OrderView | undefined     // resting orders only
 *   engine.depth(n): { bids: DepthLevel[]; asks: DepthLevel[] }   // best first
 *   engine.bestBid() / engine.bestAsk(): number | undefined       // ticks
 *   engine.lastPriceTicks: number | undefined
 *   engine.seq: number       // cross sequence, +1 per command that changed the book or traded
 *   engine.version: number   // +1 per book change (cheap dirty check for publishers)
 *   engine.addListener(l: EngineListener): () => void   // returns the remover
 *     l.onTrade(trade)            every match (public: trades, tickers, candles, last-price triggers)
 *     l.onBookChange(change)      once per command, with the changed levels (totals, 0 = gone)
 *     l.onOrderEvent(event)       only for orders with an `owner`: accepted / fill (isMaker, price,
 *                                 qty, quote) / amended / done (final status)
 *   engine.halted: boolean   // while true, submit rejects with EC_MarketClosed (symbol not open)
 *
 * Units: price in ticks (tickSize), quantity in lots (lot = basePrecision), quote amounts in
 * "quote units" = ticks × lots, i.e. units of tickSize × lotSize. Converting strings to these
 * integers is the caller's job (see ../decimal.ts). Orders whose notional would leave the safe
 * integer range are rejected, so no arithmetic here can lose precision.
 *
 * Events are queued during a command and delivered after the book is consistent again. A
 * listener may therefore call submit/cancel (a triggered stop order, say); that command runs
 * after the current one, and its events are delivered in order after the current ones.
 *
 * No user logic lives here: balances, locking, fees, conditional/TP-SL/OCO/trailing triggers
 * and self-trade rules belong to server/accounts/, which sees every trade and every fill of its
 * own orders through the listener.
 */
import { BookSide, type RestingOrder } from './book-side.ts';
import type {
  BookChangeEvent,
  DepthLevel,
  EngineListener,
  LevelChange,
  LimitOrderInput,
  MarketOrderInput,
  OrderEvent,
  OrderInput,
  OrderStatus,
  OrderView,
  RejectReason,
  Side,
  SubmitResult,
  TimeInForce,
  TradeEvent,
} from './types.ts';

export type * from './types.ts';

export interface EngineOptions {
  readonly symbol: string;
  readonly now?: () => number;
  /** Prefix of generated order ids, to keep ids unique across symbols. */
  readonly idPrefix?: string;
}

type Queued =
  | { t: 'trade'; e: TradeEvent }
  | { t: 'book'; e: BookChangeEvent }
  | { t: 'order'; e: OrderEvent };

/** Mutable state of the taker while it matches. */
interface Taker {
  orderId: string;
  owner: string | undefined;
  clientOrderId: string | undefined;
  type: 'Limit' | 'Market';
  side: Side;
  timeInForce: TimeInForce;
  priceTicks: number;
  qtyLots: number;
  quoteUnits: number;
  filledLots: number;
  filledQuoteUnits: number;
  createdTs: number;
}

export class MatchingEngine {
  readonly symbol: string;
  readonly bids = new BookSide('Buy');
  readonly asks = new BookSide('Sell');
  seq = 0;
  version = 0;
  lastPriceTicks: number | undefined;
  halted = false;

  private readonly now: () => number;
  private readonly idPrefix: string;
  private readonly orders = new Map<string, RestingOrder>();
  private readonly listeners: EngineListener[] = [];
  private readonly queue: Queued[] = [];
  private draining = false;
  /**
   * Runs the delivery of one command's events (and of the commands listeners start meanwhile).
   * The accounts make it one SQLite transaction, so both sides of every fill and the orders' final
   * statuses of one command are written together or not at all.
   */
  transact: (deliver: () => void) => void = (deliver) => deliver();
  private nextOrderNo = 1;
  private nextTradeId = 1;
  /** Cross sequence taken by the running command's first trade, -1 before any. */
  private cmdSeq = -1;
  /** Levels touched by the running command. */
  private readonly touchedAsks = new Set<number>();
  private readonly touchedBids = new Set<number>();

  constructor(opts: EngineOptions) {
    this.symbol = opts.symbol;
    this.now = opts.now ?? Date.now;
    this.idPrefix = opts.idPrefix ?? `${opts.symbol}-`;
  }

  addListener(l: EngineListener): () => void {
    this.listeners.push(l);
    return () => {
      const i = this.listeners.indexOf(l);
      if (i >= 0) this.listeners.splice(i, 1);
    };
  }

  bestBid(): number | undefined {
    return this.bids.best()?.priceTicks;
  }

  bestAsk(): number | undefined {
    return this.asks.best()?.priceTicks;
  }

  depth(n: number): { bids: DepthLevel[]; asks: DepthLevel[] } {
    return { bids: this.bids.depth(n), asks: this.asks.depth(n) };
  }

  /** Number of resting orders (all owners). */
  get openOrderCount(): number {
    return this.orders.size;
  }

  getOrder(orderId: string): OrderView | undefined {
    const o = this.orders.get(orderId);
    return o ? this.viewResting(o, o.filledLots > 0 ? 'PartiallyFilled' : 'New') : undefined;
  }

  submit(input: OrderInput): SubmitResult {
    const ts = this.now();
    const orderId = input.orderId ?? `${this.idPrefix}${this.nextOrderNo++}`;
    const taker: Taker = {
      orderId,
      owner: input.owner,
      clientOrderId: input.clientOrderId,
      type: input.type,
      side: input.side,
      timeInForce: input.type === 'Limit' ? input.timeInForce : 'IOC',
      priceTicks: input.type === 'Limit' ? input.priceTicks : 0,
      qtyLots: input.qtyLots ?? 0,
      quoteUnits: input.type === 'Market' ? (input.quoteUnits ?? 0) : 0,
      filledLots: 0,
      filledQuoteUnits: 0,
      createdTs: ts,
    };
    const reject = this.validate(input, orderId);
    if (reject) return this.finishRejected(taker, reject, ts);
    const result = input.type === 'Limit' ? this.runLimit(taker, input, ts) : this.runMarket(taker, input, ts);
    this.drain();
    return result;
  }

  cancel(orderId: string): OrderView | undefined {
    const o = this.orders.get(orderId);
    if (!o) return undefined;
    const ts = this.now();
    this.unrest(o);
    o.updatedTs = ts;
    const view = this.viewResting(o, o.filledLots > 0 ? 'PartiallyFilledCanceled' : 'Cancelled', undefined, 0);
    this.endCommand(ts);
    if (o.owner !== undefined) this.queue.push({ t: 'order', e: { kind: 'done', order: view } });
    this.drain();
    return view;
  }

  amend(orderId: string, change: { priceTicks?: number; qtyLots?: number }): SubmitResult | undefined {
    const o = this.orders.get(orderId);
    if (!o) return undefined;
    const ts = this.now();
    const newQty = change.qtyLots ?? o.qtyLots;
    const newPrice = change.priceTicks ?? o.priceTicks;
    if (!Number.isSafeInteger(newQty) || newQty <= o.filledLots) return undefined;
    if (!Number.isSafeInteger(newPrice) || newPrice <= 0) return undefined;
    if (newPrice * newQty > Number.MAX_SAFE_INTEGER) return undefined;
    const newLeaves = newQty - o.filledLots;
    if (newPrice === o.priceTicks && newLeaves <= o.leavesLots) {
      // Shrinking in place keeps the order's place in the queue.
      const level = o.level!;
      level.totalLots -= o.leavesLots - newLeaves;
      o.leavesLots = newLeaves;
      o.qtyLots = newQty;
      o.updatedTs = ts;
      this.touch(o.side, o.priceTicks);
      this.endCommand(ts);
      const view = this.viewResting(o, o.filledLots > 0 ? 'PartiallyFilled' : 'New');
      if (o.owner !== undefined) this.queue.push({ t: 'order', e: { kind: 'amended', order: view } });
      this.drain();
      return { order: view, fills: [] };
    }
    // Re-queue: take it out and run it again as a taker with its history kept.
    this.unrest(o);
    const taker: Taker = {
      orderId: o.orderId,
      owner: o.owner,
      clientOrderId: o.clientOrderId,
      type: 'Limit',
      side: o.side,
      timeInForce: o.timeInForce,
      priceTicks: newPrice,
      qtyLots: newQty,
      quoteUnits: 0,
      filledLots: o.filledLots,
      filledQuoteUnits: o.filledQuoteUnits,
      createdTs: o.createdTs,
    };
    const input: LimitOrderInput = { type: 'Limit', side: o.side, priceTicks: newPrice, qtyLots: newQty, timeInForce: o.timeInForce };
    const result = this.runLimit(taker, input, ts, true);
    this.drain();
    return result;
  }

  // ---------------------------------------------------------------------------------------------

  private validate(input: OrderInput, orderId: string): RejectReason | undefined {
    if (this.halted) return 'EC_MarketClosed';
    if (this.orders.has(orderId)) return 'EC_DuplicateOrderId';
    if (input.type === 'Limit') {
      if (!Number.isSafeInteger(input.priceTicks) || input.priceTicks <= 0) return 'EC_InvalidPrice';
      if (!Number.isSafeInteger(input.qtyLots) || input.qtyLots <= 0) return 'EC_InvalidQty';
      if (input.priceTicks * input.qtyLots > Number.MAX_SAFE_INTEGER) return 'EC_OrderTooLarge';
      return undefined;
    }
    const byQty = input.qtyLots !== undefined;
    const byQuote = input.quoteUnits !== undefined;
    if (byQty === byQuote) return 'EC_InvalidQty';
    const amount = byQty ? input.qtyLots! : input.quoteUnits!;
    if (!Number.isSafeInteger(amount) || amount <= 0) return 'EC_InvalidQty';
    if (input.protectionTicks !== undefined && (!Number.isSafeInteger(input.protectionTicks) || input.protectionTicks <= 0)) return 'EC_InvalidPrice';
    return undefined;
  }

  private runLimit(taker: Taker, input: LimitOrderInput, ts: number, amended = false): SubmitResult {
    const opposite = taker.side === 'Buy' ? this.asks : this.bids;
    const crosses = (p: number) => (taker.side === 'Buy' ? p <= taker.priceTicks : p >= taker.priceTicks);
    const best = opposite.best();
    const leaves = () => taker.qtyLots - taker.filledLots;
    if (input.timeInForce === 'PostOnly' && best && crosses(best.priceTicks)) {
      return this.finishDone(taker, taker.filledLots > 0 ? 'PartiallyFilledCanceled' : 'Cancelled', 'EC_PostOnlyWillTakeLiquidity', ts, [], amended);
    }
    if (input.timeInForce === 'FOK') {
      let available = 0;
      const need = leaves();
      opposite.walk((level) => {
        if (!crosses(level.priceTicks)) return false;
        available += level.totalLots;
        return available < need;
      });
      if (available < need) return this.finishDone(taker, 'Cancelled', 'EC_FOKCanNotFullyFilled', ts, [], amended);
    }
    const fills = this.match(taker, ts, (level) => crosses(level));
    if (leaves() === 0) return this.finishDone(taker, 'Filled', undefined, ts, fills, amended);
    if (input.timeInForce === 'GTC' || input.timeInForce === 'PostOnly') {
      const o: RestingOrder = {
        orderId: taker.orderId,
        owner: taker.owner,
        clientOrderId: taker.clientOrderId,
        side: taker.side,
        priceTicks: taker.priceTicks,
        qtyLots: taker.qtyLots,
        leavesLots: leaves(),
        filledLots: taker.filledLots,
        filledQuoteUnits: taker.filledQuoteUnits,
        timeInForce: taker.timeInForce,
        createdTs: taker.createdTs,
        updatedTs: ts,
        level: null,
        prev: null,
        next: null,
      };
      const book = taker.side === 'Buy' ? this.bids : this.asks;
      book.getOrCreate(o.priceTicks).append(o);
      this.orders.set(o.orderId, o);
      this.touch(o.side, o.priceTicks);
      this.endCommand(ts);
      const view = this.viewResting(o, o.filledLots > 0 ? 'PartiallyFilled' : 'New');
      if (o.owner !== undefined) this.queue.push({ t: 'order', e: { kind: amended ? 'amended' : 'accepted', order: view } });
      return { order: view, fills };
    }
    // IOC remainder is cancelled.
    const status: OrderStatus = taker.filledLots > 0 ? 'PartiallyFilledCanceled' : 'Cancelled';
    return this.finishDone(taker, status, taker.filledLots > 0 ? 'EC_CancelForNoFullFill' : 'EC_NoImmediateQtyToFill', ts, fills, amended);
  }

  private runMarket(taker: Taker, input: MarketOrderInput, ts: number): SubmitResult {
    const limit = input.protectionTicks;
    const within = (p: number) => limit === undefined || (taker.side === 'Buy' ? p <= limit : p >= limit);
    const fills = this.match(taker, ts, within);
    const complete = input.quoteUnits !== undefined ? taker.filledQuoteUnits === taker.quoteUnits : taker.filledLots === taker.qtyLots;
    if (complete) return this.finishDone(taker, 'Filled', undefined, ts, fills);
    const status: OrderStatus = taker.filledLots > 0 ? 'PartiallyFilledCanceled' : 'Cancelled';
    return this.finishDone(taker, status, taker.filledLots > 0 ? 'EC_CancelForNoFullFill' : 'EC_NoImmediateQtyToFill', ts, fills);
  }

  /** Takes liquidity from the opposite side while `priceOk(levelPrice)` and the taker wants more. */
  private match(taker: Taker, ts: number, priceOk: (p: number) => boolean): TradeEvent[] {
    const opposite = taker.side === 'Buy' ? this.asks : this.bids;
    const byQuote = taker.type === 'Market' && taker.quoteUnits > 0;
    const fills: TradeEvent[] = [];
    for (;;) {
      const level = opposite.best();
      if (!level || !priceOk(level.priceTicks)) break;
      const price = level.priceTicks;
      let want: number;
      if (byQuote) want = Math.floor((taker.quoteUnits - taker.filledQuoteUnits) / price);
      else want = taker.qtyLots - taker.filledLots;
      if (want <= 0) break;
      let maker = level.head;
      while (maker && want > 0) {
        const next = maker.next;
        const qty = Math.min(want, maker.leavesLots);
        const quote = qty * price;
        if (this.cmdSeq < 0) this.cmdSeq = ++this.seq;
        const seq = this.cmdSeq;
        const trade: TradeEvent = {
          tradeId: this.nextTradeId++,
          seq,
          ts,
          priceTicks: price,
          qtyLots: qty,
          quoteUnits: quote,
          takerSide: taker.side,
          makerOrderId: maker.orderId,
          takerOrderId: taker.orderId,
          makerOwner: maker.owner,
          takerOwner: taker.owner,
        };
        fills.push(trade);
        want -= qty;
        taker.filledLots += qty;
        taker.filledQuoteUnits += quote;
        maker.leavesLots -= qty;
        maker.filledLots += qty;
        maker.filledQuoteUnits += quote;
        maker.updatedTs = ts;
        level.totalLots -= qty;
        this.lastPriceTicks = price;
        this.queue.push({ t: 'trade', e: trade });
        const makerDone = maker.leavesLots === 0;
        if (makerDone) {
          level.remove(maker);
          this.orders.delete(maker.orderId);
        }
        if (maker.owner !== undefined) {
          const view = this.viewResting(maker, makerDone ? 'Filled' : 'PartiallyFilled');
          this.queue.push({ t: 'order', e: { kind: 'fill', order: view, isMaker: true, trade } });
          if (makerDone) this.queue.push({ t: 'order', e: { kind: 'done', order: view } });
        }
        if (taker.owner !== undefined) {
          const view = this.viewTaker(taker, 'PartiallyFilled', undefined, ts);
          this.queue.push({ t: 'order', e: { kind: 'fill', order: view, isMaker: false, trade } });
        }
        maker = next;
      }
      this.touch(opposite.side, price);
      if (level.count === 0) opposite.removeLevel(price);
      else if (want > 0) break; // Only happens by-quote when the next lot is unaffordable.
    }
    return fills;
  }

  private unrest(o: RestingOrder): void {
    const level = o.level!;
    const book = o.side === 'Buy' ? this.bids : this.asks;
    level.remove(o);
    if (level.count === 0) book.removeLevel(level.priceTicks);
    this.orders.delete(o.orderId);
    this.touch(o.side, o.priceTicks);
  }

  private touch(side: Side, priceTicks: number): void {
    (side === 'Buy' ? this.touchedBids : this.touchedAsks).add(priceTicks);
  }

  /** Closes a command: bumps seq/version and queues one book-change event when levels moved. */
  private endCommand(ts: number): void {
    const tradedSeq = this.cmdSeq;
    this.cmdSeq = -1;
    if (this.touchedBids.size === 0 && this.touchedAsks.size === 0) return;
    const changes: LevelChange[] = [];
    for (const p of this.touchedBids) changes.push({ side: 'Buy', priceTicks: p, totalLots: this.bids.levels.get(p)?.totalLots ?? 0 });
    for (const p of this.touchedAsks) changes.push({ side: 'Sell', priceTicks: p, totalLots: this.asks.levels.get(p)?.totalLots ?? 0 });
    this.touchedBids.clear();
    this.touchedAsks.clear();
    // Trades and the book change of one command share its cross sequence, as on Bybit.
    const seq = tradedSeq >= 0 ? tradedSeq : ++this.seq;
    this.version++;
    this.queue.push({ t: 'book', e: { seq, ts, changes } });
  }

  private finishRejected(taker: Taker, reason: RejectReason, ts: number): SubmitResult {
    const view = this.viewTaker(taker, 'Rejected', reason, ts);
    if (taker.owner !== undefined) {
      this.queue.push({ t: 'order', e: { kind: 'done', order: view } });
      this.drain();
    }
    return { order: view, fills: [] };
  }

  private finishDone(taker: Taker, status: OrderStatus, reason: RejectReason | undefined, ts: number, fills: TradeEvent[], _amended = false): SubmitResult {
    this.endCommand(ts);
    const view = this.viewTaker(taker, status, reason, ts);
    if (taker.owner !== undefined) this.queue.push({ t: 'order', e: { kind: 'done', order: view } });
    return { order: view, fills };
  }

  private viewTaker(t: Taker, status: OrderStatus, reason: RejectReason | undefined, ts: number): OrderView {
    return {
      orderId: t.orderId,
      owner: t.owner,
      clientOrderId: t.clientOrderId,
      type: t.type,
      side: t.side,
      timeInForce: t.timeInForce,
      priceTicks: t.priceTicks,
      qtyLots: t.qtyLots,
      quoteUnits: t.quoteUnits,
      filledLots: t.filledLots,
      filledQuoteUnits: t.filledQuoteUnits,
      leavesLots: 0,
      status,
      rejectReason: reason,
      createdTs: t.createdTs,
      updatedTs: ts,
    };
  }

  private viewResting(o: RestingOrder, status: OrderStatus, reason?: RejectReason, leaves = o.leavesLots): OrderView {
    return {
      orderId: o.orderId,
      owner: o.owner,
      clientOrderId: o.clientOrderId,
      type: 'Limit',
      side: o.side,
      timeInForce: o.timeInForce,
      priceTicks: o.priceTicks,
      qtyLots: o.qtyLots,
      quoteUnits: 0,
      filledLots: o.filledLots,
      filledQuoteUnits: o.filledQuoteUnits,
      leavesLots: status === 'Filled' ? 0 : leaves,
      status,
      rejectReason: reason,
      createdTs: o.createdTs,
      updatedTs: o.updatedTs,
    };
  }

  /**
   * A print from outside the book (a replayed recording's trade, server/exchange/replay): the last
   * price moves and the listeners hear a trade of no order (`external`), so stop orders, grid bots
   * and price alerts follow the replayed market. The book does not change.
   */
  printExternal(t: { priceTicks: number; qtyLots: number; takerSide: Side; ts: number }): void {
    this.lastPriceTicks = t.priceTicks;
    this.queue.push({
      t: 'trade',
      e: {
        tradeId: 0, seq: this.seq, ts: t.ts, priceTicks: t.priceTicks, qtyLots: t.qtyLots, quoteUnits: t.priceTicks * t.qtyLots, takerSide: t.takerSide,
        makerOrderId: '', takerOrderId: '', makerOwner: undefined, takerOwner: undefined, external: true,
      },
    });
    this.drain();
  }

  /** Delivers queued events; re-entrant commands append to the same queue and are delivered in order. */
  private drain(): void {
    if (this.draining) return;
    this.draining = true;
    try {
      this.transact(() => {
        for (let i = 0; i < this.queue.length; i++) {
          const q = this.queue[i]!;
          for (const l of this.listeners) {
            // One failing listener must not starve the others or corrupt the queue.
            try {
              if (q.t === 'trade') l.onTrade?.(q.e);
              else if (q.t === 'book') l.onBookChange?.(q.e);
              else l.onOrderEvent?.(q.e);
            } catch (err) {
              console.error(`engine ${this.symbol}: listener failed`, err);
            }
          }
        }
      });
    } finally {
      this.queue.length = 0;
      this.draining = false;
    }
  }
}
