// Spot-margin endpoints (Bybit v5 names and fields): /v5/spot-margin-trade/switch-mode,
// set-leverage and state; /v5/account/set-margin-mode, borrow-history, collateral-info, repay and
// no-convert-repay; and the page's per-symbol account info, liability list (spec 3, 7.2) and
// unified asset (spec 3). The loans themselves are engines/margin.ts; repayment and the borrow
// history are services/margin-account.ts.
import { fxDiv, fxPlain } from '../../../src/core/decimal.ts';
import { ApiError, ERR } from '../../auth/errors.ts';
import { plainInt } from '../../http/request.ts';
import { AMOUNT, FLAG, digits, object, query, text, type Schema } from '../../http/schemas.ts';
import {
  BORROW_HISTORY_PATH, BORROW_ORDERS_PATH, COLLATERAL_INFO_PATH, LIABILITY_LIST_PATH, MARGIN_ACCOUNT_INFO_PATH, MARGIN_MODES, MAX_LEVERAGE, MIN_LEVERAGE, NO_CONVERT_REPAY_PATH,
  REPAY_HISTORY_PATH, REPAY_PATH, SET_MARGIN_MODE_PATH, SPOT_BORROW_CHECK_PATH, SPOT_MARGIN_LEVERAGE_PATH, SPOT_MARGIN_STATE_PATH, SPOT_MARGIN_SWITCH_PATH,
  type LiabilityWire, type MarginMode,
} from '../../../src/protocol/bybit-v5/margin.ts';
import { UNIFIED_ASSET_PATH } from '../../../src/protocol/unified-asset.ts';
import { HOURLY_RATE } from '../engines/margin.ts';
import { marketOf } from '../market.ts';
import { walletJson } from '../rows/wallet.ts';
import { accountInfo, borrowHistory, borrowOrders, repaymentHistory, repayLoans } from '../services/margin-account.ts';
import { unifiedAsset } from '../services/unified-asset.ts';
import { spotBorrowCheck } from '../services/spot-borrow-check.ts';
import { privateGet, privatePost, type GetFn, type PostFn, type RouteContext } from './context.ts';

const COIN = text(16);
const SYMBOL = text(64);
const param = (msg: string) => new ApiError(ERR.PARAM, `Request parameter error: ${msg}`);

export function installMarginRoutes(rc: RouteContext): void {
  const { trading, margin } = rc.services;
  const get = (path: string, schema: Schema, fn: GetFn) => privateGet(rc, path, schema, fn);
  const post = (path: string, schema: Schema, fn: PostFn) => privatePost(rc, path, schema, fn);
  const balanceOf = (userId: number, coin: string) => trading.ledger.get(userId, coin).available;
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
    return borrowHistory(margin, userId, q);
  });

  // The loans one by one (unpaid, partly repaid, paid off) and the repayments (spec 2.12's borrowing history).
  get(BORROW_ORDERS_PATH, query({ coin: COIN, status: digits(1), limit: digits(3) }), (userId, q) => borrowOrders(margin, userId, q));
  get(REPAY_HISTORY_PATH, query({ coin: COIN, startTime: digits(16), endTime: digits(16), limit: digits(3) }), (userId, q) => repaymentHistory(margin, userId, q));

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
  const repay = (userId: number, body: Record<string, unknown>) => repayLoans(margin, userId, body);
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

  get(SPOT_BORROW_CHECK_PATH, query({ category: text(16), symbol: SYMBOL, side: text(8) }, ['category', 'symbol', 'side']), (userId, q) =>
    spotBorrowCheck(margin, trading.ledger, trading.engines, userId, q),
  );

  get(UNIFIED_ASSET_PATH, query({ symbolName: SYMBOL, side: text(8), isMargin: digits(1), limitPrice: text(40) }, ['symbolName']), (userId, q) =>
    unifiedAsset(margin, userId, q, (id) => walletJson(trading.ledger, id, trading.engines, undefined, margin)),
  );
}
