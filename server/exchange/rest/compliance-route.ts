import type { FastifyInstance } from 'fastify';
import { sendJson } from '../../http/reply.ts';
import { faultScopeOf } from '../faults/scope.ts';
import { COMPLIANCE_CONFIG_PATH, DEFAULT_COMPLIANCE_CONFIG, type ComplianceConfig } from '../../../src/protocol/compliance.ts';

/**
 * Overrides of the compliance config set by /faults/compliance, keyed by fault scope ('' for
 * every client): a test hides a feature for its own browser context only.
 */
export const complianceOverrides = new Map<string, Partial<ComplianceConfig>>();

/** The config a request of this scope gets: the defaults, then the all-clients override, then its scope's. */
export function complianceFor(scope: string | undefined): ComplianceConfig {
  return { ...DEFAULT_COMPLIANCE_CONFIG, ...complianceOverrides.get(''), ...(scope !== undefined ? complianceOverrides.get(scope) : undefined) };
}

/** GET /api/spot/compliance-config (spec 6): which features compliance lets this page show. */
export function installComplianceRoute(app: FastifyInstance): void {
  app.get(COMPLIANCE_CONFIG_PATH, { config: { api: 'page', ipLimit: true } }, (request, res) => {
    sendJson(res, 200, { success: true, code: 0, result: complianceFor(faultScopeOf(request.headers.cookie)) });
  });
}
