// Spec 3 "Unified asset" and 7.2 "Get unified asset", shared by the local exchange and the page:
// the unified account's coins as the order form needs them for one symbol and side, with and
// without spot margin. Bybit's web serves this itself; /v5/account/wallet-balance is its API twin.

/** GET with symbolName, side (Buy | Sell), isMargin (0 | 1) and an optional limitPrice. */
export const UNIFIED_ASSET_PATH = '/unified/spot/v5/asset/unified';

export interface UnifiedCoinWire {
  tokenId: string;
  /** Everything the wallet holds of the coin (borrowed coins included). */
  walletBalance: string;
  /** What spot orders may spend now without borrowing. */
  spotAvailableBalance: string;
  /**
   * What a spot-margin order may spend: spotAvailableBalance plus what the account may still borrow
   * of the coin (equal to spotAvailableBalance when isMargin is 0 or spot margin is off).
   */
  spotMarginAvailableBalance: string;
  /** Outstanding loan of the coin (principal). */
  borrowSize: string;
  /** USDT value of walletBalance at the last price. */
  occAssetUSDTValue: string;
}

export interface UnifiedAssetWire {
  symbolName: string;
  side: 'Buy' | 'Sell';
  isMargin: 0 | 1;
  coinList: UnifiedCoinWire[];
  /** Assets over equity ('1' without loans), two places. */
  actualLeverageRatio: string;
}

