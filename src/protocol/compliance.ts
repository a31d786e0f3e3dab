// The compliance config the exchange serves to the page (spec 6 "Compliance config flags hide
// features"): GET /api/spot/compliance-config in the page envelope.

export const COMPLIANCE_CONFIG_PATH = '/api/spot/compliance-config';

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
};

const FLAGS = ['liquidityShield', 'ordersPanel', 'displayOptions', 'ocoCurrent', 'ocoHistory', 'rewardsHub'] as const;

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
