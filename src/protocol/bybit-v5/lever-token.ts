// Bybit v5 leveraged tokens (docs/v5/lt/*.mdx; shared/reference/next-features.md §2): the paths,
// the enums and the wire shapes the exchange encodes and the page decodes.
import { isObj } from './checks.ts';

export const LT_INFO_PATH = '/v5/spot-lever-token/info';
export const LT_REFERENCE_PATH = '/v5/spot-lever-token/reference';
export const LT_PURCHASE_PATH = '/v5/spot-lever-token/purchase';
export const LT_REDEEM_PATH = '/v5/spot-lever-token/redeem';

/** Public NAV push (Bybit's `lt.{symbol}`, docs/v5/websocket/public/etp-nav.mdx.dep), every 300 ms. */
export const ltNavTopic = (symbol: string) => `lt.${symbol}`;
export const LT_NAV_PUSH_MS = 300;

/**
 * ltStatus: 1 purchase and redemption, 2 purchase only, 3 redemption only, 4 neither, 5 adjusting
 * position (rebalancing). The page's kline info calls it `st` (spec 3, 5.10, 5.11).
 */
export const LT_STATUS = { OPEN: 1, PURCHASE_ONLY: 2, REDEEM_ONLY: 3, CLOSED: 4, REBALANCING: 5 } as const;
export type LtStatus = 1 | 2 | 3 | 4 | 5;
/** Risk states the page reacts to (spec 5.10, 5.11): 4 closing position (refused), 5 wear position (a warning). */
export const LT_RISK = { NORMAL: 0, CLOSING: 4, WEAR: 5 } as const;
// The orders (order-record, user.lt.order) are in lt-order.ts.

/** GET info: one token's rules. */
export interface LtInfoWire {
  ltCoin: string;
  ltName: string;
  maxPurchase: string;
  minPurchase: string;
  maxPurchaseDaily: string;
  maxRedeem: string;
  minRedeem: string;
  maxRedeemDaily: string;
  purchaseFeeRate: string;
  redeemFeeRate: string;
  ltStatus: string;
  fundFee: string;
  fundFeeTime: string;
  manageFeeRate: string;
  manageFeeTime: string;
  value: string;
  netValue: string;
  total: string;
}

/** GET reference, and the NAV push's data (the push adds symbol, time, basketPosition, basketLoan). */
export interface LtReferenceWire {
  ltCoin: string;
  nav: string;
  navTime: string;
  circulation: string;
  basket: string;
  leverage: string;
  /** Local extensions: the kline info of spec 3 (st, riskSwitchStatus, diffNvRate) and the risk state. */
  st: number;
  riskState: number;
  riskSwitchStatus: number;
  diffNvRate: string;
}

export interface LtNavPushData extends LtReferenceWire {
  symbol: string;
  time: number;
  basketPosition: string;
  basketLoan: string;
}

/** The page's view of a token's live state. */
export interface LtState {
  ltCoin: string;
  nav: string;
  navTime: number;
  circulation: string;
  basket: string;
  leverage: string;
  st: LtStatus;
  riskState: number;
  riskSwitchStatus: number;
  diffNvRate: string;
}

const str = (v: unknown): v is string => typeof v === 'string';

export function decodeLtState(d: unknown): LtState | null {
  if (!isObj(d) || !str(d.ltCoin) || !str(d.nav)) return null;
  const st = Number(d.st);
  return {
    ltCoin: d.ltCoin,
    nav: d.nav,
    navTime: Number(d.navTime ?? d.time) || 0,
    circulation: str(d.circulation) ? d.circulation : '0',
    basket: str(d.basket) ? d.basket : '0',
    leverage: str(d.leverage) ? d.leverage : '0',
    st: (st >= 1 && st <= 5 ? st : 1) as LtStatus,
    riskState: Number(d.riskState) || 0,
    riskSwitchStatus: Number(d.riskSwitchStatus) || 0,
    diffNvRate: str(d.diffNvRate) ? d.diffNvRate : '0',
  };
}

/** The spot symbol of a token (BTC3L → BTC3LUSDT); tokens trade against USDT only. */
export const ltSymbol = (ltCoin: string) => `${ltCoin}USDT`;
