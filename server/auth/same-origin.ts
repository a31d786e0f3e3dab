import type { IncomingMessage } from 'node:http';

/**
 * CSRF guard for state-changing requests authenticated by the session cookie.
 * Rule (documented in the accounts README section of the report):
 *  - `Sec-Fetch-Site: cross-site` or `same-site` → refused;
 *  - an `Origin` header is present → its host must equal the `Host` header;
 *  - no `Origin` header → the request must carry `X-Requested-With` (a custom header a cross-site
 *    page cannot send without a CORS preflight, which this server never grants).
 * SameSite=Lax on the cookie is a second layer, not the only one.
 */
export function isSameOrigin(req: IncomingMessage, opts: { allowCustomHeader: boolean } = { allowCustomHeader: true }): boolean {
  const site = req.headers['sec-fetch-site'];
  if (site === 'cross-site' || site === 'same-site') return false;
  const host = req.headers.host;
  const origin = req.headers.origin;
  if (origin !== undefined) {
    if (!host || origin === 'null') return false;
    try {
      return new URL(origin).host === host.toLowerCase();
    } catch {
      return false;
    }
  }
  return opts.allowCustomHeader && typeof req.headers['x-requested-with'] === 'string' && req.headers['x-requested-with'].length > 0;
}
