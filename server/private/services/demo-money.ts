// POST /v5/account/demo-apply-money (docs/v5/demo.mdx): a demo-trading account asks for funds
// (adjustType 0) or gives them back (1), up to a per-coin amount per request, once a minute (the
// rate limit, http/rate-limits.ts). The answer's result carries the funding service's resultCode
// (spec 7.5, 8): 0 when applied, 3410020 when a coin would pass the account's ceiling.
import type { Db } from '../../accounts/db.ts';
import { getUser } from '../../accounts/users.ts';
import { parseAmount } from '../../../src/core/decimal.ts';
import { DEMO_MONEY_CAPS, DEMO_RESULT_CEILING, DEMO_RESULT_OK, isDemoCoin, type DemoCoin } from '../../../src/protocol/bybit-v5/demo-money.ts';
import { ApiError, ERR } from '../../auth/errors.ts';
import { InsufficientBalance } from '../rows/ledger.ts';
import type { TradingService } from '../engines/trading.ts';

/** The most a demo account may hold of a coin: ten requests' worth. */
export const DEMO_MONEY_CEILING: Readonly<Record<DemoCoin, bigint>> = Object.fromEntries(
  Object.entries(DEMO_MONEY_CAPS).map(([coin, cap]) => [coin, parseAmount(cap)! * 10n]),
) as Record<DemoCoin, bigint>;

/** Applies one request's body for `userId`; returns the result object of the answer. */
export function applyDemoMoney(db: Db, trading: TradingService, userId: number, body: Record<string, unknown>): { resultCode: number } {
  if (getUser(db, userId)?.is_demo !== 1) throw new ApiError(ERR.PERMISSION, 'Demo trading accounts only.');
  const adjustType = body.adjustType === undefined ? 0 : Number(body.adjustType);
  if (adjustType !== 0 && adjustType !== 1) throw new ApiError(ERR.PARAM, 'Request parameter error: adjustType must be 0 or 1');
  const list = body.utaDemoApplyMoney;
  if (!Array.isArray(list) || list.length === 0 || list.length > 4) throw new ApiError(ERR.PARAM, 'Request parameter error: utaDemoApplyMoney');
  const moves: Array<{ coin: DemoCoin; amount: bigint }> = [];
  for (const item of list as unknown[]) {
    const coin = typeof item === 'object' && item !== null ? (item as Record<string, unknown>).coin : undefined;
    const raw = typeof item === 'object' && item !== null ? (item as Record<string, unknown>).amountStr : undefined;
    if (!isDemoCoin(coin)) throw new ApiError(ERR.PARAM, 'Request parameter error: coin must be BTC, ETH, USDT or USDC');
    const amount = typeof raw === 'string' ? parseAmount(raw) : undefined;
    if (amount === undefined || amount <= 0n) throw new ApiError(ERR.PARAM, `Request parameter error: amountStr of ${coin}`);
    if (amount > parseAmount(DEMO_MONEY_CAPS[coin])!) throw new ApiError(ERR.PARAM, `Request parameter error: at most ${DEMO_MONEY_CAPS[coin]} ${coin} per request`);
    if (moves.some((m) => m.coin === coin)) throw new ApiError(ERR.PARAM, `Request parameter error: ${coin} given twice`);
    moves.push({ coin, amount });
  }
  // The checks and the move are one transaction: a borrowing order sent alongside cannot slip between them.
  try {
    return db.transaction((): { resultCode: number } => {
      if (adjustType === 0) {
        for (const m of moves) {
          const b = trading.ledger.get(userId, m.coin);
          if (b.available + b.locked + m.amount > DEMO_MONEY_CEILING[m.coin]) return { resultCode: DEMO_RESULT_CEILING };
        }
      }
      trading.adjustFunds(userId, moves.map((m) => ({ coin: m.coin, delta: adjustType === 0 ? m.amount : -m.amount })), adjustType === 0 ? 'demo-funds' : 'demo-take-back');
      // Taking funds back is a withdrawal: what stays must still carry the account's loans.
      const risk = adjustType === 1 ? trading.margin?.risk(userId) : undefined;
      if (risk && risk.debt > 0n && (risk.equity <= 0n || risk.im > risk.equity)) {
        throw new ApiError(ERR.BALANCE_INSUFFICIENT, 'Insufficient balance: the account\'s loans need these funds as margin. Repay first.');
      }
      return { resultCode: DEMO_RESULT_OK };
    })();
  } catch (err) {
    if (err instanceof InsufficientBalance) throw new ApiError(ERR.BALANCE_INSUFFICIENT, 'Insufficient balance.');
    throw err;
  }
}
