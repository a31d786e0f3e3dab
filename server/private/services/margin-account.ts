// Spot margin's account views and moves behind routes/margin.ts: the borrow history (interest
// events), the loans and repayments replayed from the borrow events, repayment of loans (one
// transaction), and spec 3's account info of one symbol.
import { fxPlain, parseAmount } from '../../../src/core/decimal.ts';
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
  // Bybit's resultStatus: SU when something was repaid, FA when nothing could be (no free balance
  // of the owed coin: this exchange repays only from it, it never converts other coins).
  const paid = margin.db.transaction(() => {
    let sum = 0n;
    for (const c of coins) sum += margin.repay(userId, c, amt);
    // A short repaid by hand leaves less for a resting reduce-only buy to close.
    if (sum > 0n) margin.sweepReduceOnly(userId);
    return sum;
  })();
  if (paid > 0n) margin.changed(userId);
  return { resultStatus: paid > 0n ? 'SU' : 'FA' };
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

/** One borrowing of a coin and what is left of it, repayments taken oldest loan first. */
interface LoanState {
  id: number;
  coin: string;
  createdTime: number;
  loan: bigint;
  remain: bigint;
  interest: bigint;
}

/** One repayment: what it paid, split into interest and principal, and the loans it paid off. */
interface RepaymentState {
  id: number;
  coin: string;
  time: number;
  kind: 'repay' | 'liquidation' | 'auto';
  amount: bigint;
  interest: bigint;
  principal: bigint;
  loans: Array<{ loanId: number; principal: bigint }>;
}

/**
 * The account's loans and repayments, replayed from its borrow events: each event records the coin's
 * principal after it, so a repayment's principal is the fall from the event before and the rest of
 * what it paid was interest; principal repayments pay the oldest loan first; interest charged on a
 * coin is counted on the loans open when it was charged, oldest first.
 */
function replayLoans(margin: MarginService, userId: number, coin?: string): { loans: LoanState[]; repayments: RepaymentState[] } {
  const rows = margin.db
    .prepare(`SELECT id, coin, kind, amount, borrow_size, created_time FROM borrow_events WHERE user_id = ? ${coin ? 'AND coin = ?' : ''} ORDER BY id`)
    .all(...(coin ? [userId, coin] : [userId])) as Array<{ id: number; coin: string; kind: string; amount: string; borrow_size: string; created_time: number }>;
  const loans: LoanState[] = [];
  const repayments: RepaymentState[] = [];
  const principal = new Map<string, bigint>();
  // Per coin, its loans with something left, oldest first: repayments take from the front.
  const open = new Map<string, LoanState[]>();
  const dec = (s: string) => parseAmount(s) ?? 0n;
  for (const r of rows) {
    const before = principal.get(r.coin) ?? 0n;
    const after = dec(r.borrow_size);
    principal.set(r.coin, after);
    let queue = open.get(r.coin);
    if (!queue) open.set(r.coin, (queue = []));
    if (r.kind === 'borrow') {
      const loan = { id: r.id, coin: r.coin, createdTime: r.created_time, loan: dec(r.amount), remain: dec(r.amount), interest: 0n };
      loans.push(loan);
      queue.push(loan);
    } else if (r.kind === 'interest') {
      if (queue[0]) queue[0].interest += dec(r.amount);
    } else if (r.kind === 'repay' || r.kind === 'liquidation' || r.kind === 'auto') {
      const paid = dec(r.amount);
      let toPrincipal = before > after ? before - after : 0n;
      const rep: RepaymentState = { id: r.id, coin: r.coin, time: r.created_time, kind: r.kind, amount: paid, interest: paid - toPrincipal, principal: toPrincipal, loans: [] };
      while (toPrincipal > 0n && queue[0]) {
        const l = queue[0];
        const take = l.remain < toPrincipal ? l.remain : toPrincipal;
        l.remain -= take;
        toPrincipal -= take;
        rep.loans.push({ loanId: l.id, principal: take });
        if (l.remain === 0n) queue.shift();
      }
      repayments.push(rep);
    }
  }
  return { loans, repayments };
}

/** Bybit's borrow-order status: 1 not repaid, 2 paid off, 3 partly repaid. */
const loanStatus = (l: LoanState) => (l.remain === 0n ? 2 : l.remain === l.loan ? 1 : 3);

/**
 * GET /v5/spot-cross-margin-trade/orders (Bybit's borrow orders, here for the unified account's
 * spot-margin loans): each borrowing with what is left of it, newest first; `status` filters
 * (1 not repaid, 2 paid off, 3 partly repaid), `coin` and `limit` (1–500, default 500) as Bybit's.
 */
export function borrowOrders(margin: MarginService, userId: number, q: URLSearchParams) {
  const coin = q.get('coin') || undefined;
  const status = q.get('status') ? plainInt(q.get('status')) : undefined;
  if (q.get('status') && (status === undefined || status < 1 || status > 3)) throw param('status');
  const limit = q.get('limit') ? plainInt(q.get('limit')) : 500;
  if (limit === undefined || limit < 1 || limit > 500) throw param('limit');
  const { loans } = replayLoans(margin, userId, coin);
  return {
    list: loans
      .filter((l) => status === undefined || loanStatus(l) === status)
      .reverse()
      .slice(0, limit)
      .map((l) => ({
        id: String(l.id), accountId: String(userId), coin: l.coin, createdTime: l.createdTime, interestAmount: fxPlain(l.interest), loanAmount: fxPlain(l.loan),
        remainAmount: fxPlain(l.remain), status: loanStatus(l), type: 2,
      })),
  };
}

/**
 * GET /v5/spot-cross-margin-trade/repay-history (Bybit's repayment records): each repayment, newest
 * first, with its interest and principal and the loans it paid; `coin`, `startTime`, `endTime`,
 * `limit` (1–500, default 500). repayType, a local field: 1 the user's repayment, 2 a liquidation's, 3 the
 * exchange's own (a fill's proceeds in a borrowed coin, or an order's unused borrowing returned at its end).
 */
export function repaymentHistory(margin: MarginService, userId: number, q: URLSearchParams) {
  const coin = q.get('coin') || undefined;
  const limit = q.get('limit') ? plainInt(q.get('limit')) : 500;
  if (limit === undefined || limit < 1 || limit > 500) throw param('limit');
  const bound = (name: string) => {
    const raw = q.get(name);
    if (!raw) return undefined;
    const v = plainInt(raw);
    if (v === undefined) throw param(name);
    return v;
  };
  const start = bound('startTime');
  const end = bound('endTime');
  const { repayments } = replayLoans(margin, userId, coin);
  return {
    list: repayments
      .filter((r) => (start === undefined || r.time >= start) && (end === undefined || r.time <= end))
      .reverse()
      .slice(0, limit)
      .map((r) => ({
        accountId: String(userId), coin: r.coin, repaidAmount: fxPlain(r.amount), repayId: String(r.id), repayMarginOrderId: String(r.id), repayTime: String(r.time),
        repayType: r.kind === 'liquidation' ? 2 : r.kind === 'auto' ? 3 : 1, repaidInterest: fxPlain(r.interest), repaidPrincipal: fxPlain(r.principal),
        transactIds: r.loans.map((l) => ({ repaidInterest: '0', repaidPrincipal: fxPlain(l.principal), repaidSerialNumber: String(r.id), transactId: String(l.loanId) })),
      })),
  };
}
