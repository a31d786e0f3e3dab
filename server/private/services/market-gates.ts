// What an order must pass before the book sees it, beyond its own shape (issue 16 item 2): no
// exchange maintenance, no upgrade to unified under way for the account (spec 4.14: the upgrade
// needs no open orders), the symbol's side not banned (spec 4.4), and an innovation or adventure
// buy within the user's remaining innovation quota (spec 3 "Innovation quota", 5.2, 5.3).
import type { Db } from '../../accounts/db.ts';
import { ApiError, ERR } from '../../auth/errors.ts';
import type { MarketRules } from '../../exchange/market-rules.ts';
import { SYMBOLS } from '../../exchange/symbols.ts';
import { amount, fxMul, fxPlain } from '../../../src/core/decimal.ts';
import type { CreatePlan } from './validate.ts';

/** Pairs whose buys count against the innovation quota: the innovation and adventure zones. */
export const QUOTA_SYMBOLS: ReadonlySet<string> = new Set(SYMBOLS.filter((s) => s.innovation || s.adventure).map((s) => s.symbol));

/**
 * An order while the account's upgrade to unified runs: the code the upgrade flow itself uses for
 * "in progress" (user.uta.upgrade's 3400324, spec 4.14), since the upgrade needs no open orders.
 */
export const ERR_UPGRADING = 3400324;

/** Throws ERR_UPGRADING while the account's upgrade to unified is in progress (member tag PROCESS). */
export function refuseWhileUpgrading(db: Db, userId: number): void {
  const u = db.prepare('SELECT is_uta, member_tag_uta FROM users WHERE id = ?').get(userId) as { is_uta: number; member_tag_uta: string } | undefined;
  if (u?.is_uta === 0 && u.member_tag_uta === 'PROCESS') {
    throw new ApiError(ERR_UPGRADING, 'The account is being upgraded to a unified trading account: no new orders until the upgrade completes.');
  }
}

/** Bybit's "New order rejected." (170210) for a banned side; the message says why. */
export const ERR_ORDER_REJECTED = 170210;
/**
 * A buy above the remaining innovation quota. Bybit documents no code for the quota itself; 170228
 * ("The purchase amount of each order exceeds the estimated maximum purchase amount.") is its
 * closest, and the message names the quota.
 */
export const ERR_QUOTA = 170228;

/** The user's innovation quota: null when none is set (unlimited), else total and what remains. */
export function innovationQuota(db: Db, userId: number): { total: bigint; remain: bigint } | null {
  const row = db.prepare('SELECT total, set_at FROM innovation_quotas WHERE user_id = ?').get(userId) as { total: string; set_at: number } | undefined;
  if (!row) return null;
  const total = amount(row.total);
  const symbols = [...QUOTA_SYMBOLS];
  const fills = db
    .prepare(`SELECT exec_value FROM executions WHERE user_id = ? AND side = 'Buy' AND exec_time >= ? AND symbol IN (${symbols.map(() => '?').join(',')})`)
    .all(userId, row.set_at, ...symbols) as Array<{ exec_value: string }>;
  const used = fills.reduce((sum, f) => sum + amount(f.exec_value), 0n);
  return { total, remain: total > used ? total - used : 0n };
}

/** Sets the user's quota from now on ('-1' removes it: unlimited). */
export function setInnovationQuota(db: Db, userId: number, total: string, now: number): void {
  if (total === '-1') {
    db.prepare('DELETE FROM innovation_quotas WHERE user_id = ?').run(userId);
    return;
  }
  db.prepare('INSERT INTO innovation_quotas (user_id, total, set_at) VALUES (?, ?, ?) ON CONFLICT(user_id) DO UPDATE SET total = excluded.total, set_at = excluded.set_at').run(userId, total, now);
}

/** The quote an order would spend, when it can be known before it fills (undefined: not knowable). */
function spendOf(plan: CreatePlan, refPrice: bigint | undefined): bigint | undefined {
  if (plan.orderType === 'Market' && plan.marketUnit === 'quoteCoin') return plan.qty;
  const price = plan.price ?? plan.triggerPrice ?? refPrice;
  return price === undefined ? undefined : fxMul(price, plan.qty);
}

/**
 * Throws Bybit's answer when the order may not be placed now. `scope` is the request's fault_scope
 * cookie (tests' bans and maintenance apply only to their own browser); `refPrice` prices a market
 * buy given in base.
 */
export function checkMarketGates(db: Db, rules: MarketRules | undefined, userId: number, plan: CreatePlan, scope: string | undefined, refPrice: bigint | undefined): void {
  if (rules?.underMaintenance(scope)) throw new ApiError(ERR.SERVER, 'The system is under maintenance. Please try again later.');
  refuseWhileUpgrading(db, userId);
  if (rules?.isDelisted(plan.market.symbol)) throw new ApiError(ERR_ORDER_REJECTED, `New order rejected. ${plan.market.symbol} has been delisted.`);
  if (rules?.isSuspended(plan.market.symbol, scope)) throw new ApiError(ERR_ORDER_REJECTED, `New order rejected. Trading ${plan.market.symbol} is suspended.`);
  const ban = rules?.banOf(plan.market.symbol, scope);
  if (ban && (plan.side === 'Buy' ? ban.buy : ban.sell)) {
    throw new ApiError(ERR_ORDER_REJECTED, `New order rejected. ${plan.side === 'Buy' ? 'Buying' : 'Selling'} ${plan.market.symbol} is suspended.`);
  }
  if (plan.side !== 'Buy' || !QUOTA_SYMBOLS.has(plan.market.symbol)) return;
  const quota = innovationQuota(db, userId);
  if (!quota) return;
  const spend = spendOf(plan, refPrice);
  if (spend !== undefined && spend > quota.remain) {
    throw new ApiError(ERR_QUOTA, `The purchase amount exceeds your remaining innovation quota of ${fxPlain(quota.remain)} ${plan.market.quote}.`);
  }
}
