// Spot-margin endpoints (Bybit v5 names and fields): /v5/spot-margin-trade/switch-mode,
// set-leverage and state; /v5/account/set-margin-mode, borrow-history, collateral-info, repay and
// no-convert-repay; and the page's per-symbol account info and liability list (spec 3, 7.2).
import type { FastifyRequest } from 'fastify';
import { fxDiv, fxPlain } from '../../../src/core/decimal.ts';
import { ApiError, ERR } from '../../auth/errors.ts';
import { plainDecimal, plainInt } from '../../http/request.ts';
import { AMOUNT, FLAG, digits, object, query, text, type Schema } from '../../http/schemas.ts';
import {
  BORROW_HISTORY_PATH, COLLATERAL_INFO_PATH, LIABILITY_LIST_PATH, MARGIN_ACCOUNT_INFO_PATH, MARGIN_MODES, MAX_LEVERAGE, MIN_LEVERAGE, NO_CONVERT_REPAY_PATH,
  REPAY_PATH, SET_MARGIN_MODE_PATH, SPOT_MARGIN_LEVERAGE_PATH, SPOT_MARGIN_STATE_PATH, SPOT_MARGIN_SWITCH_PATH,
  type LiabilityWire, type MarginAccountInfoWire, type MarginMode,
} from '../../../src/protocol/bybit-v5/margin.ts';
import { HOURLY_RATE, type MarginService } from '../engines/margin.ts';
import { marketOf } from '../market.ts';

type Get = (path: string, schema: Schema, fn: (userId: number, q: URLSearchParams) => unknown) => unknown;
type Post = (path: string, schema: Schema, fn: (userId: number, body: Record<string, unknown>, request: FastifyRequest) => unknown) => unknown;

const COIN = text(16);
const param = (msg: string) => new ApiError(ERR.PARAM, `Request parameter error: ${msg}`);

function optAmount(v: unknown, name: string): bigint | undefined {
  if (v === undefined || v === null || v === '') return undefined;
  const n = plainDecimal(v);
  if (n === undefined || n <= 0n) throw param(name);
  return n;
}

export function installMarginRoutes(margin: MarginService, get: Get, post: Post, balanceOf: (userId: number, coin: string) => bigint): void {
  post(SPOT_MARGIN_SWITCH_PATH, object({ spotMarginMode: FLAG }, ['spotMarginMode']), (userId, body) => {
    margin.requireUnified(userId);
    const v = String(body.spotMarginMode);
    if (v !== '0' && v !== '1') throw param('spotMarginMode must be 0 or 1');
    margin.update(userId, { spotMargin: v === '1' });
    return { spotMarginMode: v };
  });

  post(SPOT_MARGIN_LEVERAGE_PATH, object({ leverage: { type: ['string', 'integer'], maxLength: 8 }, currency: COIN }, ['leverage']), (userId, body) => {
    margin.requireUnified(userId);
    const n = plainInt(body.leverage);
    if (n === undefined || n < MIN_LEVERAGE || n > MAX_LEVERAGE) throw param(`leverage must be a whole number from ${MIN_LEVERAGE} to ${MAX_LEVERAGE}`);
    if (!margin.settings(userId).spotMargin) throw param('turn spot margin trading on first');
    margin.update(userId, { leverage: n });
    return {};
  });

  get(SPOT_MARGIN_STATE_PATH, query({}), (userId) => {
    margin.requireUnified(userId);
    const s = margin.settings(userId);
    const r = margin.risk(userId);
    // assets / equity, two places, truncated; 1 without loans.
    const eff = r.equity > 0n && r.debt > 0n ? (fxDiv(r.assets, r.equity) / 10n ** 16n) : 100n;
    return { spotLeverage: s.spotMargin ? String(s.leverage) : '', spotMarginMode: s.spotMargin ? '1' : '0', effectiveLeverage: (Number(eff) / 100).toFixed(2).replace(/\.?0+$/, '') };
  });

  post(SET_MARGIN_MODE_PATH, object({ setMarginMode: text(24) }, ['setMarginMode']), (userId, body) => {
    margin.requireUnified(userId);
    const mode = body.setMarginMode as MarginMode;
    if (!MARGIN_MODES.includes(mode)) throw param('setMarginMode');
    if (mode !== 'REGULAR_MARGIN' && margin.liabilities(userId).length > 0) return { reasons: [{ reasonCode: '3400045', reasonMsg: 'Repay spot margin liabilities before switching the margin mode.' }] };
    margin.update(userId, { mode });
    return { reasons: [] };
  });

  get(BORROW_HISTORY_PATH, query({ currency: COIN, startTime: digits(16), endTime: digits(16), limit: digits(2), cursor: digits(16) }), (userId, q) => {
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
  });

  get(COLLATERAL_INFO_PATH, query({ currency: COIN }), (userId, q) => {
    const only = q.get('currency');
    if (only && HOURLY_RATE[only] === undefined) throw param('currency');
    const loans = new Map(margin.liabilities(userId).map((l) => [l.coin, l]));
    return {
      list: Object.keys(HOURLY_RATE)
        .filter((c) => !only || c === only)
        .map((c) => {
          const can = margin.borrowable(userId, c);
          return {
            currency: c, hourlyBorrowRate: HOURLY_RATE[c], maxBorrowingAmount: fxPlain((loans.get(c)?.amount ?? 0n) + can), freeBorrowingLimit: '0', freeBorrowAmount: '0',
            borrowAmount: fxPlain(loans.get(c)?.amount ?? 0n), otherBorrowAmount: '0', availableToBorrow: fxPlain(can), borrowable: true, freeBorrowingAmount: '0',
            borrowUsageRate: '0', marginCollateral: true, collateralSwitch: true, collateralRatio: '1',
          };
        }),
    };
  });

  // Repayment from the coin's own spot balance (this exchange converts nothing): synchronous, 'SU'.
  const repay = (userId: number, body: Record<string, unknown>) => {
    const coin = typeof body.coin === 'string' && body.coin !== '' ? body.coin : undefined;
    const amt = optAmount(body.amount, 'amount');
    if (amt !== undefined && !coin) throw param('amount needs coin');
    const coins = coin ? [coin] : margin.liabilities(userId).map((l) => l.coin);
    if (coin && !margin.liabilities(userId).some((l) => l.coin === coin)) throw new ApiError(ERR.PARAM, `Request parameter error: no ${coin} liability to repay`);
    margin.db.transaction(() => {
      for (const c of coins) margin.repay(userId, c, amt);
    })();
    margin.changed(userId);
    return { resultStatus: 'SU' };
  };
  post(REPAY_PATH, object({ coin: COIN, amount: AMOUNT, repaymentType: text(16) }), repay);
  post(NO_CONVERT_REPAY_PATH, object({ coin: COIN, amount: AMOUNT }, ['coin']), repay);

  get(MARGIN_ACCOUNT_INFO_PATH, query({ symbol: text(64) }, ['symbol']), (userId, q) => {
    const m = marketOf(q.get('symbol') ?? '');
    if (!m) throw new ApiError(ERR.INVALID_SYMBOL, 'Invalid symbol.');
    return accountInfo(margin, userId, m.symbol, m.base, m.quote, balanceOf);
  });

  post(LIABILITY_LIST_PATH, object({ settleCoin: COIN, ignoreZeroBorrowSize: { type: ['boolean', 'string'], maxLength: 8 } }), (userId, body) => {
    const ignoreZero = body.ignoreZeroBorrowSize !== false && body.ignoreZeroBorrowSize !== 'false';
    const settle = typeof body.settleCoin === 'string' && body.settleCoin !== '' && body.settleCoin !== 'all' ? body.settleCoin : undefined;
    const list: LiabilityWire[] = margin
      .liabilities(userId)
      .filter((l) => (!settle || l.coin === settle) && (!ignoreZero || l.amount > 0n || l.interest > 0n))
      .map((l) => ({ coin: l.coin, borrowSize: fxPlain(l.amount), interest: fxPlain(l.interest), hourlyBorrowRate: HOURLY_RATE[l.coin] ?? '0', updatedTime: l.accruedAt }));
    return { list };
  });
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
