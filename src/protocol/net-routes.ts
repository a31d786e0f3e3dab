// The route list (spec 2.16, 7.6): which API domains the page may use, shared by the exchange that
// lists them and the page that probes and picks one.

/** GET: the route list, in the page API's envelope. */
export const NET_ROUTES_PATH = '/api/net/routes';
/** GET {api-domain}/t1: the latency probe every route answers. */
export const PROBE_PATH = '/t1';
/** The page's own origin as a route. */
export const MAIN_ROUTE = 'main';

/** One route: its name and its port on the page's own hostname (null: the page's own origin). */
export interface NetRoute {
  name: string;
  port: number | null;
}

export interface NetRoutes {
  routes: NetRoute[];
  /** The alternative origin of accelerated paths (spec 4.17), if the exchange has one. */
  cdnPort: number | null;
}

const NAME = /^[a-z0-9][a-z0-9.-]{0,39}$/;
const isPort = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v > 0 && v < 65536;

/** Reads the route list's result; drops entries that are not well formed. */
export function decodeNetRoutes(result: unknown): NetRoutes {
  const r = (typeof result === 'object' && result !== null ? result : {}) as Record<string, unknown>;
  const routes: NetRoute[] = [];
  for (const item of Array.isArray(r.routes) ? r.routes : []) {
    const o = (typeof item === 'object' && item !== null ? item : {}) as Record<string, unknown>;
    if (typeof o.name !== 'string' || !NAME.test(o.name)) continue;
    if (o.port !== null && !isPort(o.port)) continue;
    if (routes.some((x) => x.name === o.name)) continue;
    routes.push({ name: o.name, port: o.port });
  }
  if (!routes.some((x) => x.name === MAIN_ROUTE)) routes.unshift({ name: MAIN_ROUTE, port: null });
  return { routes, cdnPort: isPort(r.cdnPort) ? r.cdnPort : null };
}
