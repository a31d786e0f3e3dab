import type { IncomingMessage } from 'node:http';
import type { Db } from '../accounts/db.ts';
import { hasApiKeyHeaders, verifyApiKeyRequest, type KeyLookup } from './api-key.ts';
import { ApiError, ERR } from './errors.ts';
import { isSameOrigin } from './same-origin.ts';
import { sessionUserId } from './session.ts';

export function keyLookupFor(db: Db): KeyLookup {
  const stmt = db.prepare('SELECT secret, user_id FROM api_keys WHERE api_key = ?');
  return (apiKey) => {
    const row = stmt.get(apiKey) as { secret: string; user_id: number } | undefined;
    return row ? { secret: row.secret, userId: row.user_id } : undefined;
  };
}

export type AuthMethod = 'apiKey' | 'session';

/**
 * Who sent a private request: the API key when Bybit headers are present (signed over `payload`),
 * else the page's session cookie — which, for state-changing calls, must also pass the CSRF check.
 */
export function authenticate(req: IncomingMessage, payload: string, db: Db, lookup: KeyLookup, stateChanging: boolean): { userId: number; method: AuthMethod } {
  if (hasApiKeyHeaders(req)) return { userId: verifyApiKeyRequest(req, payload, lookup), method: 'apiKey' };
  const userId = sessionUserId(db, req);
  if (userId === undefined) throw new ApiError(ERR.INVALID_KEY, 'Not logged in: no API key and no session.', 401);
  if (stateChanging && !isSameOrigin(req)) throw new ApiError(ERR.PERMISSION, 'Cross-origin request refused.', 403);
  return { userId, method: 'session' };
}
