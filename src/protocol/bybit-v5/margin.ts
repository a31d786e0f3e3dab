// Spot margin on the unified account, shared by the local exchange and the page: Bybit's own
// /v5/spot-margin-trade/* and /v5/account/* paths, plus the page's per-symbol account info
// (spec 3 "Account info") and liability list (spec 7.2), which Bybit's web serves itself.

export const SPOT_MARGIN_SWITCH_PATH = '/v5/spot-margin-trade/switch-mode';
export const SPOT_MARGIN_LEVERAGE_PATH = '/v5/spot-margin-trade/set-leverage';
export const SPOT_MARGIN_STATE_PATH = '/v5/spot-margin-trade/state';
export const BORROW_HISTORY_PATH = '/v5/account/borrow-history';
/** Bybit's borrow orders and repayment records (its spot-cross-margin names), here for the spot-margin loans. */
export const BORROW_ORDERS_PATH = '/v5/spot-cross-margin-trade/orders';
export const REPAY_HISTORY_PATH = '/v5/spot-cross-margin-trade/repay-history';
export const COLLATERAL_INFO_PATH = '/v5/account/collateral-info';
export const REPAY_PATH = '/v5/account/repay';
export const NO_CONVERT_REPAY_PATH = '/v5/account/no-convert-repay';
export const SET_MARGIN_MODE_PATH = '/v5/account/set-margin-mode';
/** Spec 3 "Account info" for one symbol: GET with `symbol`. */
export const MARGIN_ACCOUNT_INFO_PATH = '/unified/spot/v5/margin/accountInfo';
/** Spec 7.2 "Liability list": POST {settleCoin: 'all', ignoreZeroBorrowSize: true}. */
export const LIABILITY_LIST_PATH = '/unified/spot/v5/margin/liabilities';

export const MIN_LEVERAGE = 2;
export const MAX_LEVERAGE = 10;

export type MarginMode = 'REGULAR_MARGIN' | 'ISOLATED_MARGIN' | 'PORTFOLIO_MARGIN';
export const MARGIN_MODES: readonly MarginMode[] = ['REGULAR_MARGIN', 'ISOLATED_MARGIN', 'PORTFOLIO_MARGIN'];

/** The account's risk state, from its margin rates (server/private/margin-risk.ts). */
export type RiskState = 'NORMAL' | 'WARNING' | 'OVERRUN' | 'LIQUIDATION';
export const RISK_STATES: readonly RiskState[] = ['NORMAL', 'WARNING', 'OVERRUN', 'LIQUIDATION'];

/**
 * Spec 3's margin `status` per risk state. 4 (liquidation) and 5 (overrun) are the spec's; 1 and 2
 * are this exchange's own numbers for the states no gate reads.
 */
export const MARGIN_STATUS: Readonly<Record<RiskState, number>> = { NORMAL: 1, WARNING: 2, LIQUIDATION: 4, OVERRUN: 5 };

/** Spec 3 "Account info" on the wire: amounts as decimal strings. */
export interface MarginAccountInfoWire {
  symbol: string;
  maxBuyAmt: string;
  maxSellQty: string;
  buyTotalAvailable: string;
  sellTotalAvailable: string;
  baseBorrowSize: string;
  quoteBorrowSize: string;
  status: number;
  riskState: RiskState;
  /** The account's spot margin switch and leverage, and its margin mode (spec 4.5, 5.1). */
  spotMarginMode: '0' | '1';
  leverage: string;
  marginMode: MarginMode;
}

/** One liability of the list (spec 7.2). */
export interface LiabilityWire {
  coin: string;
  /** Principal outstanding. */
  borrowSize: string;
  /** Interest accrued and unpaid. */
  interest: string;
  hourlyBorrowRate: string;
  updatedTime: number;
}

/** Bybit's GET /v5/order/spot-borrow-check (category=spot, symbol, side): how much a margin order may trade. */
export const SPOT_BORROW_CHECK_PATH = '/v5/order/spot-borrow-check';

export interface SpotBorrowCheckWire {
  symbol: string;
  side: 'Buy' | 'Sell';
  /** Base coin the account may trade: its balance plus what it may borrow (margin on, a margin pair), else its balance. */
  maxTradeQty: string;
  /** The same in quote coin. */
  maxTradeAmount: string;
  /** Base coin the balance alone may trade, whatever the margin switch says. */
  spotMaxTradeQty: string;
  /** The same in quote coin. */
  spotMaxTradeAmount: string;
  /** The coin such an order borrows: the quote on a buy, the base on a sell. */
  borrowCoin: string;
}
