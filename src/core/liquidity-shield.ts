// Spec 2.8 / 6: the liquidity-shield link and the compliance flags that gate it.

/** Where the liquidity-shield promotion lives; it opens in a new tab. */
export const LIQUIDITY_SHIELD_PATH = '/liquidity-shield-trading-frenzy/';

import type { ComplianceConfig } from '../protocol/compliance.ts';

export type { ComplianceConfig };

/** All three conditions of spec 2.8: compliance allows it, the symbol is covered, the user is not on demo. */
export function showsLiquidityShield(config: ComplianceConfig, symbolId: string | null | undefined, isDemoAccount: boolean): boolean {
  if (!config.liquidityShield || isDemoAccount || !symbolId) return false;
  return config.slippageCompensationSymbols.includes(symbolId);
}
