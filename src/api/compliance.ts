import { COMPLIANCE_CONFIG_PATH, decodeComplianceConfig, type ComplianceConfig } from '../protocol/compliance.ts';
import { requestJson } from './http.ts';
import { pageResult } from './page-envelope.ts';

/** GET /api/spot/compliance-config (page envelope). */
export async function fetchComplianceConfig(signal?: AbortSignal): Promise<ComplianceConfig> {
  return decodeComplianceConfig(pageResult(await requestJson(COMPLIANCE_CONFIG_PATH, { signal }), 'compliance config request'));
}
