import { LOCAL_COMPLIANCE_CONFIG, showsLiquidityShield, type ComplianceConfig } from '../core/liquidity-shield.ts';
import { activeSymbol } from './active-market.ts';
import { computed, signal } from './signals.ts';
import { user, userKnown } from './user.ts';

/** The compliance flags the page honours; a compliance service would set this once it answers. */
export const complianceConfig = signal<ComplianceConfig>(LOCAL_COMPLIANCE_CONFIG);

/**
 * Whether the header shows the liquidity-shield link for the active symbol and the current user.
 * Waits for the user answer so a demo account never sees the link flash before it is known.
 */
export const liquidityShieldShown = computed(
  () => userKnown.value && showsLiquidityShield(complianceConfig.value, activeSymbol.value?.symbolId, user.value.isDemoAccount),
);

/** Overrides compliance flags for this tab (a compliance service, or a tester, would). */
export function setCompliance(partial: Partial<ComplianceConfig>): void {
  complianceConfig.value = { ...complianceConfig.peek(), ...partial };
}
