// The route list and the latency probe (spec 2.16, 7.6), for the route picker.
import { apiBase, setApiBase, type ApiBase } from '../net/api-base.ts';
import { PROBE_FAILED_MS, PROBE_TIMEOUT_MS, type Sample } from '../net/route-ranking.ts';
import { decodeNetRoutes, NET_ROUTES_PATH, PROBE_PATH, type NetRoute, type NetRoutes } from '../protocol/net-routes.ts';
import { isRecord, requestJson } from './http.ts';

export { apiBase, setApiBase, type ApiBase };
export { installRouteFetch } from '../net/route-fetch.ts';
export { setRetryDropped, type RequestOptions } from './http.ts';
export { chooseAuto, addSample, latencyTone, PROBE_EVERY_MS, PROBE_FAILED_MS, type LatencyTone, type Sample } from '../net/route-ranking.ts';
export { MAIN_ROUTE, type NetRoute } from '../protocol/net-routes.ts';

/** The routes the exchange offers (always with the page's own origin, 'main', first). */
export async function fetchNetRoutes(): Promise<NetRoutes> {
  const data = await requestJson(NET_ROUTES_PATH);
  return decodeNetRoutes(isRecord(data) ? data.result : undefined);
}

/** The route's origin on the page's own hostname ('' for the page's own origin). */
export function routeOrigin(route: NetRoute, loc: { protocol: string; hostname: string } = globalThis.location): string {
  return route.port === null ? '' : `${loc.protocol}//${loc.hostname}:${route.port}`;
}

/** One latency probe: GET {origin}/t1 within 3 s; a failure counts as 15,000 ms (spec 8). */
export async function probeRoute(origin: string, timeoutMs = PROBE_TIMEOUT_MS): Promise<Sample> {
  const t0 = performance.now();
  try {
    const res = await fetch(`${origin}${PROBE_PATH}`, {
      cache: 'no-store',
      credentials: origin ? 'include' : 'same-origin',
      signal: AbortSignal.timeout(timeoutMs),
    });
    await res.arrayBuffer();
    if (!res.ok) return { ms: PROBE_FAILED_MS, ok: false };
    return { ms: Math.max(0, Math.round(performance.now() - t0)), ok: true };
  } catch {
    return { ms: PROBE_FAILED_MS, ok: false };
  }
}
