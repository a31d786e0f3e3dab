import { fetchComplianceConfig } from '../../api/compliance.ts';
import { withRetry } from '../../api/retry.ts';
import type { ComplianceConfig } from '../../core/liquidity-shield.ts';

/** GET /api/spot/compliance-config, retrying what waiting can fix (state/compliance.ts loads this lazily). */
export function fetchWithRetry(): Promise<ComplianceConfig> {
  return withRetry(() => fetchComplianceConfig());
}
