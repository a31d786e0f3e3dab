// The page's spot-margin calls (server: server/private/margin-routes.ts), through the session.
import { DECIMAL_RE } from '../core/decimal.ts';
import {
  BORROW_ORDERS_PATH, REPAY_HISTORY_PATH,
  LIABILITY_LIST_PATH, MARGIN_ACCOUNT_INFO_PATH, MARGIN_MODES, REPAY_PATH, RISK_STATES, SPOT_MARGIN_LEVERAGE_PATH, SPOT_MARGIN_SWITCH_PATH,
  type MarginMode, type RiskState,
} from '../protocol/bybit-v5/margin.ts';
import { CLOSED_PNL_PATH } from '../protocol/positions.ts';
import { isRecord, requestJson, v5Result } from './http.ts';
import { weekWindows } from './time-windows.ts';
import { readPaced } from './retry.ts';

/** Spec 3 "Account info" of one symbol, with the account's margin switch, leverage and mode. */
export interface MarginAccount {
  symbolId: string;
  maxBuyAmt: string;
  maxSellQty: string;
  buyTotalAvailable: string;
  sellTotalAvailable: string;
  baseBorrowSize: string;
  quoteBorrowSize: string;
  /** Spec 3 margin status: 4 liquidation, 5 overrun (1 normal, 2 warning). */
  status: number;
  riskState: RiskState;
  /** The account's spot-margin switch on the exchange (the leverage confirmation of 5.1). */
  spotMarginOn: boolean;
  leverage: number;
  marginMode: MarginMode;
}

const dec = (v: unknown): string => (typeof v === 'string' && DECIMAL_RE.test(v) ? v : '0');

export async function fetchMarginAccount(symbolId: string): Promise<MarginAccount> {
  const r = v5Result(await requestJson(`${MARGIN_ACCOUNT_INFO_PATH}?symbol=${encodeURIComponent(symbolId)}`));
  const mode = MARGIN_MODES.includes(r.marginMode as MarginMode) ? (r.marginMode as MarginMode) : 'REGULAR_MARGIN';
  const risk = RISK_STATES.includes(r.riskState as RiskState) ? (r.riskState as RiskState) : 'NORMAL';
  return {
    symbolId, maxBuyAmt: dec(r.maxBuyAmt), maxSellQty: dec(r.maxSellQty), buyTotalAvailable: dec(r.buyTotalAvailable), sellTotalAvailable: dec(r.sellTotalAvailable),
    baseBorrowSize: dec(r.baseBorrowSize), quoteBorrowSize: dec(r.quoteBorrowSize), status: Number(r.status) || 1, riskState: risk,
    spotMarginOn: r.spotMarginMode === '1', leverage: Number(r.leverage) || 10, marginMode: mode,
  };
}

export async function switchSpotMargin(on: boolean): Promise<void> {
  v5Result(await requestJson(SPOT_MARGIN_SWITCH_PATH, { method: 'POST', body: { spotMarginMode: on ? '1' : '0' } }));
}

export async function setSpotLeverage(n: number): Promise<void> {
  v5Result(await requestJson(SPOT_MARGIN_LEVERAGE_PATH, { method: 'POST', body: { leverage: String(n) } }));
}

export interface Liability {
  coin: string;
  borrowSize: string;
  interest: string;
  hourlyBorrowRate: string;
}

/** Spec 7.2: the liability list, settleCoin all, ignoring zero borrow sizes. */
export async function fetchLiabilities(): Promise<Liability[]> {
  const r = v5Result(await requestJson(LIABILITY_LIST_PATH, { method: 'POST', body: { settleCoin: 'all', ignoreZeroBorrowSize: true } }));
  const list = Array.isArray(r.list) ? r.list : [];
  return list.filter(isRecord).map((l) => ({ coin: String(l.coin), borrowSize: dec(l.borrowSize), interest: dec(l.interest), hourlyBorrowRate: dec(l.hourlyBorrowRate) }));
}

/** Bybit's answer to a repayment: SU repaid (some or all), FA nothing repaid, P in progress. */
export type RepayStatus = 'SU' | 'FA' | 'P';

/** Repays a coin's liability in full from its balance (Bybit's /v5/account/repay); its resultStatus. */
export async function repayCoin(coin: string): Promise<RepayStatus> {
  const r = v5Result(await requestJson(REPAY_PATH, { method: 'POST', body: { coin } }));
  const status = r.resultStatus;
  if (status === 'SU' || status === 'FA' || status === 'P') return status;
  throw new Error(`unexpected repayment status ${String(status)}`);
}

/** One closing fill of /v5/position/closed-pnl (category spot), as the P&L tab needs it. */
export interface ClosedPnlRow {
  symbolId: string;
  pnl: string;
  time: number;
}

/** At most this many pages of 100 per 7-day window. */
const CLOSED_PNL_PAGES = 10;

/** The closing fills of the last `days` days (of one pair, or all): one 7-day window after another (Bybit's limit), newest first. */
export async function fetchClosedPnl(days: number, symbol?: string, now = Date.now()): Promise<ClosedPnlRow[]> {
  const out: ClosedPnlRow[] = [];
  // The newest window ends a minute ahead: a fill stamped by a server clock slightly ahead still counts.
  for (const [start, end] of weekWindows(now - days * 24 * 3600_000, now + 60_000)) {
    let cursor = '';
    for (let i = 0; i < CLOSED_PNL_PAGES; i++) {
      const q = new URLSearchParams({ category: 'spot', limit: '100', startTime: String(start), endTime: String(end), ...(symbol ? { symbol } : {}), ...(cursor ? { cursor } : {}) });
      const r = await readPaced(async () => v5Result(await requestJson(`${CLOSED_PNL_PATH}?${q}`)));
      for (const row of Array.isArray(r.list) ? r.list : []) {
        if (!isRecord(row) || typeof row.symbol !== 'string' || typeof row.closedPnl !== 'string') continue;
        const time = Number(row.updatedTime);
        if (Number.isFinite(time)) out.push({ symbolId: row.symbol, pnl: row.closedPnl, time });
      }
      cursor = typeof r.nextPageCursor === 'string' ? r.nextPageCursor : '';
      if (!cursor) break;
    }
  }
  return out;
}

/** One borrowing and what is left of it (Bybit's borrow order). */
export interface LoanRecord {
  id: string;
  coin: string;
  time: number;
  loan: string;
  remain: string;
  interest: string;
  /** not repaid, partly repaid, paid off */
  state: 'unpaid' | 'partial' | 'paid';
}

/** One repayment (Bybit's repayment record), with its interest and principal. */
export interface RepaymentRecord {
  id: string;
  coin: string;
  time: number;
  amount: string;
  principal: string;
  interest: string;
  /** Who repaid: the user, a liquidation, or the exchange on its own (a fill's proceeds, an order's unused borrowing). */
  by: 'user' | 'liquidation' | 'auto';
}

const LOAN_STATES = { 1: 'unpaid', 2: 'paid', 3: 'partial' } as const;

/** The account's loans, newest first; a malformed row is left out. */
export async function fetchLoans(): Promise<LoanRecord[]> {
  const r = v5Result(await requestJson(BORROW_ORDERS_PATH));
  const list = Array.isArray(r.list) ? r.list : [];
  return list.filter(isRecord).flatMap((l): LoanRecord[] => {
    const state = LOAN_STATES[l.status as 1 | 2 | 3];
    const time = Number(l.createdTime);
    if (!state || typeof l.id !== 'string' || typeof l.coin !== 'string' || !Number.isFinite(time)) return [];
    return [{ id: l.id, coin: l.coin, time, loan: dec(l.loanAmount), remain: dec(l.remainAmount), interest: dec(l.interestAmount), state }];
  });
}

/** The account's repayments, newest first; a malformed row is left out. */
export async function fetchRepayments(): Promise<RepaymentRecord[]> {
  const r = v5Result(await requestJson(REPAY_HISTORY_PATH));
  const list = Array.isArray(r.list) ? r.list : [];
  return list.filter(isRecord).flatMap((x): RepaymentRecord[] => {
    const time = Number(x.repayTime);
    if (typeof x.repayId !== 'string' || typeof x.coin !== 'string' || !Number.isFinite(time)) return [];
    return [{ id: x.repayId, coin: x.coin, time, amount: dec(x.repaidAmount), principal: dec(x.repaidPrincipal), interest: dec(x.repaidInterest), by: x.repayType === 2 ? 'liquidation' : x.repayType === 3 ? 'auto' : 'user' }];
  });
}
