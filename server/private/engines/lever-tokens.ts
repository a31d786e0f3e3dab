// Leveraged-token purchase and redemption (POST /v5/spot-lever-token/purchase and /redeem, GET
// order-record; shared/reference/next-features.md §2). Both are asynchronous as on Bybit: the
// answer says "in progress" (2) with the funds locked; settling later, at the NAV of that moment,
// makes it completed (1) or failed (3, funds unlocked). Each step is one SQLite transaction; a
// restart settles what was in progress. Purchases mint tokens and redemptions burn them: the quote
// coin goes to (comes from) the token fund, which is the liquidity account; fees go to the fee account.
import type { Db } from '../../accounts/db.ts';
import { nextCounter } from '../../accounts/db.ts';
import { FEE_ACCOUNT_ID, LIQUIDITY_ACCOUNT_ID } from '../../accounts/seed.ts';
import { getUser } from '../../accounts/users.ts';
import { fxDiv, fxFloorTo, fxMul, fxPlain, parseAmount, writtenDecimals } from '../../../src/core/decimal.ts';
import { LT_RISK, LT_STATUS } from '../../../src/protocol/bybit-v5/lever-token.ts';
import { LT_ORDER_STATUS, type LtOrderWire } from '../../../src/protocol/bybit-v5/lt-order.ts';
import { ApiError, ERR } from '../../auth/errors.ts';
import { fmt, LT_PURCHASE_FEE_RATE, LT_REDEEM_FEE_RATE, type LeveragedTokens } from '../../exchange/lt/tokens.ts';
import type { TradingService } from './trading.ts';
import { recordMint } from '../../accounts/mints.ts';

/** Bybit's leveraged-token error codes (docs/v5/error.mdx, the 175xxx block). */
export const LT_ERR = {
  SERIAL_USED: 175000,
  PURCHASE_DAILY: 175001,
  PURCHASE_BALANCE: 175003,
  REDEEM_DAILY: 175004,
  REDEEM_BALANCE: 175006,
  PURCHASE_MAX: 175009,
  REDEEM_MAX: 175013,
  PURCHASE_SUSPENDED: 175014,
  REDEEM_SUSPENDED: 175015,
  FORMAT: 175016,
} as const;

/** How long an order stays in progress before it settles. */
export const LT_SETTLE_MS = 1500;
const QUOTE = 'USDT';
/** Quote amounts are kept to 8 decimals, token quantities to the lot size of their market (0.001). */
const QUOTE_STEP = 10n ** 10n;
const QTY_STEP = 10n ** 15n;
const DAY_MS = 86_400_000;

interface LtRow {
  order_id: string;
  user_id: number;
  lt_coin: string;
  order_type: 1 | 2;
  status: 1 | 2 | 3;
  amount: string;
  value: string;
  fee: string;
  value_coin: string;
  serial_no: string;
  nav: string;
  order_time: number;
  update_time: number;
}

/** Test controls per account name (/faults/lt-order): its next orders fail; how long settling takes. */
export interface LtOrderFault {
  fail?: number;
  settleMs?: number;
}

export type LtPushListener = (userId: number, orders: LtOrderWire[]) => void;

function wire(r: LtRow): LtOrderWire {
  return {
    ltCoin: r.lt_coin, orderId: r.order_id, ltOrderType: String(r.order_type), orderTime: r.order_time, updateTime: r.update_time,
    ltOrderStatus: String(r.status), fee: r.fee, amount: r.amount, value: r.value, valueCoin: r.value_coin, serialNo: r.serial_no,
  };
}

export class LeverTokenService {
  readonly faults = new Map<string, LtOrderFault>();
  private readonly listeners: LtPushListener[] = [];
  private readonly timers = new Set<ReturnType<typeof setTimeout>>();
  /** The fault scope an order in progress was placed under (its settling sees that scope's overrides). */
  private readonly scopes = new Map<string, string>();

  constructor(
    private readonly db: Db,
    private readonly trading: TradingService,
    readonly tokens: LeveragedTokens,
    private readonly clock: () => number = Date.now,
    private readonly settleMs = LT_SETTLE_MS,
  ) {}

  /** Circulation counts what was minted here; orders in progress settle again. */
  start(): void {
    const rows = this.db
      .prepare(`SELECT lt_coin, SUM(CASE WHEN order_type = 1 THEN CAST(value AS REAL) ELSE -CAST(amount AS REAL) END) AS net FROM lt_orders WHERE status = 1 GROUP BY lt_coin`)
      .all() as Array<{ lt_coin: string; net: number }>;
    for (const r of rows) {
      const e = this.tokens.get(r.lt_coin);
      if (e) e.minted = r.net;
    }
    const pending = this.db.prepare('SELECT order_id FROM lt_orders WHERE status = 2').all() as Array<{ order_id: string }>;
    for (const p of pending) this.schedule(p.order_id, this.settleMs);
  }

  stop(): void {
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }

  onPush(fn: LtPushListener): () => void {
    this.listeners.push(fn);
    return () => {
      const i = this.listeners.indexOf(fn);
      if (i >= 0) this.listeners.splice(i, 1);
    };
  }

  purchase(userId: number, body: Record<string, unknown>, scope?: string): Record<string, string> {
    const { coin, serialNo } = this.common(userId, body);
    const amount = this.decimal(body.amount ?? body.ltAmount, 8, 'amount');
    const e = this.tokens.get(coin)!;
    const now = this.clock();
    this.refuseState(coin, now, 'purchase', scope);
    const d = e.def;
    if (amount > parseAmount(d.maxPurchase)!) throw new ApiError(LT_ERR.PURCHASE_MAX, `Purchase amount has exceeded the upper limit of ${d.maxPurchase} ${QUOTE}`);
    if (amount < parseAmount(d.minPurchase)!) throw new ApiError(LT_ERR.FORMAT, `Purchase amount is below the minimum of ${d.minPurchase} ${QUOTE}`);
    if (this.today(userId, coin, 1, now) + amount > parseAmount(d.maxPurchaseDaily)!) throw new ApiError(LT_ERR.PURCHASE_DAILY, 'Daily purchase limit has been exceeded');
    if (this.trading.ledger.get(userId, QUOTE).available < amount) throw new ApiError(LT_ERR.PURCHASE_BALANCE, 'Insufficient available balance. Please make a deposit and try again.');
    const row = this.place(userId, coin, 1, amount, QUOTE, serialNo, now, scope);
    return { ltCoin: coin, ltOrderStatus: String(row.status), execQty: '', execAmt: '', amount: row.amount, purchaseId: row.order_id, serialNo: row.serial_no, valueCoin: QUOTE };
  }

  redeem(userId: number, body: Record<string, unknown>, scope?: string): Record<string, string> {
    const { coin, serialNo } = this.common(userId, body);
    const qty = this.decimal(body.quantity, 3, 'quantity');
    const e = this.tokens.get(coin)!;
    const now = this.clock();
    this.refuseState(coin, now, 'redeem', scope);
    const d = e.def;
    if (qty > parseAmount(d.maxRedeem)!) throw new ApiError(LT_ERR.REDEEM_MAX, `Redemption quantity has exceeded the upper limit of ${d.maxRedeem} ${coin}`);
    if (qty < parseAmount(d.minRedeem)!) throw new ApiError(LT_ERR.FORMAT, `Redemption quantity is below the minimum of ${d.minRedeem} ${coin}`);
    if (this.today(userId, coin, 2, now) + qty > parseAmount(d.maxRedeemDaily)!) throw new ApiError(LT_ERR.REDEEM_DAILY, 'Daily redemption limit has been exceeded');
    if (this.trading.ledger.get(userId, coin).available < qty) throw new ApiError(LT_ERR.REDEEM_BALANCE, 'Insufficient available balance');
    const row = this.place(userId, coin, 2, qty, coin, serialNo, now, scope);
    return { ltCoin: coin, ltOrderStatus: String(row.status), quantity: row.amount, execQty: '', execAmt: '', redeemId: row.order_id, serialNo: row.serial_no, valueCoin: QUOTE };
  }

  records(userId: number, q: URLSearchParams): { list: LtOrderWire[] } {
    const where = ['user_id = ?'];
    const args: unknown[] = [userId];
    const add = (sql: string, v: unknown) => {
      where.push(sql);
      args.push(v);
    };
    const coin = q.get('ltCoin');
    if (coin) add('lt_coin = ?', coin);
    const orderId = q.get('orderId');
    if (orderId) add('order_id = ?', orderId);
    const serialNo = q.get('serialNo');
    if (serialNo) add('serial_no = ?', serialNo);
    const type = q.get('ltOrderType');
    if (type) {
      if (type !== '1' && type !== '2') throw new ApiError(ERR.PARAM, 'Request parameter error: ltOrderType must be 1 or 2');
      add('order_type = ?', Number(type));
    }
    const start = q.get('startTime');
    if (start) add('order_time >= ?', Number(start));
    const end = q.get('endTime');
    if (end) add('order_time <= ?', Number(end));
    const limit = q.get('limit') ? Number(q.get('limit')) : 100;
    if (!Number.isInteger(limit) || limit < 1 || limit > 500) throw new ApiError(ERR.PARAM, 'Request parameter error: limit must be in [1, 500]');
    const rows = this.db.prepare(`SELECT * FROM lt_orders WHERE ${where.join(' AND ')} ORDER BY order_time DESC, order_id DESC LIMIT ?`).all(...args, limit) as LtRow[];
    return { list: rows.map(wire) };
  }

  private common(userId: number, body: Record<string, unknown>): { coin: string; serialNo: string } {
    const coin = typeof body.ltCoin === 'string' ? body.ltCoin : '';
    if (!this.tokens.get(coin)) throw new ApiError(ERR.PARAM, 'Request parameter error: ltCoin');
    if (getUser(this.db, userId)?.is_demo === 1) throw new ApiError(ERR.DEMO_NOT_SUPPORTED, 'Demo trading are not supported.');
    const serialNo = typeof body.serialNo === 'string' ? body.serialNo : '';
    if (serialNo.length > 40) throw new ApiError(ERR.PARAM, 'Request parameter error: serialNo');
    if (serialNo && this.db.prepare('SELECT 1 FROM lt_orders WHERE user_id = ? AND serial_no = ?').get(userId, serialNo)) {
      throw new ApiError(LT_ERR.SERIAL_USED, 'The serialNo is already in use.');
    }
    return { coin, serialNo };
  }

  private decimal(v: unknown, decimals: number, name: string): bigint {
    const text = typeof v === 'number' ? String(v) : typeof v === 'string' ? v : '';
    const n = parseAmount(text);
    if (n === undefined || n <= 0n || writtenDecimals(text) > decimals) throw new ApiError(LT_ERR.FORMAT, `Invalid format. Please check the length and numeric precision of ${name}.`);
    return n;
  }

  /** The refusals the token's state makes (spec 5.10/5.11 as the exchange enforces them). */
  private refuseState(coin: string, now: number, kind: 'purchase' | 'redeem', scope: string | undefined): void {
    const code = kind === 'purchase' ? LT_ERR.PURCHASE_SUSPENDED : LT_ERR.REDEEM_SUSPENDED;
    const st = this.tokens.status(coin, now, scope);
    const what = kind === 'purchase' ? 'Purchase' : 'Redemption';
    if (st === LT_STATUS.REBALANCING) throw new ApiError(code, `${what} is paused while the token rebalances (position change).`);
    const closed = kind === 'purchase' ? st === LT_STATUS.REDEEM_ONLY || st === LT_STATUS.CLOSED : st === LT_STATUS.PURCHASE_ONLY || st === LT_STATUS.CLOSED;
    if (closed) throw new ApiError(code, `${what} of the LT has been temporarily suspended.`);
    const o = this.tokens.overridesOf(coin, scope);
    const closing = o.riskState === LT_RISK.CLOSING && (kind === 'redeem' || (o.riskSwitchStatus ?? 1) === 1);
    if (closing) throw new ApiError(code, `${what} is unavailable while the token closes its position.`);
    if (!(this.tokens.nav(coin, scope) > 0)) throw new ApiError(code, `${what} is unavailable: the net asset value is invalid.`);
  }

  /** Sum of today's (UTC) non-failed orders of a type: quote for purchases, tokens for redemptions. */
  private today(userId: number, coin: string, type: 1 | 2, now: number): bigint {
    const from = Math.floor(now / DAY_MS) * DAY_MS;
    const rows = this.db
      .prepare('SELECT amount FROM lt_orders WHERE user_id = ? AND lt_coin = ? AND order_type = ? AND status <> 3 AND order_time >= ?')
      .all(userId, coin, type, from) as Array<{ amount: string }>;
    return rows.reduce((s, r) => s + (parseAmount(r.amount) ?? 0n), 0n);
  }

  private place(userId: number, coin: string, type: 1 | 2, amount: bigint, lockCoin: string, serialNo: string, now: number, scope: string | undefined): LtRow {
    const row = this.db.transaction((): LtRow => {
      const id = String(nextCounter(this.db, 'lt_order', 1_000_001));
      this.trading.ledger.lock(userId, lockCoin, amount);
      this.db
        .prepare('INSERT INTO lt_orders (order_id, user_id, lt_coin, order_type, status, amount, value_coin, serial_no, order_time, update_time) VALUES (?, ?, ?, ?, 2, ?, ?, ?, ?, ?)')
        .run(id, userId, coin, type, fxPlain(amount), QUOTE, serialNo, now, now);
      return this.row(id)!;
    })();
    if (scope !== undefined) this.scopes.set(row.order_id, scope);
    this.emit(row);
    this.trading.notifyBalances();
    const name = getUser(this.db, userId)?.name ?? '';
    this.schedule(row.order_id, this.faults.get(name)?.settleMs ?? this.settleMs);
    return row;
  }

  private schedule(orderId: string, ms: number): void {
    const t = setTimeout(() => {
      this.timers.delete(t);
      try {
        this.settle(orderId);
      } catch (err) {
        console.error(`lt order ${orderId}: settle failed`, err);
      }
    }, ms);
    this.timers.add(t);
  }

  /** The ids of the account's orders still in progress (status 2). */
  pendingOf(userId: number): string[] {
    return (this.db.prepare('SELECT order_id FROM lt_orders WHERE user_id = ? AND status = 2').all(userId) as Array<{ order_id: string }>).map((p) => p.order_id);
  }

  /** Completes or fails an order in progress at the NAV of now (tests call it directly). */
  settle(orderId: string): LtRow | undefined {
    const before = this.row(orderId);
    if (!before || before.status !== LT_ORDER_STATUS.IN_PROGRESS) return before;
    const now = this.clock();
    const userId = before.user_id;
    const coin = before.lt_coin;
    const name = getUser(this.db, userId)?.name ?? '';
    const fault = this.faults.get(name);
    let failed = false;
    if (fault?.fail) {
      failed = true;
      if (--fault.fail <= 0) delete fault.fail;
    }
    const scope = this.scopes.get(orderId);
    this.scopes.delete(orderId);
    try {
      this.refuseState(coin, now, before.order_type === 1 ? 'purchase' : 'redeem', scope);
    } catch {
      failed = true;
    }
    const navText = fmt(this.tokens.nav(coin, scope), 8);
    const nav = parseAmount(navText) ?? 0n;
    const amount = parseAmount(before.amount)!;
    const lockCoin = before.order_type === 1 ? QUOTE : coin;
    this.db.transaction(() => {
      const ledger = this.trading.ledger;
      if (failed || nav <= 0n) {
        ledger.unlock(userId, lockCoin, amount);
        this.db.prepare('UPDATE lt_orders SET status = 3, update_time = ? WHERE order_id = ?').run(now, orderId);
        return;
      }
      let value: bigint;
      let fee: bigint;
      if (before.order_type === 1) {
        fee = fxFloorTo(fxMul(amount, parseAmount(LT_PURCHASE_FEE_RATE)!), QUOTE_STEP);
        value = fxFloorTo(fxDiv(amount - fee, nav), QTY_STEP);
        ledger.spendLocked(userId, QUOTE, amount);
        ledger.adjust(FEE_ACCOUNT_ID, QUOTE, fee);
        ledger.adjust(LIQUIDITY_ACCOUNT_ID, QUOTE, amount - fee);
        ledger.mint(userId, coin, value, 'lt-purchase', orderId);
      } else {
        const gross = fxFloorTo(fxMul(amount, nav), QUOTE_STEP);
        fee = fxFloorTo(fxMul(gross, parseAmount(LT_REDEEM_FEE_RATE)!), QUOTE_STEP);
        value = gross - fee;
        ledger.spendLocked(userId, coin, amount);
        recordMint(this.db, userId, coin, -amount, 'lt-redeem', orderId);
        ledger.adjust(LIQUIDITY_ACCOUNT_ID, QUOTE, -gross);
        ledger.adjust(FEE_ACCOUNT_ID, QUOTE, fee);
        ledger.adjust(userId, QUOTE, value);
      }
      this.db
        .prepare('UPDATE lt_orders SET status = 1, value = ?, fee = ?, nav = ?, update_time = ? WHERE order_id = ?')
        .run(fxPlain(value), fxPlain(fee), navText, now, orderId);
      const e = this.tokens.get(coin);
      const tokens = Number(fxPlain(before.order_type === 1 ? value : amount));
      if (e) e.minted += before.order_type === 1 ? tokens : -tokens;
    })();
    const after = this.row(orderId)!;
    this.emit(after);
    this.trading.notifyBalances();
    return after;
  }

  private row(orderId: string): LtRow | undefined {
    return this.db.prepare('SELECT * FROM lt_orders WHERE order_id = ?').get(orderId) as LtRow | undefined;
  }

  private emit(row: LtRow): void {
    for (const l of this.listeners) l(row.user_id, [wire(row)]);
  }
}
