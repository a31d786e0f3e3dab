// Where the page's API lives right now (spec 2.16): '' is the page's own origin; the route picker
// (state/net-route.ts, loaded later) moves it to another route origin, and the REST client and
// both sockets follow without a reload. Kept tiny: it is part of the first load.

export interface ApiBase {
  /** The route's name ('main' = the page's own origin). */
  route: string;
  /** http(s)://host:port of the route, or '' for the page's own origin. */
  http: string;
}

type Listener = (base: ApiBase) => void;

let current: ApiBase = { route: 'main', http: '' };
const listeners = new Set<Listener>();
let failover: ((failed: ApiBase) => Promise<boolean>) | null = null;

export function apiBase(): ApiBase {
  return current;
}

/** Moves the page's API to another route; listeners (the sockets) reconnect there. */
export function setApiBase(next: ApiBase): void {
  if (next.http === current.http && next.route === current.route) return;
  current = next;
  for (const fn of listeners) fn(next);
}

export function onApiBase(fn: Listener): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

/** The WebSocket origin (ws(s)://host:port) of the current route. */
export function wsOrigin(loc: { protocol: string; host: string } = globalThis.location): string {
  const origin = current.http || `${loc.protocol}//${loc.host}`;
  return origin.replace(/^http/, 'ws');
}

/** Installed by the route picker's Auto mode: moves off a route that failed; true when it moved. */
export function setFailover(fn: ((failed: ApiBase) => Promise<boolean>) | null): void {
  failover = fn;
}

export function requestFailover(failed: ApiBase): Promise<boolean> {
  return failover ? failover(failed) : Promise.resolve(false);
}
