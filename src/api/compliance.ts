import { COMPLIANCE_CONFIG_PATH, decodeComplianceConfig, type ComplianceConfig } from '../protocol/compliance.ts';
import { ApiError, isRecord, requestJson } from './http.ts';

/** GET /api/spot/compliance-config (page envelope). */
export async function fetchComplianceConfig(signal?: AbortSignal): Promise<ComplianceConfig> {
  const data = await requestJson(COMPLIANCE_CONFIG_PATH, { signal });
  if (!isRecord(data) || data.success !== true) {
    throw new ApiError(isRecord(data) && typeof data.message === 'string' ? data.message : 'compliance config request failed', 'parse', 200);
  }
  return decodeComplianceConfig(data.result);
}
