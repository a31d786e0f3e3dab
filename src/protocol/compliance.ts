// The compliance config the exchange serves to the page (spec 6 "Compliance config flags hide
// features"): GET /api/spot/compliance-config in the page envelope.

import { DEFAULT_COMPLIANCE_CONFIG, type ComplianceConfig } from '../core/liquidity-shield.ts';

export const COMPLIANCE_CONFIG_PATH = '/api/spot/compliance-config';

export type { ComplianceConfig };

export { DEFAULT_COMPLIANCE_CONFIG };

const FLAGS = ['liquidityShield', 'ordersPanel', 'displayOptions', 'ocoCurrent', 'ocoHistory', 'rewardsHub', 'ltRecords', 'spotMargin'] as const;

/** Reads the served config; a field that is missing or of the wrong type keeps `base`'s value. */
export function decodeComplianceConfig(raw: unknown, base: ComplianceConfig = DEFAULT_COMPLIANCE_CONFIG): ComplianceConfig {
  if (typeof raw !== 'object' || raw === null) return base;
  const r = raw as Record<string, unknown>;
  const out: ComplianceConfig = { ...base };
  for (const k of FLAGS) if (typeof r[k] === 'boolean') out[k] = r[k];
  if (Array.isArray(r.slippageCompensationSymbols)) {
    out.slippageCompensationSymbols = r.slippageCompensationSymbols.filter((s): s is string => typeof s === 'string' && /^[A-Z0-9]{1,40}$/.test(s)).slice(0, 500);
  }
  return out;
}
