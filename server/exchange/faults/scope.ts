/**
 * The cookie that scopes a fault to one browser context: a test sets it in its own context and
 * names it in a fault control (`/faults/rest`, `/faults/pause` with `scope`), so tests running side
 * by side never take each other's faults. Browsers send it on requests and socket handshakes alike.
 */
export const FAULT_SCOPE_COOKIE = 'fault_scope';

/** The fault scope named by a Cookie header, if any. */
export function faultScopeOf(cookieHeader: string | undefined): string | undefined {
  if (!cookieHeader) return undefined;
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === FAULT_SCOPE_COOKIE) return part.slice(eq + 1).trim() || undefined;
  }
  return undefined;
}
