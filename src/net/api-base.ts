// Where the page's API lives right now (spec 2.16): '' is the page's own origin; the route picker
// (state/net-route.ts) moves it to another route origin, and the REST client (net/route-fetch.ts)
// and both sockets follow without a reload. Only later-loaded code imports this.

export interface ApiBase {
  /** The route's name ('main' = the page's own origin). */
  route: string;
  /** http(s)://host:port of the route, or '' for the page's own origin. */
  http: string;
}

type Listener = (base: ApiBase) => void;

let current: ApiBase = { route: 'main', http: '' };
/** While acceleration is on: the config's socket origin (a wssLinks entry), which sockets use instead. */
let socketLink = '';
const listeners = new Set<Listener>();

export function apiBase(): ApiBase {
  return current;
}

/** Moves the page's API to another route; listeners (the sockets) reconnect there. */
export function setApiBase(next: ApiBase): void {
  if (next.http === current.http && next.route === current.route) return;
  current = next;
  for (const fn of listeners) fn(next);
}

/**
 * Sends the sockets through an accelerated origin (ws(s)://host:port, spec 4.17 wssLinks), or
 * back to the route's ('' ends it); listeners (the sockets) reconnect.
 */
export function setSocketLink(link: string): void {
  if (link === socketLink) return;
  socketLink = link;
  for (const fn of listeners) fn(current);
}

export function onApiBase(fn: Listener): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

/** The WebSocket origin (ws(s)://host:port) of the current route. */
export function wsOrigin(loc: { protocol: string; host: string } = globalThis.location): string {
  if (socketLink) return socketLink;
  const origin = current.http || `${loc.protocol}//${loc.host}`;
  return origin.replace(/^http/, 'ws');
}
