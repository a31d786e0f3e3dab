// Spec 5.10 and 5.11: the leveraged-token subscription and redemption checks, in the spec's order;
// the first that fails names its message (spec 8's leveraged-token keys, under lt.sub / lt.red).
// Amounts are exact decimals (fixed point); the min/max comparisons follow the messages' wording:
// "the maximum is X" lets X through, "the minimum is X" lets X through.
import { fx } from './decimal.ts';

export interface LtRules {
  /** The token's status (kline info `st`, Bybit's ltStatus): 1 both, 2 purchase only, 3 redemption only, 4 neither, 5 position change. */
  st: number;
  nav: string;
  riskState: number;
  /** The closing-position feature switch (riskSwitchStatus 1 = on). */
  riskSwitchStatus: number;
  minPurchase: string;
  maxPurchase: string;
  minRedeem: string;
  maxRedeem: string;
}

export type LtCheck =
  | { ok: true; warning?: { key: string } }
  | { ok: false; key: string; params?: Record<string, string> };

const ZERO = 0n;
const num = (s: string): bigint | null => (s.trim() === '' ? null : fx(s.trim()));

/** Spec 5.10: subscribing `amount` of the quote coin with `available` of it. */
export function checkSubscription(amount: string, available: string, rules: LtRules, quote: string): LtCheck {
  const a = num(amount);
  if (a === null || a <= ZERO) return { ok: false, key: 'lt.sub.failedInputAmount' };
  if (a > (num(available) ?? ZERO)) return { ok: false, key: 'lt.sub.quoteNotEnough', params: { quote } };
  if (rules.st === 3 || rules.st === 4) return { ok: false, key: 'lt.sub.failedClosed' };
  if (rules.st === 5) return { ok: false, key: 'lt.sub.failedChangePosition' };
  if (rules.riskState === 4 && rules.riskSwitchStatus === 1) return { ok: false, key: 'lt.sub.failedClosePosition' };
  if ((num(rules.nav) ?? ZERO) === ZERO) return { ok: false, key: 'lt.sub.failedInvalidValue' };
  const warning = rules.riskState === 5 ? { key: 'lt.sub.failedWearPosition' } : undefined;
  if (a > (num(rules.maxPurchase) ?? ZERO)) return { ok: false, key: 'lt.sub.maxAmount', params: { max: rules.maxPurchase, quote } };
  if (a < (num(rules.minPurchase) ?? ZERO)) return { ok: false, key: 'lt.sub.minAmount', params: { min: rules.minPurchase, quote } };
  return warning ? { ok: true, warning } : { ok: true };
}

/** Spec 5.11: redeeming `quantity` of the token (`base`) with `available` of it. */
export function checkRedemption(quantity: string, available: string, rules: LtRules, base: string): LtCheck {
  const q = num(quantity);
  if (q === null || q <= ZERO) return { ok: false, key: 'lt.red.failedInputQuantity' };
  if (q > (num(available) ?? ZERO)) return { ok: false, key: 'lt.red.amountNotEnough', params: { base } };
  if (rules.st === 2 || rules.st === 4) return { ok: false, key: 'lt.red.failedClosed' };
  if (rules.st === 5) return { ok: false, key: 'lt.red.failedChangePosition' };
  if (rules.riskState === 4) return { ok: false, key: 'lt.red.failedWearPosition' };
  if ((num(rules.nav) ?? ZERO) === ZERO) return { ok: false, key: 'lt.red.failedNetWorth' };
  if (q < (num(rules.minRedeem) ?? ZERO)) return { ok: false, key: 'lt.red.minQuantity', params: { min: rules.minRedeem, base } };
  if (q > (num(rules.maxRedeem) ?? ZERO)) return { ok: false, key: 'lt.red.maxQuantity', params: { max: rules.maxRedeem, base } };
  return { ok: true };
}
