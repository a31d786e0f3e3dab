import { fetchComplianceConfig } from '../api/compliance.ts';
import { withRetry } from '../api/retry.ts';
import { showsLiquidityShield } from '../core/liquidity-shield.ts';
import { DEFAULT_COMPLIANCE_CONFIG, type ComplianceConfig } from '../protocol/compliance.ts';
import { activeSymbol } from './active-market.ts';
import { computed, signal } from './signals.ts';
import { user, userKnown } from './user.ts';

/**
 * The compliance flags the page honours, as the exchange serves them (spec 6). Until its answer
 * the trading parts (orders panel, display options, OCO) show as by default; what compliance may
 * forbid outright (the liquidity-shield link, the rewards hub) waits for `complianceKnown`.
 */
export const complianceConfig = signal<ComplianceConfig>(DEFAULT_COMPLIANCE_CONFIG);
export const complianceKnown = signal(false);

let loading: Promise<void> | null = null;

/** Loads the config once (retrying what waiting can fix); later calls share the first. */
export function loadCompliance(): Promise<void> {
  loading ??= withRetry(() => fetchComplianceConfig())
    .then((c) => {
      complianceConfig.value = c;
      complianceKnown.value = true;
    })
    .catch((err: unknown) => {
      // The defaults stay; what waits for an answer stays hidden.
      console.error('compliance config unavailable:', err);
    });
  return loading;
}

/**
 * Whether the header shows the liquidity-shield link for the active symbol and the current user.
 * Waits for the user and the compliance answers so nothing flashes before it is known.
 */
export const liquidityShieldShown = computed(
  () => userKnown.value && complianceKnown.value && showsLiquidityShield(complianceConfig.value, activeSymbol.value?.symbolId, user.value.isDemoAccount),
);
