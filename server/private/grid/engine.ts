// The spot grid bot engine (spec 2.14, 4.9; Bybit /v5/grid/*). A bot trades through the matching
// engine with its owner's balances, as ordinary orders of that user: one limit order per cell, buys
// below the price and sells above it (the level nearest the price left empty). A filled buy places
// its sell one cell up; a filled sell records the matched pair's profit after fees and places the
// buy one cell down. Stop-loss, take-profit, the trailing stop and trailing up watch the trades.
// Everything is in SQLite, so a restart picks each bot up where it was.
import type { Db } from '../../accounts/db.ts';
import { afterCommit, nextCounter } from '../../accounts/db.ts';
import { crashPoint } from '../../accounts/crash.ts';
import { FX_ONE, fxCeilTo, fxDiv, fxFloorTo, fxMul, fxPlain } from '../../../src/core/decimal.ts';
import { ApiError } from '../../auth/errors.ts';
import { marketOf, type Market } from '../market.ts';
import { findUserOrder, getOrder, type OrderRow } from '../rows/orders.ts';
import type { EngineSource, TradingService } from '../engines/trading.ts';
import type { CreatePlan } from '../services/validate.ts';
import { isFinalStatus } from '../../../src/protocol/bybit-v5/vocabulary.ts';
import { SYMBOLS } from '../../exchange/symbols.ts';
import type { GridCloseMode, GridCloseReason } from '../../../src/protocol/grid-bots.ts';
import { GRID_LIST_HISTORY, GRID_LIST_RUNNING } from '../../../src/core/chart/grid-bot.ts';
import { BUFFER, FEE, gridLevels, nextLevelUp, type GridParams } from './plan.ts';
import {
  ACTIVE_STATES, cellByOrder, cellsOf, deleteCell, getRun, insertPair, insertRun, levelsOf, levelsText, signed, updateRun, upsertCell, type CellRow, type RunRow,
} from './rows.ts';

const dec = (s: string) => (s === '' ? 0n : signed(s));
const ONE_MINUS_FEE = FX_ONE - FEE;

/** The bot's view of an order's money so far, as if it ended now: what came back to the bot in each coin. */
export function orderReturns(row: OrderRow): { quote: bigint; base: bigint } {
  const qty = dec(row.qty);
  const cum = dec(row.cum_exec_qty);
  const value = dec(row.cum_exec_value);
  const fee = dec(row.cum_exec_fee);
  if (row.order_type === 'Market') return row.side === 'Buy' ? { quote: -value, base: cum - fee } : { quote: value - fee, base: -cum };
  return row.side === 'Buy' ? { quote: fxMul(qty, dec(row.price)) - value, base: cum - fee } : { quote: value - fee, base: qty - cum };
}

export interface GridEngineOptions {
  /** The clock of the bots' times (run time, APR, 24 h counts); tests drive it. */
  now?: () => number;
}

/** The start of every orderLinkId of a bot's orders: its cells' (`…c<cell>n<gen>`) and its market orders' (`…m<n>`). */
export const botLinkPrefix = (botId: string): string => `g${botId.slice(-9)}`;

/**
 * The createType of a bot's orders. Bybit documents CreateByFGridBot for its futures grid and no
 * value of its own for a spot grid's orders (they live in the bot's own account there); this one
 * says whose the order is, so a client can tell it from the user's and the exchange refuses to
 * amend it (the bot's books follow its orders).
 */
export const GRID_CREATE_TYPE = 'CreateBySpotGridBot';

/** Where a price is among the levels: the index of the nearest level. */
function nearestLevel(levels: readonly bigint[], price: bigint): number {
  let best = 0;
  let bestD = -1n;
  levels.forEach((l, i) => {
    const d = l > price ? l - price : price - l;
    if (bestD < 0n || d < bestD) {
      best = i;
      bestD = d;
    }
  });
  return best;
}

export class GridEngine {
  private readonly now: () => number;
  private readonly removers: Array<() => void> = [];
  private readonly pendingOrders = new Set<string>();
  private readonly pendingSymbols = new Map<string, bigint>();
  private flushQueued = false;
  private stopped = false;
  /** Symbols with a bot that watches trades; refreshed when a bot starts or ends. */
  private watched = new Set<string>();
  private readonly finishedListeners: Array<(userId: number, botId: string, symbol: string) => void> = [];

  constructor(
    private readonly db: Db,
    readonly trading: TradingService,
    private readonly engines: EngineSource,
    opts: GridEngineOptions = {},
  ) {
    this.now = opts.now ?? Date.now;
  }

  start(): void {
    for (const s of SYMBOLS) {
      const engine = this.engines(s.symbol);
      const m = marketOf(s.symbol);
      if (!engine || !m) continue;
      this.removers.push(engine.addListener({ onTrade: (t) => this.onTrade(s.symbol, BigInt(t.priceTicks) * m.tick) }));
    }
    this.removers.push(
      this.trading.onPush((_user, topic, data) => {
        if (topic !== 'order') return;
        for (const o of data as ReadonlyArray<{ orderId: string; orderStatus: string }>) if (isFinalStatus(o.orderStatus)) this.queue(() => this.pendingOrders.add(o.orderId));
      }),
    );
    this.restore();
  }

  stop(): void {
    this.stopped = true;
    for (const r of this.removers.splice(0)) r();
  }

  /** Hears each bot that finished (closed for any reason), once its close has committed. */
  onFinished(l: (userId: number, botId: string, symbol: string) => void): () => void {
    this.finishedListeners.push(l);
    return () => {
      const i = this.finishedListeners.indexOf(l);
      if (i >= 0) this.finishedListeners.splice(i, 1);
    };
  }

  /** The last price of a symbol: last trade, else the middle of the book, else the listing price. */
  lastPrice(m: Market): bigint {
    const e = this.engines(m.symbol);
    const ticks = e?.lastPriceTicks ?? (e?.bestBid() !== undefined && e?.bestAsk() !== undefined ? Math.round((e.bestBid()! + e.bestAsk()!) / 2) : (e?.bestBid() ?? e?.bestAsk()));
    if (ticks !== undefined) return BigInt(ticks) * m.tick;
    return fxFloorTo(BigInt(Math.round(m.def.startPrice * 1e9)) * 10n ** 9n, m.tick);
  }

  // ---- reactions (deferred: fills and trades arrive inside the matching engine's dispatch) ----

  private onTrade(symbol: string, price: bigint): void {
    if (!this.watched.has(symbol)) return;
    this.queue(() => this.pendingSymbols.set(symbol, price));
  }

  private queue(add: () => void): void {
    add();
    if (this.flushQueued || this.stopped) return;
    this.flushQueued = true;
    queueMicrotask(() => this.flush());
  }

  private flush(): void {
    this.flushQueued = false;
    if (this.stopped) return;
    const orders = [...this.pendingOrders];
    this.pendingOrders.clear();
    // Each reaction (the returns of an ended order and its cell's next order; a price check and
    // what it closes or moves) is one transaction: a crash leaves it undone, never half done.
    for (const id of orders) this.db.transaction(() => this.onOrderFinal(id))();
    const symbols = [...this.pendingSymbols];
    this.pendingSymbols.clear();
    for (const [symbol, price] of symbols) this.watch(symbol, price);
  }

  private refreshWatched(): void {
    const rows = this.db.prepare(`SELECT DISTINCT symbol FROM grid_runs WHERE state IN ('RUNNING', 'AWAIT_ACTIVATION')`).all() as Array<{ symbol: string }>;
    this.watched = new Set(rows.map((r) => r.symbol));
  }

  // ---- create ------------------------------------------------------------------------------

  /** Records a new bot (NEW, or AWAIT_ACTIVATION with an entry price) and starts it when it can. */
  create(userId: number, p: GridParams, last: bigint): string {
    return this.record(userId, p, last, false);
  }

  /** Records a bot refused before it started (the funds were not there): REJECTED, in the history. */
  reject(userId: number, p: GridParams, last: bigint): string {
    return this.record(userId, p, last, true);
  }

  private record(userId: number, p: GridParams, last: bigint, rejected: boolean): string {
    const m = p.market;
    const now = this.now();
    const botId = String(nextCounter(this.db, 'grid_id', 6_000_000_000_001));
    const levels = gridLevels(m, p.kind, p.minPrice, p.maxPrice, p.cells);
    const total = p.quoteInvestment + fxMul(p.baseInvestment, last);
    const o = (v: bigint | undefined) => (v === undefined ? '' : fxPlain(v));
    this.db.transaction(() => {
      this.db
        .prepare(`INSERT INTO grid_bots (bot_id, user_id, symbol, min_price, max_price, grid_number, type, status, created_time, updated_time) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`)
        .run(botId, userId, m.symbol, fxPlain(p.minPrice), fxPlain(p.maxPrice), p.cells, p.kind, rejected ? GRID_LIST_HISTORY : GRID_LIST_RUNNING, now, now);
      insertRun(this.db, {
        bot_id: botId, user_id: userId, symbol: m.symbol, state: rejected ? 'REJECTED' : p.entryPrice !== undefined ? 'AWAIT_ACTIVATION' : 'NEW',
        close_reason: rejected ? 'CLOSED_FAILED_INITIATION' : 'UNKNOWN', close_mode: 0,
        invest_mode: p.investMode, quote_investment: fxPlain(p.quoteInvestment), base_investment: fxPlain(p.baseInvestment), total_investment: fxPlain(total),
        start_price: fxPlain(last), entry_price: o(p.entryPrice), stop_loss: o(p.stopLoss), take_profit: o(p.takeProfit), ts_percent: o(p.tsPercent),
        enable_trailing: p.enableTrailing ? 1 : 0, limit_up_price: o(p.limitUpPrice), levels: levelsText(levels), shift: 0,
        quote_free: rejected ? '0' : fxPlain(p.quoteInvestment), base_free: rejected ? '0' : fxPlain(p.baseInvestment), high_price: fxPlain(last), created_time: now, run_time: 0,
        end_time: rejected ? now : 0,
      });
    })();
    if (!rejected && p.entryPrice === undefined) this.initialize(botId);
    this.refreshWatched();
    return botId;
  }

  /** The opening, in one transaction: a crash leaves the bot NEW, and the restart opens it again. */
  private initialize(botId: string): void {
    this.db.transaction(() => this.initializeNow(botId))();
  }

  /**
   * INITIALIZING: buys (or sells) at market what the sell cells need, then places every cell's
   * order. Anything that fails closes the bot with CLOSED_FAILED_INITIATION, its funds as they are.
   */
  private initializeNow(botId: string): void {
    const run = getRun(this.db, botId)!;
    const m = marketOf(run.symbol)!;
    updateRun(this.db, botId, { state: 'INITIALIZING' });
    const price = this.lastPrice(m);
    const levels = levelsOf(run);
    const n = levels.length - 1;
    const k = nearestLevel(levels, price);
    const value = dec(run.quote_free) + fxMul(dec(run.base_free), price);
    const perCell = fxMul(value, FX_ONE - BUFFER) / BigInt(n);
    const cells: CellRow[] = [];
    let needBase = 0n;
    let needQuote = 0n;
    for (let i = 0; i < n; i++) {
      const buyPrice = levels[i]!;
      const side: 'Buy' | 'Sell' = i < k ? 'Buy' : 'Sell';
      const ref = side === 'Sell' && price > buyPrice ? price : buyPrice;
      const sellQty = fxFloorTo(fxDiv(perCell, ref), m.lot);
      const buyQty = fxCeilTo(fxDiv(sellQty, ONE_MINUS_FEE), m.lot);
      if (side === 'Buy') needQuote += fxMul(buyQty, buyPrice);
      else needBase += sellQty;
      cells.push({ bot_id: botId, cell: i, sell_qty: fxPlain(sellQty), buy_qty: fxPlain(buyQty), side, order_id: '', gen: 0, cost: side === 'Sell' ? fxPlain(fxMul(sellQty, price)) : '0' });
    }
    try {
      if (cells.some((c) => dec(c.sell_qty) < m.minQty)) throw new Error('a cell is below the minimum order quantity');
      const baseFree = dec(run.base_free);
      if (baseFree < needBase) this.marketOrder(botId, m, 'Buy', fxCeilTo(fxDiv(needBase - baseFree, ONE_MINUS_FEE), m.lot));
      else if (baseFree - needBase >= m.minQty && dec(run.quote_free) < needQuote) this.marketOrder(botId, m, 'Sell', fxFloorTo(baseFree - needBase, m.lot));
      const after = getRun(this.db, botId)!;
      if (dec(after.base_free) < needBase || dec(after.quote_free) < needQuote) throw new Error('the opening trade left too little');
      for (const c of cells) upsertCell(this.db, c);
      for (const c of cells) {
        if (!this.placeCell(botId, c)) throw new Error('a grid order was refused');
        crashPoint('grid.open');
      }
    } catch (err) {
      if (err instanceof ApiError || err instanceof Error) {
        this.finish(botId, 4, 'CLOSED_FAILED_INITIATION');
        return;
      }
      throw err;
    }
    updateRun(this.db, botId, { state: 'RUNNING', run_time: this.now(), high_price: fxPlain(price) });
  }

  /** A market order for the bot; its result goes straight into the bot's free funds. */
  private marketOrder(botId: string, m: Market, side: 'Buy' | 'Sell', qty: bigint, unit: 'baseCoin' | 'quoteCoin' = 'baseCoin'): void {
    const run = getRun(this.db, botId)!;
    const plan: CreatePlan = {
      market: m, side, orderType: 'Market', qty: unit === 'baseCoin' && qty < m.minQty ? m.minQty : qty, price: undefined, timeInForce: 'IOC', marketUnit: unit,
      // Marked as the bot's (its money flows are checked against the bot's figures).
      orderLinkId: `${botLinkPrefix(botId)}m${nextCounter(this.db, 'grid_market_order', 1)}`, orderFilter: 'Order', stopOrderType: '', triggerPrice: undefined, createType: GRID_CREATE_TYPE,
      trailingValue: undefined, trailingPercent: undefined, takeProfit: undefined, stopLoss: undefined, tpLimitPrice: undefined, slLimitPrice: undefined,
    };
    const { orderId } = this.trading.create(run.user_id, plan);
    crashPoint('grid.market');
    const row = getOrder(this.db, orderId)!;
    const r = orderReturns(row);
    this.addFree(botId, r.quote, r.base);
  }

  private addFree(botId: string, quote: bigint, base: bigint): void {
    const run = getRun(this.db, botId)!;
    updateRun(this.db, botId, { quote_free: fxPlain(dec(run.quote_free) + quote), base_free: fxPlain(dec(run.base_free) + base) });
  }

  /**
   * Places a cell's order (its side, at its level) from the bot's free funds. The orderLinkId is
   * made from the cell's generation, so after a crash the order is found instead of placed twice.
   */
  private placeCell(botId: string, c: CellRow): boolean {
    // The bot's funds, the cell and the order are one transaction (the cost was taken twice when
    // a crash fell between them).
    return this.db.transaction(() => this.placeCellNow(botId, c))();
  }

  private placeCellNow(botId: string, c: CellRow): boolean {
    const run = getRun(this.db, botId)!;
    const m = marketOf(run.symbol)!;
    const levels = levelsOf(run);
    const price = c.side === 'Buy' ? levels[c.cell]! : levels[c.cell + 1]!;
    const qty = dec(c.side === 'Buy' ? c.buy_qty : c.sell_qty);
    const linkId = `${botLinkPrefix(botId)}c${c.cell}n${c.gen}`;
    const existing = findUserOrder(this.db, run.user_id, undefined, linkId);
    if (existing) {
      upsertCell(this.db, { ...c, order_id: existing.order_id });
      if (isFinalStatus(existing.status)) this.queue(() => this.pendingOrders.add(existing.order_id));
      return true;
    }
    const cost = c.side === 'Buy' ? fxMul(qty, price) : qty;
    const free = c.side === 'Buy' ? dec(run.quote_free) : dec(run.base_free);
    if (free < cost) {
      upsertCell(this.db, { ...c, order_id: '-' });
      return false;
    }
    const plan: CreatePlan = {
      market: m, side: c.side, orderType: 'Limit', qty, price, timeInForce: 'GTC', marketUnit: '', orderLinkId: linkId, orderFilter: 'Order', stopOrderType: '', createType: GRID_CREATE_TYPE,
      triggerPrice: undefined, trailingValue: undefined, trailingPercent: undefined, takeProfit: undefined, stopLoss: undefined, tpLimitPrice: undefined, slLimitPrice: undefined,
    };
    c.side === 'Buy' ? this.addFree(botId, -cost, 0n) : this.addFree(botId, 0n, -cost);
    crashPoint('grid.cell');
    try {
      // The cell is written first: a fill that comes back at once must find it.
      upsertCell(this.db, { ...c, order_id: `pending:${linkId}` });
      const { orderId } = this.trading.create(run.user_id, plan);
      const now = cellsOf(this.db, botId).find((x) => x.cell === c.cell);
      if (now && now.order_id === `pending:${linkId}`) upsertCell(this.db, { ...c, order_id: orderId });
      const row = getOrder(this.db, orderId);
      if (row && isFinalStatus(row.status)) this.queue(() => this.pendingOrders.add(orderId));
      return true;
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      c.side === 'Buy' ? this.addFree(botId, cost, 0n) : this.addFree(botId, 0n, cost);
      upsertCell(this.db, { ...c, order_id: '-' });
      return false;
    }
  }

  // ---- fills -------------------------------------------------------------------------------

  /** A bot order ended: its money returns to the bot; a fill turns the cell round, anything else idles it. */
  private onOrderFinal(orderId: string): void {
    const row = getOrder(this.db, orderId);
    if (!row || !isFinalStatus(row.status)) return;
    const cell = cellByOrder(this.db, orderId) ?? cellByOrder(this.db, `pending:${row.order_link_id}`);
    if (!cell) return;
    const run = getRun(this.db, cell.bot_id);
    if (!run || run.state !== 'RUNNING') return;
    const r = orderReturns(row);
    let next: CellRow;
    this.db.transaction(() => {
      this.addFree(run.bot_id, r.quote, r.base);
      crashPoint('grid.fill');
      if (row.status === 'Filled') {
        if (row.side === 'Buy') {
          next = { ...cell, side: 'Sell', cost: row.cum_exec_value, order_id: '', gen: cell.gen + 1 };
        } else {
          const profit = dec(row.cum_exec_value) - dec(row.cum_exec_fee) - dec(cell.cost);
          insertPair(this.db, run.bot_id, cell.cell, orderId, profit, this.now());
          next = { ...cell, side: 'Buy', cost: '0', order_id: '', gen: cell.gen + 1 };
        }
      } else {
        next = { ...cell, order_id: '-' };
      }
      upsertCell(this.db, next);
    })();
    if (next!.order_id === '') this.placeCell(run.bot_id, next!);
  }

  // ---- watching the price --------------------------------------------------------------------

  private watch(symbol: string, price: bigint): void {
    const runs = this.db.prepare(`SELECT * FROM grid_runs WHERE symbol = ? AND state IN ('RUNNING', 'AWAIT_ACTIVATION')`).all(symbol) as RunRow[];
    for (const run of runs) this.db.transaction(() => this.watchRun(run, price))();
  }

  private watchRun(run: RunRow, price: bigint): void {
    {
      if (run.state === 'AWAIT_ACTIVATION') {
        const entry = dec(run.entry_price);
        const start = dec(run.start_price);
        if ((start <= entry && price >= entry) || (start >= entry && price <= entry)) {
          this.initialize(run.bot_id);
          this.refreshWatched();
        }
        return;
      }
      if (run.stop_loss !== '' && price <= dec(run.stop_loss)) return this.close(run.bot_id, 3, 'CLOSED_STOP_LOSS');
      if (run.take_profit !== '' && price >= dec(run.take_profit)) return this.close(run.bot_id, 3, 'CLOSED_TAKE_PROFIT');
      const high = dec(run.high_price);
      if (price > high) updateRun(this.db, run.bot_id, { high_price: fxPlain(price) });
      if (run.ts_percent !== '' && price <= fxMul(high > price ? high : price, FX_ONE - dec(run.ts_percent))) {
        return this.close(run.bot_id, 3, 'CLOSED_TRAILING_STOP');
      }
      if (run.enable_trailing === 1) this.trailUp(run, price);
    }
  }

  /**
   * Trailing up: once the price is a whole cell above the range, the lowest cell's order is
   * cancelled and its money buys in one cell higher, so the grid keeps its size above the price.
   */
  private trailUp(run: RunRow, price: bigint): void {
    const m = marketOf(run.symbol)!;
    const kind = (this.db.prepare('SELECT type FROM grid_bots WHERE bot_id = ?').get(run.bot_id) as { type: 'grade' | 'other' }).type;
    let levels = levelsOf(run);
    const cells = cellsOf(this.db, run.bot_id);
    const n = cells.length;
    let shift = run.shift;
    for (let guard = 0; guard < n; guard++) {
      const active = levels.slice(shift, shift + n + 1);
      const next = nextLevelUp(m, kind, active);
      if (price < next) break;
      if (run.limit_up_price !== '' && next > dec(run.limit_up_price)) break;
      const lowest = cellsOf(this.db, run.bot_id).find((c) => c.cell === shift);
      if (!lowest) break;
      const live = lowest.order_id && !lowest.order_id.startsWith('pending:') && lowest.order_id !== '-' ? getOrder(this.db, lowest.order_id) : undefined;
      if (live && !isFinalStatus(live.status)) {
        upsertCell(this.db, { ...lowest, order_id: '-' });
        this.trading.cancel(live, 'CancelByUser');
        const after = getOrder(this.db, live.order_id)!;
        const r = orderReturns(after);
        this.addFree(run.bot_id, r.quote, r.base);
      }
      const buyAt = active[active.length - 1]!;
      const freed = fxMul(dec(lowest.buy_qty), levels[shift]!);
      let sellQty = fxFloorTo(fxDiv(fxMul(freed, ONE_MINUS_FEE), buyAt), m.lot);
      let buyQty = fxCeilTo(fxDiv(sellQty, ONE_MINUS_FEE), m.lot);
      const quoteFree = dec(getRun(this.db, run.bot_id)!.quote_free);
      while (sellQty > 0n && fxMul(buyQty, buyAt) > quoteFree) {
        sellQty -= m.lot;
        buyQty = fxCeilTo(fxDiv(sellQty, ONE_MINUS_FEE), m.lot);
      }
      if (sellQty < m.minQty) break;
      levels = [...levels.slice(0, shift + n + 1), next];
      shift += 1;
      this.db.transaction(() => {
        deleteCell(this.db, run.bot_id, shift - 1);
        updateRun(this.db, run.bot_id, { levels: levelsText(levels), shift });
        this.db.prepare('UPDATE grid_bots SET min_price = ?, max_price = ?, updated_time = ? WHERE bot_id = ?').run(fxPlain(levels[shift]!), fxPlain(next), this.now(), run.bot_id);
      })();
      this.placeCell(run.bot_id, { bot_id: run.bot_id, cell: shift + n - 1, sell_qty: fxPlain(sellQty), buy_qty: fxPlain(buyQty), side: 'Buy', order_id: '', gen: 0, cost: '0' });
    }
  }

  // ---- close -------------------------------------------------------------------------------

  /** Closes every active bot on a symbol as they are (mode 4): the symbol was delisted. */
  closeSymbolBots(symbol: string): void {
    const runs = this.db.prepare(`SELECT bot_id FROM grid_runs WHERE symbol = ? AND state IN (${ACTIVE_STATES.map(() => '?').join(',')})`).all(symbol, ...ACTIVE_STATES) as Array<{ bot_id: string }>;
    for (const r of runs) this.close(r.bot_id, 4, 'CLOSED_SYMBOL_DELISTED');
  }

  /** Closes every active bot of an account as they are (mode 4), for `reason` (a trading ban). */
  closeUserBots(userId: number, reason: GridCloseReason): void {
    const runs = this.db.prepare(`SELECT bot_id FROM grid_runs WHERE user_id = ? AND state IN (${ACTIVE_STATES.map(() => '?').join(',')})`).all(userId, ...ACTIVE_STATES) as Array<{ bot_id: string }>;
    for (const r of runs) this.close(r.bot_id, 4, reason);
  }

  /** CANCELLING: every cell's order is cancelled, the funds settle in the asked coin(s), then COMPLETED. */
  close(botId: string, mode: GridCloseMode, reason: GridCloseReason): void {
    this.finish(botId, mode, reason);
  }

  /** The close, in one transaction: every order cancelled, the funds settled, COMPLETED; or nothing. */
  private finish(botId: string, mode: GridCloseMode, reason: GridCloseReason): void {
    this.db.transaction(() => this.finishNow(botId, mode, reason))();
  }

  private finishNow(botId: string, mode: GridCloseMode, reason: GridCloseReason): void {
    updateRun(this.db, botId, { state: 'CANCELLING', close_mode: mode, close_reason: reason });
    const run = getRun(this.db, botId)!;
    const m = marketOf(run.symbol)!;
    for (const c of cellsOf(this.db, botId)) {
      const id = c.order_id;
      if (id === '' || id === '-' || id.startsWith('pending:')) continue;
      const row = getOrder(this.db, id);
      if (!row) continue;
      if (!isFinalStatus(row.status)) this.trading.cancel(row, 'CancelByUser');
      const after = getOrder(this.db, id)!;
      if (isFinalStatus(after.status)) {
        const r = orderReturns(after);
        this.addFree(botId, r.quote, r.base);
      }
      upsertCell(this.db, { ...c, order_id: '-' });
      crashPoint('grid.close');
    }
    try {
      const now = getRun(this.db, botId)!;
      const user = run.user_id;
      if (mode === 3) {
        const have = this.trading.ledger.get(user, m.base).available;
        const base = fxFloorTo(dec(now.base_free) < have ? dec(now.base_free) : have, m.lot);
        if (base >= m.minQty) this.marketOrder(botId, m, 'Sell', base);
      } else if (mode === 2) {
        const have = this.trading.ledger.get(user, m.quote).available;
        const quote = fxFloorTo(dec(now.quote_free) < have ? dec(now.quote_free) : have, m.quoteUnit);
        if (quote >= m.minAmt) this.marketOrder(botId, m, 'Buy', quote, 'quoteCoin');
      }
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      // The conversion was refused (an empty book, say): the funds stay as they are.
    }
    // Its figures are fixed here: what it kept is valued at this price from now on (the fourth
    // walkthrough saw a closed bot's profit follow the market with its leftover base).
    updateRun(this.db, botId, { state: 'COMPLETED', end_time: this.now(), end_price: fxPlain(this.lastPrice(m)) });
    this.db.prepare('UPDATE grid_bots SET status = ?, updated_time = ? WHERE bot_id = ?').run(GRID_LIST_HISTORY, this.now(), botId);
    this.refreshWatched();
    afterCommit(this.db, () => {
      for (const l of this.finishedListeners) l(run.user_id, botId, run.symbol);
    });
  }

  // ---- restart -----------------------------------------------------------------------------

  /** After a restart: running bots adopt or re-place what a crash interrupted; half-done opens and closes finish. */
  private restore(): void {
    const runs = this.db.prepare(`SELECT * FROM grid_runs WHERE state IN (${ACTIVE_STATES.map(() => '?').join(',')})`).all(...ACTIVE_STATES) as RunRow[];
    for (const run of runs) {
      if (run.state === 'NEW') this.initialize(run.bot_id);
      else if (run.state === 'INITIALIZING') this.finish(run.bot_id, 4, 'CLOSED_FAILED_INITIATION');
      else if (run.state === 'CANCELLING') this.finish(run.bot_id, run.close_mode as GridCloseMode, run.close_reason);
      else if (run.state === 'RUNNING') {
        for (const c of cellsOf(this.db, run.bot_id)) {
          if (c.order_id === '' || c.order_id.startsWith('pending:')) this.placeCell(run.bot_id, { ...c, order_id: '' });
          else if (c.order_id !== '-') {
            const row = getOrder(this.db, c.order_id);
            if (row && isFinalStatus(row.status)) this.queue(() => this.pendingOrders.add(c.order_id));
          }
        }
      }
    }
    this.refreshWatched();
  }
}
