// The alert service (issue 35 item 3): an account's alerts, stored in SQLite and checked against
// what the exchange does: the simulated market's trades (a price crossing, a % move), the account's
// order pushes (a full or partial fill), its margin state (the risk engine's WARNING or worse) and
// its grid bots and strategies ending. Each alert fires once: the UPDATE from 'active' to 'fired'
// is the one place that decides, so a second trigger finds nothing to change. Listeners (the
// private stream) hear a created, fired or deleted alert after its transaction commits.
import type { Db } from '../../accounts/db.ts';
import { afterCommit, nextCounter } from '../../accounts/db.ts';
import { getUser } from '../../accounts/users.ts';
import { ApiError, ERR } from '../../auth/errors.ts';
import { SYMBOLS } from '../../exchange/symbols.ts';
import { FX_ONE, fxPlain, parseAmount } from '../../../src/core/decimal.ts';
import {
  ALERT_KINDS, isAlertKind, MAX_ACTIVE_ALERTS, MOVE_MINUTES_MAX, MOVE_MINUTES_MIN, PRICE_ALERT_KINDS, type AlertKind, type AlertWire,
} from '../../../src/protocol/alerts.ts';
import type { RiskState } from '../../../src/protocol/bybit-v5/margin.ts';
import { STRATEGY_STATUS } from '../../../src/protocol/strategy.ts';
import { marketOf } from '../market.ts';
import type { EngineSource } from '../engines/trading.ts';

interface AlertRow {
  alert_id: string;
  user_id: number;
  kind: AlertKind;
  symbol: string;
  price: string;
  percent: string;
  minutes: number;
  status: 'active' | 'fired';
  created_time: number;
  fired_time: number;
  fired_price: string;
  detail: string;
}

/** An active alert as the checks keep it in memory (prices as 18-place scaled bigints). */
interface Watch {
  row: AlertRow;
  price: bigint;
  percent: bigint;
}

/** One second of a symbol's trades: its lowest and highest price. */
interface Sample {
  sec: number;
  lo: bigint;
  hi: bigint;
}

export type AlertListener = (userId: number, rows: readonly AlertWire[]) => void;

/** What the service watches besides trades; compose.ts passes the running engines. */
export interface AlertSources {
  readonly engines: EngineSource;
  /** trading.onPush: the account's order pushes. */
  onOrderPush(l: (userId: number, orders: ReadonlyArray<{ orderId: string; symbol: string; orderStatus: string }>) => void): () => void;
  /** The margin state the account reports (a test's override first). */
  riskState(userId: number): RiskState;
  /** A grid bot finished (closed for any reason). */
  onBotFinished(l: (userId: number, botId: string, symbol: string) => void): () => void;
  /** The strategy push: a strategy's list row after each change. */
  onStrategyPush(l: (userId: number, list: ReadonlyArray<{ strategyId: string; symbol: string; status: number }>) => void): () => void;
}

const WARNED: ReadonlySet<RiskState> = new Set(['WARNING', 'OVERRUN', 'LIQUIDATION']);
const LIST_LIMIT = 200;
const bad = (what: string) => new ApiError(ERR.PARAM, `Request parameter error: ${what}`);

export function alertJson(r: AlertRow): AlertWire {
  return {
    alertId: r.alert_id, kind: r.kind, symbol: r.symbol, price: r.price, percent: r.percent, minutes: r.minutes, status: r.status,
    createdTime: r.created_time, firedTime: r.fired_time, firedPrice: r.fired_price, detail: r.detail,
  };
}

export class AlertService {
  private readonly listeners: AlertListener[] = [];
  private readonly removers: Array<() => void> = [];
  /** Active alerts by id, and the price alerts of each symbol. */
  private readonly active = new Map<string, Watch>();
  private readonly bySymbol = new Map<string, Set<Watch>>();
  /** The last trade price seen per symbol (a crossing needs the price before the trade). */
  private readonly last = new Map<string, bigint>();
  /** Per-second price range of symbols with a move alert, since the oldest such alert began. */
  private readonly samples = new Map<string, Sample[]>();
  private timer: ReturnType<typeof setInterval> | undefined;

  constructor(
    private readonly db: Db,
    private readonly sources: AlertSources,
    private readonly now: () => number = Date.now,
  ) {}

  /** Loads the active alerts and starts watching; the margin check runs every `tickMs`. */
  start(tickMs = 1000): void {
    const rows = this.db.prepare("SELECT * FROM alerts WHERE status = 'active'").all() as AlertRow[];
    for (const r of rows) this.watch(r);
    for (const s of SYMBOLS) {
      const engine = this.sources.engines(s.symbol);
      const m = marketOf(s.symbol);
      if (!engine || !m) continue;
      if (engine.lastPriceTicks !== undefined) this.last.set(s.symbol, BigInt(engine.lastPriceTicks) * m.tick);
      this.removers.push(engine.addListener({ onTrade: (t) => this.onTrade(s.symbol, BigInt(t.priceTicks) * m.tick) }));
    }
    this.removers.push(this.sources.onOrderPush((userId, orders) => this.onOrders(userId, orders)));
    this.removers.push(this.sources.onBotFinished((userId, botId, symbol) => this.onBotFinished(userId, botId, symbol)));
    this.removers.push(
      this.sources.onStrategyPush((userId, list) => {
        for (const s of list) {
          if (s.status === STRATEGY_STATUS.terminated || s.status === STRATEGY_STATUS.terminatedUnfilled) this.onBotFinished(userId, s.strategyId, s.symbol);
        }
      }),
    );
    if (tickMs > 0) {
      this.timer = setInterval(() => this.checkMargin(), tickMs);
      this.timer.unref?.();
    }
  }

  stop(): void {
    clearInterval(this.timer);
    for (const r of this.removers.splice(0)) r();
  }

  onPush(l: AlertListener): () => void {
    this.listeners.push(l);
    return () => {
      const i = this.listeners.indexOf(l);
      if (i >= 0) this.listeners.splice(i, 1);
    };
  }

  private emit(userId: number, rows: readonly AlertWire[]): void {
    afterCommit(this.db, () => {
      for (const l of this.listeners) l(userId, rows);
    });
  }

  // ---- API ---------------------------------------------------------------------------------

  create(userId: number, body: Record<string, unknown>): AlertWire {
    const { kind } = body;
    if (!isAlertKind(kind)) throw bad(`kind must be one of ${ALERT_KINDS.join(', ')}`);
    const priceKind = PRICE_ALERT_KINDS.includes(kind);
    const symbol = typeof body.symbol === 'string' ? body.symbol : '';
    if (body.symbol !== undefined && typeof body.symbol !== 'string') throw bad('symbol must be a string');
    if (priceKind && symbol === '') throw bad(`symbol is required for a ${kind} alert`);
    if (symbol !== '' && !marketOf(symbol)) throw new ApiError(ERR.INVALID_SYMBOL, 'Invalid symbol.');
    let price = '';
    let percent = '';
    let minutes = 0;
    if (kind === 'priceAbove' || kind === 'priceBelow') {
      const p = positive(body.price);
      if (p === undefined) throw bad('price must be a positive decimal');
      price = fxPlain(p);
    } else if (kind === 'priceMove') {
      const pct = positive(body.percent);
      if (pct === undefined || pct > 100n * FX_ONE) throw bad('percent must be a positive decimal up to 100');
      const min = typeof body.minutes === 'string' && /^\d{1,6}$/.test(body.minutes) ? Number(body.minutes) : body.minutes;
      if (typeof min !== 'number' || !Number.isInteger(min) || min < MOVE_MINUTES_MIN || min > MOVE_MINUTES_MAX) {
        throw bad(`minutes must be a whole number from ${MOVE_MINUTES_MIN} to ${MOVE_MINUTES_MAX}`);
      }
      percent = fxPlain(pct);
      minutes = min;
    } else if (body.price !== undefined || body.percent !== undefined || body.minutes !== undefined) {
      throw bad(`a ${kind} alert takes no price, percent or minutes`);
    }
    if (kind === 'liqWarning' && getUser(this.db, userId)?.is_uta !== 1) {
      throw new ApiError(ERR.PERMISSION, 'Liquidation warnings need a unified trading account (spot margin).');
    }
    return this.db.transaction(() => {
      const n = (this.db.prepare("SELECT COUNT(*) AS n FROM alerts WHERE user_id = ? AND status = 'active'").get(userId) as { n: number }).n;
      if (n >= MAX_ACTIVE_ALERTS) throw new ApiError(ERR.PARAM, `Too many alerts: at most ${MAX_ACTIVE_ALERTS} waiting to fire`);
      const row: AlertRow = {
        alert_id: String(nextCounter(this.db, 'alert_id', 1)), user_id: userId, kind, symbol, price, percent, minutes, status: 'active',
        created_time: this.now(), fired_time: 0, fired_price: '', detail: '',
      };
      this.db
        .prepare('INSERT INTO alerts (alert_id, user_id, kind, symbol, price, percent, minutes, status, created_time) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)')
        .run(row.alert_id, userId, kind, symbol, price, percent, minutes, row.status, row.created_time);
      afterCommit(this.db, () => this.watch(row));
      this.emit(userId, [alertJson(row)]);
      return alertJson(row);
    })();
  }

  /** The account's alerts, newest first: those waiting and those fired. */
  list(userId: number): AlertWire[] {
    const rows = this.db.prepare('SELECT * FROM alerts WHERE user_id = ? ORDER BY created_time DESC, CAST(alert_id AS INTEGER) DESC LIMIT ?').all(userId, LIST_LIMIT) as AlertRow[];
    return rows.map(alertJson);
  }

  delete(userId: number, alertId: unknown): { alertId: string } {
    if (typeof alertId !== 'string' || alertId === '') throw bad('alertId is required');
    const row = this.db.prepare('SELECT * FROM alerts WHERE alert_id = ? AND user_id = ?').get(alertId, userId) as AlertRow | undefined;
    if (!row) throw new ApiError(ERR.PARAM, 'Alert not found');
    this.db.transaction(() => {
      this.db.prepare('DELETE FROM alerts WHERE alert_id = ?').run(alertId);
      this.emit(userId, [{ ...alertJson(row), deleted: true }]);
    })();
    this.unwatch(alertId);
    return { alertId };
  }

  // ---- watching ----------------------------------------------------------------------------

  private watch(row: AlertRow): void {
    const w: Watch = { row, price: parseAmount(row.price) ?? 0n, percent: parseAmount(row.percent) ?? 0n };
    this.active.set(row.alert_id, w);
    if (PRICE_ALERT_KINDS.includes(row.kind)) {
      let set = this.bySymbol.get(row.symbol);
      if (!set) this.bySymbol.set(row.symbol, (set = new Set()));
      set.add(w);
    }
  }

  private unwatch(alertId: string): void {
    const w = this.active.get(alertId);
    if (!w) return;
    this.active.delete(alertId);
    const set = this.bySymbol.get(w.row.symbol);
    set?.delete(w);
    if (set && set.size === 0) this.bySymbol.delete(w.row.symbol);
    if (![...(set ?? [])].some((x) => x.row.kind === 'priceMove')) this.samples.delete(w.row.symbol);
  }

  /** Fires an active alert once: false when it had already fired or was deleted. */
  private fire(w: Watch, firedPrice: string, detail: string): boolean {
    const now = this.now();
    const done = this.db.transaction(() => {
      const changed = this.db
        .prepare("UPDATE alerts SET status = 'fired', fired_time = ?, fired_price = ?, detail = ? WHERE alert_id = ? AND status = 'active'")
        .run(now, firedPrice, detail, w.row.alert_id).changes;
      if (changed === 0) return false;
      this.emit(w.row.user_id, [alertJson({ ...w.row, status: 'fired', fired_time: now, fired_price: firedPrice, detail })]);
      return true;
    })();
    this.unwatch(w.row.alert_id);
    return done;
  }

  private onTrade(symbol: string, price: bigint): void {
    const prev = this.last.get(symbol);
    this.last.set(symbol, price);
    const set = this.bySymbol.get(symbol);
    if (!set) return;
    const now = this.now();
    let range: Sample[] | undefined;
    for (const w of [...set]) {
      const { kind } = w.row;
      if (kind === 'priceAbove' && prev !== undefined && prev < w.price && price >= w.price) this.fire(w, fxPlain(price), '');
      else if (kind === 'priceBelow' && prev !== undefined && prev > w.price && price <= w.price) this.fire(w, fxPlain(price), '');
      else if (kind === 'priceMove') {
        range ??= this.sample(symbol, now, price);
        const move = moveOf(range, Math.max(now - w.row.minutes * 60_000, w.row.created_time), price, w.percent);
        if (move) this.fire(w, fxPlain(price), move);
      }
    }
  }

  /** Adds a trade to the symbol's per-second ranges and drops seconds no move alert can look back to. */
  private sample(symbol: string, now: number, price: bigint): Sample[] {
    let list = this.samples.get(symbol);
    if (!list) this.samples.set(symbol, (list = []));
    const sec = Math.floor(now / 1000);
    const tail = list[list.length - 1];
    if (tail && tail.sec === sec) {
      if (price < tail.lo) tail.lo = price;
      if (price > tail.hi) tail.hi = price;
    } else list.push({ sec, lo: price, hi: price });
    const oldest = Math.floor((now - MOVE_MINUTES_MAX * 60_000) / 1000);
    let drop = 0;
    while (drop < list.length && list[drop]!.sec < oldest) drop++;
    if (drop > 0) list.splice(0, drop);
    return list;
  }

  private onOrders(userId: number, orders: ReadonlyArray<{ orderId: string; symbol: string; orderStatus: string }>): void {
    for (const o of orders) {
      const kind: AlertKind | undefined = o.orderStatus === 'Filled' ? 'fill' : o.orderStatus === 'PartiallyFilled' ? 'partialFill' : undefined;
      if (!kind) continue;
      for (const w of this.accountWatches(userId, kind, o.symbol)) this.fire(w, '', o.orderId);
    }
  }

  private onBotFinished(userId: number, id: string, symbol: string): void {
    for (const w of this.accountWatches(userId, 'botFinished', symbol)) this.fire(w, '', id);
  }

  private accountWatches(userId: number, kind: AlertKind, symbol: string): Watch[] {
    const out: Watch[] = [];
    for (const w of this.active.values()) if (w.row.user_id === userId && w.row.kind === kind && (w.row.symbol === '' || w.row.symbol === symbol)) out.push(w);
    return out;
  }

  /** The margin check: a liquidation-warning alert fires when its account reports WARNING or worse. */
  checkMargin(): void {
    for (const w of [...this.active.values()]) {
      if (w.row.kind !== 'liqWarning') continue;
      const state = this.sources.riskState(w.row.user_id);
      if (WARNED.has(state)) this.fire(w, '', state);
    }
  }
}

function positive(x: unknown): bigint | undefined {
  if (typeof x !== 'string' && typeof x !== 'number') return undefined;
  const s = String(x);
  if (s.length > 40) return undefined;
  const v = parseAmount(s);
  return v !== undefined && v > 0n ? v : undefined;
}

/** 'up' or 'down' when `price` is `percent` % or more away from the range since `from`; else ''. */
function moveOf(list: readonly Sample[], from: number, price: bigint, percent: bigint): '' | 'up' | 'down' {
  const fromSec = Math.floor(from / 1000);
  let lo: bigint | undefined;
  let hi: bigint | undefined;
  for (let i = list.length - 1; i >= 0 && list[i]!.sec >= fromSec; i--) {
    const s = list[i]!;
    if (lo === undefined || s.lo < lo) lo = s.lo;
    if (hi === undefined || s.hi > hi) hi = s.hi;
  }
  if (lo === undefined || hi === undefined) return '';
  // (price − lo) / lo ≥ percent / 100, in exact integers (percent is 18-place scaled).
  if (lo > 0n && (price - lo) * 100n * FX_ONE >= percent * lo) return 'up';
  if (hi > 0n && (hi - price) * 100n * FX_ONE >= percent * hi) return 'down';
  return '';
}
