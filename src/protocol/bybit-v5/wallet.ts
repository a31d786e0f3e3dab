// One Bybit v5 wallet account object (REST /v5/account/wallet-balance list item and `wallet`
// push item): the wire type the exchange writes (server/private/wallet.ts) and the page's decoder.
import type { TokenBalance } from '../../core/order-types.ts';
import { isObj } from './checks.ts';
import { str } from './order.ts';
import type { AccountKind } from './topics.ts';

export interface WalletCoinWire {
  coin: string;
  equity: string;
  usdValue: string;
  walletBalance: string;
  free: string;
  locked: string;
  spotHedgingQty: string;
  borrowAmount: string;
  availableToWithdraw: string;
  availableToBorrow: string;
  accruedInterest: string;
  totalOrderIM: string;
  totalPositionIM: string;
  totalPositionMM: string;
  unrealisedPnl: string;
  cumRealisedPnl: string;
  bonus: string;
  collateralSwitch: boolean;
  marginCollateral: boolean;
  spotBorrow: string;
  /** Bybit's UTA free spot balance; the page prefers it when given (spec 3). */
  spotAvailableBalance?: string;
}

export interface WalletWire {
  accountIMRate: string;
  accountIMRateByMp: string;
  accountMMRate: string;
  accountMMRateByMp: string;
  totalEquity: string;
  totalWalletBalance: string;
  totalMarginBalance: string;
  totalAvailableBalance: string;
  totalPerpUPL: string;
  totalInitialMargin: string;
  totalInitialMarginByMp: string;
  totalMaintenanceMargin: string;
  totalMaintenanceMarginByMp: string;
  coin: WalletCoinWire[];
  accountLTV: string;
  accountType: string;
}

/** Balances of one wallet account object. For UTA, free is spotAvailableBalance when given (spec 3). */
export function decodeWallet(account: unknown, kind: AccountKind): TokenBalance[] {
  if (!isObj(account) || !Array.isArray(account.coin)) return [];
  const out: TokenBalance[] = [];
  for (const c of account.coin) {
    if (!isObj(c) || typeof c.coin !== 'string') continue;
    const free = (kind === 'uta' ? str(c.spotAvailableBalance) : '') || str(c.free) || str(c.availableToWithdraw) || '0';
    const borrowed = kind === 'uta' ? str(c.borrowAmount) : '';
    out.push({ tokenId: c.coin, free, locked: str(c.locked) || '0', total: str(c.walletBalance) || free, ...(borrowed ? { borrowed } : {}) });
  }
  return out;
}
