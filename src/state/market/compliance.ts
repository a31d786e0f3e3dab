import { DEFAULT_COMPLIANCE_CONFIG, showsLiquidityShield, type ComplianceConfig } from '../../core/liquidity-shield.ts';
import { activeSymbol } from './active-market.ts';
import { computed, signal } from '../signals.ts';
import { user, userKnown } from '../account/user.ts';

/**
 * The compliance flags the page honours, as the exchange serves them (spec 6). What compliance
 * may forbid waits for the answer: `complianceKnown` once it came, `complianceSettled` once it came
 * or retrying gave up (the defaults then stay). The request goes out with the page's second wave
 * (after the book's first rows; compliance-load.ts), so its code is off the first load.
 */
export const complianceConfig = signal<ComplianceConfig>(DEFAULT_COMPLIANCE_CONFIG);
export const complianceKnown = signal(false);
export const complianceSettled = signal(false);

let loading: Promise<void> | null = null;

/** Loads the config once; later calls share the first. */
export function loadCompliance(): Promise<void> {
  loading ??= import('./compliance-load.ts')
    .then((m) => m.fetchWithRetry())
    .then((c) => {
      complianceConfig.value = c;
      complianceKnown.value = true;
    })
    .catch((err: unknown) => {
      console.error('compliance config unavailable:', err);
    })
    .finally(() => {
      complianceSettled.value = true;
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
