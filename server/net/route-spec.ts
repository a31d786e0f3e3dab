import { MAIN_ROUTE } from '../../src/protocol/net-routes.ts';

/** One route origin of the local exchange: a named "API domain" with its own port and link quality. */
export interface RouteSpec {
  name: string;
  /** 0 = any free port (the page learns it from /api/net/routes). */
  port: number;
  /** Added to every answer and socket handshake, plus up to ±jitterMs at random. */
  latencyMs: number;
  jitterMs: number;
  /** Share of requests (0..1) whose connection is dropped before anything is forwarded. */
  loss: number;
}

/** What a route name may be: it becomes part of URLs and the page shows it as is. */
export const ROUTE_NAME = /^[a-z0-9][a-z0-9.-]{0,39}$/;



/** The alternative origin of accelerated paths (spec 4.17, 7.6); never offered in the route picker. */
export const CDN_ROUTE = 'cdn';

/** Two extra routes when --routes is not given, so `npm start` and the browser tests have a choice. */
export const DEFAULT_ROUTES = 'edge-1,edge-2';

/**
 * Parses `--routes` (EXCHANGE_ROUTES): `none`, or comma-separated `name[:latencyMs[:jitterMs[:loss[:port]]]]`,
 * e.g. `edge-1,far:300:50:0.1` (300 ms ± 50, 10 % loss).
 */
export function parseRoutes(raw: string): RouteSpec[] {
  if (raw.trim() === 'none' || raw.trim() === '') return [];
  const seen = new Set<string>([MAIN_ROUTE, CDN_ROUTE]);
  return raw.split(',').map((part) => {
    const [name = '', ...nums] = part.trim().split(':');
    if (!ROUTE_NAME.test(name)) throw new Error(`bad --routes: route name ${JSON.stringify(name)} (a-z, 0-9, . and -)`);
    if (seen.has(name)) throw new Error(`bad --routes: ${name} is taken`);
    seen.add(name);
    const [latencyMs = 0, jitterMs = 0, loss = 0, port = 0] = nums.map(Number);
    if (![latencyMs, jitterMs, loss, port].every(Number.isFinite) || latencyMs < 0 || jitterMs < 0 || latencyMs > 60_000 || jitterMs > 60_000) {
      throw new Error(`bad --routes: ${part} (latency and jitter 0..60000 ms)`);
    }
    if (loss < 0 || loss > 1) throw new Error(`bad --routes: ${part} (loss 0..1)`);
    if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`bad --routes: ${part} (port)`);
    return { name, port, latencyMs, jitterMs, loss };
  });
}
