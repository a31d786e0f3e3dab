// The route picker's state (spec 2.16, 4.2): the routes, their recent probes, the pick (Auto or
// one route, kept in local storage) and the route in use. Auto probes every route every few
// seconds while the page is shown and moves when the route in use fails or falls well behind;
// the REST client and both sockets follow (net/api-base.ts). Loaded with the footer's picker.
import {
  addSample, apiBase, chooseAuto, fetchNetRoutes, installRouteFetch, MAIN_ROUTE, PROBE_EVERY_MS, probeRoute, routeOrigin, setApiBase, setRetryDropped,
  type NetRoute, type RequestOptions, type Sample,
} from '../../api/net-routes.ts';
import { followFeedRoute } from './feed-route.ts';
import { signal } from '../signals.ts';
import { readStored, writeStored, isString } from '../storage.ts';

/** The network route picked in the footer (spec 2.16): "auto" or a route's name. */
const NET_ROUTE_KEY = 'spot.netRoute';

export const AUTO = 'auto';

export const netRoutes = signal<readonly NetRoute[]>([]);
export const routeSamples = signal<ReadonlyMap<string, readonly Sample[]>>(new Map());
/** 'auto' or a route's name. */
export const routePick = signal<string>(readStored(NET_ROUTE_KEY, isString) ?? AUTO);
export const routeInUse = signal<string>(apiBase().route);

let stopper: (() => void) | null = null;
let probing: Promise<void> | null = null;
let unwrapFetch: (() => void) | null = null;
let movedAt = 0;

/** Moves the REST client (a fetch wrapper while off the page's own origin) and both sockets (state/feed-route.ts) to the route. */
function use(name: string): void {
  const route = netRoutes.peek().find((r) => r.name === name);
  if (!route) return;
  // Already there: a manual pick is decided again every round, and must not reconnect the feed each time.
  if (route.name === routeInUse.peek() && route.name === apiBase().route) return;
  const http = routeOrigin(route);
  if (http && !unwrapFetch) unwrapFetch = installRouteFetch(window, () => apiBase().http);
  setApiBase({ route: route.name, http });
  if (!http && unwrapFetch) {
    unwrapFetch();
    unwrapFetch = null;
  }
  movedAt = Date.now();
  routeInUse.value = route.name;
}

/** Probes every route once (one round at a time) and records the samples. */
function probeAll(): Promise<void> {
  probing ??= (async () => {
    const routes = netRoutes.peek();
    const results = await Promise.all(routes.map((r) => probeRoute(routeOrigin(r))));
    const next = new Map(routeSamples.peek());
    routes.forEach((r, i) => next.set(r.name, addSample(next.get(r.name) ?? [], results[i]!)));
    routeSamples.value = next;
  })().finally(() => (probing = null));
  return probing;
}

function decide(): void {
  const pick = routePick.peek();
  if (pick !== AUTO) return use(pick);
  const next = chooseAuto(routeInUse.peek(), routeSamples.peek());
  if (next !== routeInUse.peek()) use(next);
}

/**
 * A request that may go again on another route after its route dropped it unanswered: a read of
 * our API, or an order carrying its client id (orderLinkId), which the exchange never accepts twice.
 */
function resendable(url: string, req: RequestOptions): boolean {
  if (url[0] !== '/' || req.signal?.aborted) return false;
  const body = req.body as Record<string, unknown> | null | undefined;
  return (req.method ?? 'GET') === 'GET' || (typeof body === 'object' && body !== null && typeof body.orderLinkId === 'string');
}

/**
 * Auto's answer to a request its route dropped unanswered: probe now and move if there is better;
 * true when the request may go again (on the route now in use).
 */
async function retryDropped(url: string, req: RequestOptions, startedAt: number): Promise<boolean> {
  if (routePick.peek() !== AUTO || !resendable(url, req)) return false;
  // Another failure moved us since this request left: it goes again on the new route.
  if (movedAt > startedAt) return true;
  const failed = routeInUse.peek();
  const next = new Map(routeSamples.peek());
  next.set(failed, addSample(next.get(failed) ?? [], { ms: 15_000, ok: false }));
  routeSamples.value = next;
  // A round already under way may have started before the route failed: wait for it, then probe afresh.
  await probing;
  await probeAll();
  decide();
  return routeInUse.peek() !== failed;
}

/** The user's pick: Auto or one route, kept locally; a route is used at once. */
export function pickRoute(name: string): void {
  routePick.value = name;
  writeStored(NET_ROUTE_KEY, name);
  decide();
}

/** Starts (once) reading the routes and probing them; returns the stop. */
export function startNetRoutes(): () => void {
  if (stopper) return stopper;
  followFeedRoute();
  let timer: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;
  const cycle = async () => {
    timer = null;
    if (stopped) return;
    if (netRoutes.peek().length === 0) {
      try {
        netRoutes.value = (await fetchNetRoutes()).routes;
        if (!netRoutes.peek().some((r) => r.name === routePick.peek())) routePick.value = AUTO;
        // A manual pick made before the list was known (kept from an earlier visit, or picked
        // meanwhile) applies as soon as its route is: before any probe, on a hidden page too.
        else if (routePick.peek() !== AUTO) use(routePick.peek());
      } catch {
        // The list comes next round.
      }
    }
    if (netRoutes.peek().length > 0 && document.visibilityState === 'visible') {
      await probeAll();
      decide();
    }
    if (!stopped) timer = setTimeout(() => void cycle(), PROBE_EVERY_MS);
  };
  setRetryDropped(retryDropped);
  void cycle();
  stopper = () => {
    stopped = true;
    if (timer !== null) clearTimeout(timer);
    setRetryDropped(null);
    stopper = null;
  };
  return stopper;
}

export { MAIN_ROUTE };
/** How the picker colours a route's latency. */
export { latencyTone, type LatencyTone, type Sample } from '../../api/net-routes.ts';
