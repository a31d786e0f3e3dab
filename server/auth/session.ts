import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Db } from '../accounts/db.ts';

export const SESSION_COOKIE = 'spot_sid';
export const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** Only a hash of the token is stored, so a leaked database copy cannot be replayed as cookies. */
function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function parseCookies(req: IncomingMessage): Map<string, string> {
  const out = new Map<string, string>();
  const raw = req.headers.cookie;
  if (!raw) return out;
  for (const part of raw.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (name && !out.has(name)) out.set(name, value);
  }
  return out;
}

export function createSession(db: Db, userId: number, now = Date.now()): string {
  const token = randomBytes(32).toString('base64url');
  db.prepare('INSERT INTO sessions (token_hash, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)').run(hashToken(token), userId, now, now + SESSION_TTL_MS);
  // Expired rows are swept here rather than by a timer: logins are rare and this keeps the table small.
  db.prepare('DELETE FROM sessions WHERE expires_at < ?').run(now);
  return token;
}

/** The user id of the request's session cookie, if it is a live session. */
export function sessionUserId(db: Db, req: IncomingMessage, now = Date.now()): number | undefined {
  const token = parseCookies(req).get(SESSION_COOKIE);
  if (!token || !/^[A-Za-z0-9_-]{20,100}$/.test(token)) return undefined;
  const row = db.prepare('SELECT user_id, expires_at FROM sessions WHERE token_hash = ?').get(hashToken(token)) as { user_id: number; expires_at: number } | undefined;
  if (!row || row.expires_at < now) return undefined;
  return row.user_id;
}

export function destroySession(db: Db, req: IncomingMessage): void {
  const token = parseCookies(req).get(SESSION_COOKIE);
  if (token) db.prepare('DELETE FROM sessions WHERE token_hash = ?').run(hashToken(token));
}

/** HttpOnly (no script reads it), SameSite=Lax (not sent on cross-site POSTs), Path=/ (whole origin). */
export function sessionCookie(token: string): string {
  return `${SESSION_COOKIE}=${token}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${Math.floor(SESSION_TTL_MS / 1000)}`;
}

export function clearedSessionCookie(): string {
  return `${SESSION_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0`;
}
