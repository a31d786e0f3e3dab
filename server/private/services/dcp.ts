// Disconnection protection (Bybit's DCP, issue 35 item 4): POST /v5/order/disconnected-cancel-all
// sets an account's time window per product, GET /v5/account/query-dcp-info reads it back, and the
// guard below cancels the account's own open spot orders (cancelType CancelByDCP) once every
// private connection of the account that subscribed `dcp.spot` has been gone for that window. As
// on Bybit, only the connections that subscribe the topic count: a page with the setting off
// never subscribes it, and a connection that never did (a bot's, another tab's) keeps nothing alive.
import { ApiError, ERR } from '../../auth/errors.ts';
import type { Db } from '../../accounts/db.ts';
import type { TradingService } from '../engines/trading.ts';
import { openOrdersOf } from '../rows/orders.ts';
import { isUserMade } from './orders.ts';
import { DCP_CANCEL_TYPE, DCP_DEFAULT_S, DCP_SPOT_TOPIC } from '../../../src/protocol/bybit-v5/dcp.ts';

export { DCP_SPOT_TOPIC };

/** Bybit's range of the window, in seconds, and its default. */
export const DCP_MIN_S = 3;
export const DCP_MAX_S = 300;

/** Products as Bybit names them; bybit-api's V2 setter spells options 'OPTION'. */
const PRODUCTS: Readonly<Record<string, string>> = { SPOT: 'SPOT', DERIVATIVES: 'DERIVATIVES', OPTIONS: 'OPTIONS', OPTION: 'OPTIONS' };

export interface DcpInfo {
  product: string;
  dcpStatus: 'ON';
  timeWindow: string;
}

/** POST /v5/order/disconnected-cancel-all: `product` (OPTIONS by default, as Bybit) and `timeWindow` in [3, 300] seconds. */
export function setDcp(db: Db, userId: number, body: Record<string, unknown>, now = Date.now()): Record<string, never> {
  const product = PRODUCTS[body.product === undefined || body.product === null ? 'OPTIONS' : String(body.product).toUpperCase()];
  if (!product) throw new ApiError(ERR.PARAM, 'Request parameter error: product must be SPOT, DERIVATIVES or OPTIONS');
  const raw = body.timeWindow;
  const window = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\d{1,4}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isInteger(window) || window < DCP_MIN_S || window > DCP_MAX_S) {
    throw new ApiError(ERR.PARAM, `Request parameter error: timeWindow must be a whole number of seconds from ${DCP_MIN_S} to ${DCP_MAX_S}`);
  }
  db.prepare(
    `INSERT INTO dcp_settings (user_id, product, time_window, updated_time) VALUES (?, ?, ?, ?)
     ON CONFLICT(user_id, product) DO UPDATE SET time_window = excluded.time_window, updated_time = excluded.updated_time`,
  ).run(userId, product, window, now);
  return {};
}

/** GET /v5/account/query-dcp-info: one entry per product the account has set. */
export function dcpInfo(db: Db, userId: number): { dcpInfos: DcpInfo[] } {
  const rows = db.prepare('SELECT product, time_window FROM dcp_settings WHERE user_id = ? ORDER BY product').all(userId) as Array<{ product: string; time_window: number }>;
  return { dcpInfos: rows.map((r) => ({ product: r.product, dcpStatus: 'ON', timeWindow: String(r.time_window) })) };
}

/** The account's spot window in seconds (Bybit's default of 10 when it has set none). */
export function spotWindowS(db: Db, userId: number): number {
  const row = db.prepare("SELECT time_window FROM dcp_settings WHERE user_id = ? AND product = 'SPOT'").get(userId) as { time_window: number } | undefined;
  return row?.time_window ?? DCP_DEFAULT_S;
}

/** Cancels the account's own open orders (not a bot's, a strategy's or a liquidation's) as DCP does; returns how many. */
export function cancelForDcp(db: Db, trading: TradingService, userId: number): number {
  let n = 0;
  for (const row of openOrdersOf(db, userId, undefined)) {
    if (!isUserMade(row)) continue;
    trading.cancel(row, DCP_CANCEL_TYPE);
    n++;
  }
  return n;
}

/**
 * Per account: how many live connections hold `dcp.spot`. When the count falls to zero a timer of
 * the account's window starts; a connection subscribing the topic again stops it; when it runs
 * out, the account's orders are cancelled.
 */
export class DcpGuard {
  private readonly holders = new Map<number, number>();
  private readonly timers = new Map<number, ReturnType<typeof setTimeout>>();

  constructor(
    private readonly db: Db,
    private readonly trading: TradingService,
    private readonly log: (msg: string, err?: unknown) => void = (m, e) => console.error(m, e),
  ) {}

  /** A connection of the account subscribed `dcp.spot`. */
  hold(userId: number): void {
    this.holders.set(userId, (this.holders.get(userId) ?? 0) + 1);
    const t = this.timers.get(userId);
    if (t !== undefined) {
      clearTimeout(t);
      this.timers.delete(userId);
    }
  }

  /** A connection that held `dcp.spot` closed or unsubscribed it. */
  release(userId: number): void {
    const left = (this.holders.get(userId) ?? 1) - 1;
    if (left > 0) {
      this.holders.set(userId, left);
      return;
    }
    this.holders.delete(userId);
    if (this.timers.has(userId)) return;
    const ms = spotWindowS(this.db, userId) * 1000;
    this.timers.set(
      userId,
      setTimeout(() => {
        this.timers.delete(userId);
        if (this.holders.has(userId)) return;
        try {
          cancelForDcp(this.db, this.trading, userId);
        } catch (err) {
          this.log(`dcp: cancelling the orders of user ${userId} failed`, err);
        }
      }, ms),
    );
  }

  /** Whether the account's window is running now (for tests). */
  pending(userId: number): boolean {
    return this.timers.has(userId);
  }

  stop(): void {
    for (const t of this.timers.values()) clearTimeout(t);
    this.timers.clear();
    this.holders.clear();
  }
}
