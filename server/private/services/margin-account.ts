// Spot margin's account views and moves behind routes/margin.ts: the borrow history (interest
// events), repayment of loans (one transaction), and spec 3's account info of one symbol.
import { fxPlain } from '../../../src/core/decimal.ts';
import { ApiError, ERR } from '../../auth/errors.ts';
import { plainDecimal, plainInt } from '../../http/request.ts';
import type { MarginAccountInfoWire } from '../../../src/protocol/bybit-v5/margin.ts';
import type { MarginService } from '../engines/margin.ts';

const param = (msg: string) => new ApiError(ERR.PARAM, `Request parameter error: ${msg}`);

function optAmount(v: unknown, name: string): bigint | undefined {
  if (v === undefined || v === null || v === '') return undefined;
  const n = plainDecimal(v);
  if (n === undefined || n <= 0n) throw param(name);
  return n;
}

/** GET /v5/account/borrow-history: the account's interest events, newest first, a page of `limit` (1-50, default 20). */
export function borrowHistory(margin: MarginService, userId: number, q: URLSearchParams) {
  const limit = q.get('limit') ? plainInt(q.get('limit')) : 20;
  if (limit === undefined || limit < 1 || limit > 50) throw param('limit');
  const args: unknown[] = [userId];
  let where = "user_id = ? AND kind = 'interest'";
  const add = (sql: string, v: unknown) => ((where += ` AND ${sql}`), args.push(v));
  if (q.get('currency')) add('coin = ?', q.get('currency'));
  for (const [name, sql] of [['startTime', 'created_time >= ?'], ['endTime', 'created_time <= ?'], ['cursor', 'id < ?']] as const) {
    const raw = q.get(name);
    if (!raw) continue;
    const v = plainInt(raw);
    if (v === undefined) throw param(name);
    add(sql, v);
  }
  const rows = margin.db.prepare(`SELECT id, coin, amount, rate, borrow_size, created_time FROM borrow_events WHERE ${where} ORDER BY id DESC LIMIT ?`).all(...args, limit + 1) as Array<{
    id: number; coin: string; amount: string; rate: string; borrow_size: string; created_time: number;
  }>;
  const page = rows.slice(0, limit);
  return {
    list: page.map((r) => ({
      currency: r.coin, createdTime: r.created_time, borrowCost: r.amount, hourlyBorrowRate: r.rate, InterestBearingBorrowSize: r.borrow_size,
      costExemption: '0', borrowAmount: r.borrow_size, unrealisedLoss: '0', freeBorrowedAmount: '0',
    })),
    nextPageCursor: rows.length > limit ? String(page[page.length - 1]!.id) : '',
  };
}

/** POST /v5/account/repay and no-convert-repay: from the coin's own spot balance, every coin's loan or one's, in one transaction. */
export function repayLoans(margin: MarginService, userId: number, body: Record<string, unknown>): { resultStatus: string } {
  const coin = typeof body.coin === 'string' && body.coin !== '' ? body.coin : undefined;
  const amt = optAmount(body.amount, 'amount');
  if (amt !== undefined && !coin) throw param('amount needs coin');
  const coins = coin ? [coin] : margin.liabilities(userId).map((l) => l.coin);
  if (coin && !margin.liabilities(userId).some((l) => l.coin === coin)) throw new ApiError(ERR.PARAM, `Request parameter error: no ${coin} liability to repay`);
  margin.db.transaction(() => {
    for (const c of coins) margin.repay(userId, c, amt);
    // A short repaid by hand leaves less for a resting reduce-only buy to close.
    margin.sweepReduceOnly(userId);
  })();
  margin.changed(userId);
  return { resultStatus: 'SU' };
}

/** Spec 3 "Account info" of one symbol: what the account may buy and sell, with and without borrowing. */
export function accountInfo(margin: MarginService, userId: number, symbol: string, base: string, quote: string, balanceOf: (userId: number, coin: string) => bigint): MarginAccountInfoWire {
  const s = margin.settings(userId);
  const loans = new Map(margin.liabilities(userId).map((l) => [l.coin, l]));
  const quoteFree = balanceOf(userId, quote);
  const baseFree = balanceOf(userId, base);
  const buyTotal = quoteFree + margin.borrowable(userId, quote);
  const sellTotal = baseFree + margin.borrowable(userId, base);
  const { state, status } = margin.reportedState(userId);
  return {
    symbol, maxBuyAmt: fxPlain(buyTotal), maxSellQty: fxPlain(sellTotal), buyTotalAvailable: fxPlain(buyTotal), sellTotalAvailable: fxPlain(sellTotal),
    baseBorrowSize: fxPlain(loans.get(base)?.amount ?? 0n), quoteBorrowSize: fxPlain(loans.get(quote)?.amount ?? 0n), status, riskState: state,
    spotMarginMode: s.spotMargin ? '1' : '0', leverage: String(s.leverage), marginMode: s.mode,
  };
}
