// Spec 2.8 / 6: the liquidity-shield link and the compliance flags that gate it.

/** Where the liquidity-shield promotion lives; it opens in a new tab. */
export const LIQUIDITY_SHIELD_PATH = '/liquidity-shield-trading-frenzy/';

/** The compliance config the exchange serves to the page (spec 6; src/protocol/compliance.ts reads it). */
export interface ComplianceConfig {
  /** Compliance allows showing the liquidity shield in this jurisdiction (spec 2.8). */
  liquidityShield: boolean;
  /** Symbols (e.g. 'BTCUSDT') covered by slippage compensation. */
  slippageCompensationSymbols: readonly string[];
  /** False where compliance replaces the orders panel with a short notice (spec 2.12). */
  ordersPanel: boolean;
  /** False where compliance hides the chart's display-options dropdown (spec 2.6). */
  displayOptions: boolean;
  /** False where compliance hides the OCO sub-tab of current orders (spec 2.12, 6). */
  ocoCurrent: boolean;
  /** False where compliance hides the OCO sub-tab of historical orders (spec 2.12, 6). */
  ocoHistory: boolean;
  /** The rewards-hub widget is allowed here (spec 2.16, 6). */
  rewardsHub: boolean;
  /** False where compliance hides the leveraged-token subscription/redemption records (spec 2.12, 6). */
  ltRecords: boolean;
  /** Spot margin trading is allowed here (spec 5.13: the spot-margin preference needs it). */
  spotMargin: boolean;
}

/** What the local exchange allows unless told otherwise (/faults/compliance). */
export const DEFAULT_COMPLIANCE_CONFIG: ComplianceConfig = {
  liquidityShield: true,
  slippageCompensationSymbols: ['BTCUSDT', 'ETHUSDT'],
  ordersPanel: true,
  displayOptions: true,
  ocoCurrent: true,
  ocoHistory: true,
  rewardsHub: true,
  ltRecords: true,
  spotMargin: true,
};

/** All three conditions of spec 2.8: compliance allows it, the symbol is covered, the user is not on demo. */
export function showsLiquidityShield(config: ComplianceConfig, symbolId: string | null | undefined, isDemoAccount: boolean): boolean {
  if (!config.liquidityShield || isDemoAccount || !symbolId) return false;
  return config.slippageCompensationSymbols.includes(symbolId);
}
