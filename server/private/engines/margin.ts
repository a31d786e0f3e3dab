// Spot margin on the unified account (issue 16 item 1; Bybit /v5/spot-margin-trade/*): the switch,
// leverage and margin mode of each account, its loans (the liabilities table), hourly interest on a
// clock tests can advance, repayment, and the risk engine that liquidates an account whose
// maintenance margin reaches its equity. Loans come from and go back to the market's liquidity
// account (the lending pool), so every coin's sum over all balances is conserved. Every change is
// one SQLite transaction; nothing lives only in memory except mark-price overrides (a test fault).
import type { Db } from '../../accounts/db.ts';
import { FX_ONE, fxDiv, fxMul, fxPlain, parseAmount } from '../../../src/core/decimal.ts';
import { LIQUIDITY_ACCOUNT_ID } from '../../accounts/seed.ts';
import { getUser } from '../../accounts/users.ts';
import { crashPoint } from '../../accounts/crash.ts';
import { ApiError, ERR } from '../../auth/errors.ts';
import { MARGIN_STATUS, type MarginMode, type RiskState } from '../../../src/protocol/bybit-v5/margin.ts';
import { OPEN_STATUS_SQL } from '../../../src/protocol/bybit-v5/vocabulary.ts';
import type { Ledger } from '../rows/ledger.ts';
import { marketOf, type Market } from '../market.ts';
import { MARGIN_HOURLY_RATE } from '../../exchange/symbols.ts';
import type { OrderRow } from '../rows/orders.ts';
import { borrowHeadroom, riskOf, type Holding, type RiskFigures } from './margin-risk.ts';
import type { EngineSource } from './trading.ts';

export const HOUR_MS = 3_600_000;
const STABLE = new Set(['USDT', 'USDC']);
/** Coins the pool lends, with their hourly interest rates (kept beside the markets: their marginTrading follows it). */
export const HOURLY_RATE = MARGIN_HOURLY_RATE;
const CLOCK_KEY = 'margin_clock_offset_ms';
const dec = (s: string) => parseAmount(s) ?? 0n;

export interface MarginSettings {
  spotMargin: boolean;
  leverage: number;
  mode: MarginMode;
  /** A test's forced risk state (what the account reports; '' none). */
  override: RiskState | '';
}

export interface Liability {
  coin: string;
  amount: bigint;
  interest: bigint;
  accruedAt: number;
}

/** What TradingService asks of margin while it places, fills and closes orders. */
export interface MarginHooks {
  /** Lends `amount` of `coin` for a leveraged order; throws ApiError when the account may not borrow it. */
  borrowForOrder(userId: number, coin: string, amount: bigint): void;
  /** Repays up to `amount` of `coin` just credited or released (fill proceeds, unused lock). */
  repayFrom(userId: number, coin: string, amount: bigint): void;
  /** For the wallet: loans, risk figures and mark prices. */
  liabilities(userId: number): Liability[];
  risk(userId: number): RiskFigures;
  priceOf(coin: string): bigint;
}

export interface MarginTrading {
  readonly ledger: Ledger;
  readonly engines: EngineSource;
  cancel(row: OrderRow, cancelType?: string): void;
  notifyBalances(): void;
  /** Records a liquidation's sale as a closing order and its fill (no money moves). */
  recordClosingFill(userId: number, m: Market, side: 'Buy' | 'Sell', qty: bigint, value: bigint): void;
  /** Cancels reduce-only buys left with less short to close than they buy (CancelByReduceOnly). */
  sweepReduceOnly(userId: number): void;
}

export class MarginService implements MarginHooks {
  private readonly prices = new Map<string, bigint>();
  private timer: ReturnType<typeof setInterval> | undefined;

  constructor(
    readonly db: Db,
    private readonly trading: MarginTrading,
    private readonly wallClock: () => number = Date.now,
  ) {}

  start(tickMs = 1000): void {
    this.timer = setInterval(() => this.tick(), tickMs);
    this.timer.unref?.();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
  }

  private get ledger(): Ledger {
    return this.trading.ledger;
  }

  // ---- clock and prices ---------------------------------------------------------------------

  /** The margin clock: the wall clock plus what tests advanced it by (persisted). */
  now(): number {
    const row = this.db.prepare('SELECT value FROM counters WHERE name = ?').get(CLOCK_KEY) as { value: number } | undefined;
    return this.wallClock() + (row?.value ?? 0);
  }

  advanceClock(ms: number): void {
    this.db.prepare('INSERT INTO counters(name, value) VALUES (?, ?) ON CONFLICT(name) DO UPDATE SET value = value + excluded.value').run(CLOCK_KEY, ms);
  }

  /** Mark price in USD: 1 for stablecoins, a test's override, else the COINUSDT last price; 0 when unknown. */
  priceOf(coin: string): bigint {
    const forced = this.prices.get(coin);
    if (forced !== undefined) return forced;
    if (STABLE.has(coin)) return FX_ONE;
    const m = marketOf(`${coin}USDT`);
    const last = m ? this.trading.engines(m.symbol)?.lastPriceTicks : undefined;
    return m && last !== undefined ? BigInt(last) * m.tick : m ? BigInt(Math.round(m.def.startPrice * 1e8)) * 10n ** 10n : 0n;
  }

  setPrice(coin: string, price: bigint | undefined): void {
    if (price === undefined) this.prices.delete(coin);
    else this.prices.set(coin, price);
  }

  /** Cancels the account's reduce-only buys that would now buy more than it owes (CancelByReduceOnly). */
  sweepReduceOnly(userId: number): void {
    this.trading.sweepReduceOnly(userId);
  }

  /** After a change made outside trading: the account's wallet push follows. */
  changed(userId: number): void {
    this.ledger.touch(userId);
    this.trading.notifyBalances();
  }

  // ---- settings -----------------------------------------------------------------------------

  settings(userId: number): MarginSettings {
    const row = this.db.prepare('SELECT spot_margin, leverage, margin_mode, risk_override FROM margin_settings WHERE user_id = ?').get(userId) as
      | { spot_margin: number; leverage: number; margin_mode: MarginMode; risk_override: RiskState | '' }
      | undefined;
    return row ? { spotMargin: row.spot_margin === 1, leverage: row.leverage, mode: row.margin_mode, override: row.risk_override } : { spotMargin: false, leverage: 10, mode: 'REGULAR_MARGIN', override: '' };
  }

  update(userId: number, change: Partial<MarginSettings>): void {
    const s = { ...this.settings(userId), ...change };
    this.db
      .prepare(
        `INSERT INTO margin_settings (user_id, spot_margin, leverage, margin_mode, risk_override) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT(user_id) DO UPDATE SET spot_margin = excluded.spot_margin, leverage = excluded.leverage, margin_mode = excluded.margin_mode, risk_override = excluded.risk_override`,
      )
      .run(userId, s.spotMargin ? 1 : 0, s.leverage, s.mode, s.override);
    this.ledger.touch(userId);
    this.trading.notifyBalances();
  }

  /** Spot margin is a unified-account feature; classic accounts are refused. */
  requireUnified(userId: number): void {
    if (getUser(this.db, userId)?.is_uta !== 1) throw new ApiError(ERR.PERMISSION, 'Spot margin trading needs a unified trading account.');
  }

  // ---- liabilities --------------------------------------------------------------------------

  liabilities(userId: number): Liability[] {
    const rows = this.db.prepare('SELECT coin, amount, interest, accrued_at FROM liabilities WHERE user_id = ? ORDER BY coin').all(userId) as Array<{ coin: string; amount: string; interest: string; accrued_at: number }>;
    return rows.map((r) => ({ coin: r.coin, amount: dec(r.amount), interest: dec(r.interest), accruedAt: r.accrued_at })).filter((l) => l.amount > 0n || l.interest > 0n);
  }

  private liability(userId: number, coin: string): Liability {
    return this.liabilities(userId).find((l) => l.coin === coin) ?? { coin, amount: 0n, interest: 0n, accruedAt: 0 };
  }

  private putLiability(userId: number, l: Liability): void {
    if (l.amount < 0n || l.interest < 0n) throw new Error(`liability of ${userId} in ${l.coin} would go negative`);
    this.db
      .prepare(
        `INSERT INTO liabilities (user_id, coin, amount, interest, accrued_at) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT(user_id, coin) DO UPDATE SET amount = excluded.amount, interest = excluded.interest, accrued_at = excluded.accrued_at`,
      )
      .run(userId, l.coin, fxPlain(l.amount), fxPlain(l.interest), l.accruedAt);
    this.ledger.touch(userId);
  }

  private record(userId: number, coin: string, kind: 'borrow' | 'repay' | 'interest' | 'liquidation' | 'auto', amount: bigint, borrowSize: bigint, rate = ''): void {
    this.db
      .prepare('INSERT INTO borrow_events (user_id, coin, kind, amount, rate, borrow_size, created_time) VALUES (?, ?, ?, ?, ?, ?, ?)')
      .run(userId, coin, kind, fxPlain(amount), rate, fxPlain(borrowSize), this.now());
  }

  holdings(userId: number): Holding[] {
    const map = new Map<string, Holding>();
    for (const b of this.ledger.list(userId)) map.set(b.coin, { coin: b.coin, wallet: b.available + b.locked, owed: 0n });
    for (const l of this.liabilities(userId)) {
      const h = map.get(l.coin) ?? { coin: l.coin, wallet: 0n, owed: 0n };
      h.owed = l.amount + l.interest;
      map.set(l.coin, h);
    }
    return [...map.values()];
  }

  risk(userId: number): RiskFigures {
    return riskOf(this.holdings(userId), (c) => this.priceOf(c), this.settings(userId).leverage);
  }

  /** The state the account reports (a test's override first) and spec 3's status number. */
  reportedState(userId: number): { state: RiskState; status: number } {
    const s = this.settings(userId);
    const state = s.override || this.risk(userId).state;
    return { state, status: MARGIN_STATUS[state] };
  }

  /** How much of `coin` the account may still borrow now (0 when it may not borrow at all). */
  borrowable(userId: number, coin: string): bigint {
    const s = this.settings(userId);
    if (!s.spotMargin || s.mode === 'ISOLATED_MARGIN' || HOURLY_RATE[coin] === undefined || getUser(this.db, userId)?.is_uta !== 1) return 0n;
    const price = this.priceOf(coin);
    if (price === 0n) return 0n;
    const r = this.risk(userId);
    if (r.state === 'LIQUIDATION' || r.state === 'OVERRUN' || s.override === 'LIQUIDATION' || s.override === 'OVERRUN') return 0n;
    return fxDiv(borrowHeadroom(r, s.leverage), price);
  }

  /** Call inside the order's transaction: lends from the pool or throws (the order rolls back). */
  borrowForOrder(userId: number, coin: string, amount: bigint): void {
    if (amount <= 0n) return;
    if (getUser(this.db, userId)?.is_uta !== 1) throw new ApiError(ERR.PARAM, 'Request parameter error: isLeverage needs a unified trading account');
    const s = this.settings(userId);
    if (!s.spotMargin) throw new ApiError(ERR.PARAM, 'Request parameter error: spot margin trading is off');
    if (s.mode === 'ISOLATED_MARGIN') throw new ApiError(ERR.PARAM, 'Request parameter error: spot margin is not supported in isolated margin mode');
    if (amount > this.borrowable(userId, coin)) throw new ApiError(ERR.BALANCE_INSUFFICIENT, 'Insufficient balance: the order exceeds the borrowing limit');
    const now = this.now();
    const l = this.liability(userId, coin);
    this.ledger.adjust(LIQUIDITY_ACCOUNT_ID, coin, -amount);
    this.ledger.adjust(userId, coin, amount);
    const next = { ...l, amount: l.amount + amount, accruedAt: l.amount === 0n ? now : l.accruedAt };
    this.putLiability(userId, next);
    this.record(userId, coin, 'borrow', amount, next.amount);
  }

  /** Pays back up to `max` of `coin` from the account's available balance: interest first. Returns what it paid. */
  repay(userId: number, coin: string, max: bigint | undefined, kind: 'repay' | 'liquidation' | 'auto' = 'repay'): bigint {
    const l = this.liability(userId, coin);
    const owed = l.amount + l.interest;
    if (owed === 0n) return 0n;
    const avail = this.ledger.get(userId, coin).available;
    let pay = owed < avail ? owed : avail;
    if (max !== undefined && max < pay) pay = max;
    if (pay <= 0n) return 0n;
    const toInterest = pay < l.interest ? pay : l.interest;
    const next = { ...l, interest: l.interest - toInterest, amount: l.amount - (pay - toInterest) };
    this.ledger.adjust(userId, coin, -pay);
    this.ledger.adjust(LIQUIDITY_ACCOUNT_ID, coin, pay);
    this.putLiability(userId, next);
    this.record(userId, coin, kind, pay, next.amount);
    return pay;
  }

  /** The exchange repays on its own (a fill's proceeds, an order's unused borrowing): recorded as 'auto', not as the user's. */
  repayFrom(userId: number, coin: string, amount: bigint): void {
    if (amount > 0n) this.repay(userId, coin, amount, 'auto');
  }

  // ---- interest and risk --------------------------------------------------------------------

  /** Charges every whole hour elapsed on the margin clock since each loan's last charge. */
  accrue(): void {
    const now = this.now();
    const rows = this.db.prepare(`SELECT user_id, coin FROM liabilities WHERE amount NOT IN ('0', '') AND accrued_at > 0`).all() as Array<{ user_id: number; coin: string }>;
    for (const { user_id: userId, coin } of rows) {
      this.db.transaction(() => {
        const l = this.liability(userId, coin);
        const hours = Math.floor((now - l.accruedAt) / HOUR_MS);
        if (hours <= 0 || l.amount === 0n) return;
        const rate = HOURLY_RATE[coin] ?? '0';
        const charge = fxMul(l.amount, dec(rate)) * BigInt(hours);
        this.putLiability(userId, { ...l, interest: l.interest + charge, accruedAt: l.accruedAt + hours * HOUR_MS });
        this.record(userId, coin, 'interest', charge, l.amount, rate);
      })();
    }
  }

  /** Accrues interest, then liquidates every account whose maintenance margin reached its equity. */
  tick(): void {
    this.accrue();
    const users = this.db.prepare(`SELECT DISTINCT user_id FROM liabilities WHERE amount NOT IN ('0', '') OR interest NOT IN ('0', '')`).all() as Array<{ user_id: number }>;
    for (const { user_id: userId } of users) {
      if (this.risk(userId).state === 'LIQUIDATION') this.liquidate(userId);
    }
    this.cancelOverrun();
    // A short repaid by any path (a fill's proceeds, by hand, a liquidation) under a resting reduce-only buy.
    const closers = this.db.prepare(`SELECT DISTINCT user_id FROM orders WHERE reduce_only = 1 AND side = 'Buy' AND status IN (${OPEN_STATUS_SQL})`).all() as Array<{ user_id: number }>;
    for (const { user_id: userId } of closers) this.db.transaction(() => this.trading.sweepReduceOnly(userId))();
    this.trading.notifyBalances();
  }

  /**
   * An account whose maintenance margin has overrun its equity (OVERRUN, the step before
   * liquidation; or a test's forced state) may add no margin: its open leveraged orders that are
   * not closing are cancelled, as Bybit's CancelByPmTrialMmOverEquity (the order's trial
   * maintenance margin is over the equity).
   */
  private cancelOverrun(): void {
    const rows = this.db
      .prepare(`SELECT * FROM orders WHERE is_leverage = 1 AND reduce_only = 0 AND status IN (${OPEN_STATUS_SQL}) ORDER BY user_id, created_time`)
      .all() as OrderRow[];
    const overrun = new Map<number, boolean>();
    for (const row of rows) {
      if (!overrun.has(row.user_id)) overrun.set(row.user_id, this.reportedState(row.user_id).state === 'OVERRUN');
      if (overrun.get(row.user_id)) this.db.transaction(() => this.trading.cancel(row, 'CancelByPmTrialMmOverEquity'))();
    }
  }

  /**
   * Liquidation: cancels the account's open orders, repays each debt from its own coin, then sells
   * other collateral at the mark price to the market's liquidity account for the owed coin and
   * repays with the proceeds, until nothing is owed or nothing is left; records what it did.
   */
  liquidate(userId: number): void {
    // One transaction: the cancellations, sales, repayments and the record land together or not at all.
    this.db.transaction(() => this.liquidateNow(userId))();
    this.trading.notifyBalances();
  }

  private liquidateNow(userId: number): void {
    const r = this.risk(userId);
    const open = this.db.prepare(`SELECT * FROM orders WHERE user_id = ? AND status IN (${OPEN_STATUS_SQL}) ORDER BY created_time`).all(userId) as OrderRow[];
    for (const row of open) {
      this.trading.cancel(row, 'CancelAllBeforeLiq');
      crashPoint('liquidation.cancelled');
    }
    const sales: Array<{ sold: string; qty: string; price: string; for: string; got: string }> = [];
    const repaid: Array<{ coin: string; amount: string }> = [];
    {
      for (const l of this.liabilities(userId)) {
        const paid = this.repay(userId, l.coin, undefined, 'liquidation');
        if (paid > 0n) repaid.push({ coin: l.coin, amount: fxPlain(paid) });
      }
      for (const l of this.liabilities(userId)) {
        const pL = this.priceOf(l.coin);
        if (pL === 0n) continue;
        for (const b of this.ledger.list(userId)) {
          const owed = this.liability(userId, l.coin);
          const need = owed.amount + owed.interest;
          if (need === 0n) break;
          const pC = this.priceOf(b.coin);
          if (b.coin === l.coin || b.available === 0n || pC === 0n || this.liability(userId, b.coin).amount > 0n) continue;
          // Collateral worth the debt, rounded up, at most what there is.
          const want = (need * pL + pC - 1n) / pC;
          const sell = want < b.available ? want : b.available;
          const got = (sell * pC) / pL;
          if (got === 0n) continue;
          this.ledger.adjust(userId, b.coin, -sell);
          this.ledger.adjust(LIQUIDITY_ACCOUNT_ID, b.coin, sell);
          this.ledger.adjust(LIQUIDITY_ACCOUNT_ID, l.coin, -got);
          this.ledger.adjust(userId, l.coin, got);
          sales.push({ sold: b.coin, qty: fxPlain(sell), price: fxPlain(fxDiv(pC, pL)), for: l.coin, got: fxPlain(got) });
          // On the record as a closing order where a pair trades the two coins (a sell of the
          // collateral, or a buy of the debt with it), as Bybit shows a liquidation's order.
          const asSell = marketOf(`${b.coin}${l.coin}`);
          const asBuy = asSell ? undefined : marketOf(`${l.coin}${b.coin}`);
          if (asSell) this.trading.recordClosingFill(userId, asSell, 'Sell', sell, got);
          else if (asBuy) this.trading.recordClosingFill(userId, asBuy, 'Buy', got, sell);
          const paid = this.repay(userId, l.coin, undefined, 'liquidation');
          if (paid > 0n) repaid.push({ coin: l.coin, amount: fxPlain(paid) });
          crashPoint('liquidation.sold');
        }
      }
      // What nothing was left to repay is the liquidation's shortfall, on the record.
      const shortfall = this.liabilities(userId).map((l) => ({ coin: l.coin, amount: fxPlain(l.amount + l.interest) }));
      this.db
        .prepare('INSERT INTO liquidations (user_id, mm_rate, detail, created_time) VALUES (?, ?, ?, ?)')
        .run(userId, fxPlain(r.mmRate), JSON.stringify({ cancelled: open.map((o) => o.order_id), sales, repaid, shortfall }), this.now());
    }
  }
}
