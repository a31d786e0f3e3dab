// The route picker's state (spec 2.16, 4.2): the routes, their recent probes, the pick (Auto or
// one route, kept in local storage) and the route in use. Auto probes every route every few
// seconds while the page is shown and moves when the route in use fails or falls well behind;
// the REST client and both sockets follow (net/api-base.ts). Loaded with the footer's picker.
import {
  addSample, apiBase, chooseAuto, fetchNetRoutes, MAIN_ROUTE, PROBE_EVERY_MS, probeRoute, routeOrigin, setApiBase, setFailover,
  type ApiBase, type NetRoute, type Sample,
} from '../api/net-routes.ts';
import { signal } from './signals.ts';
import { readStored, writeStored, isString, STORAGE_KEYS } from './storage.ts';

export const AUTO = 'auto';

export const netRoutes = signal<readonly NetRoute[]>([]);
export const routeSamples = signal<ReadonlyMap<string, readonly Sample[]>>(new Map());
/** 'auto' or a route's name. */
export const routePick = signal<string>(readStored(STORAGE_KEYS.netRoute, isString) ?? AUTO);
export const routeInUse = signal<string>(apiBase().route);

let stopper: (() => void) | null = null;
let probing: Promise<void> | null = null;

function use(name: string): void {
  const route = netRoutes.peek().find((r) => r.name === name);
  if (!route) return;
  setApiBase({ route: route.name, http: routeOrigin(route) });
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

/** Auto's answer to a request its route dropped: probe now, move if there is better; true when moved. */
async function failover(failed: ApiBase): Promise<boolean> {
  if (routePick.peek() !== AUTO) return false;
  const next = new Map(routeSamples.peek());
  next.set(failed.route, addSample(next.get(failed.route) ?? [], { ms: 15_000, ok: false }));
  routeSamples.value = next;
  // A round already under way may have started before the route failed: wait for it, then probe afresh.
  await probing;
  await probeAll();
  decide();
  return apiBase().route !== failed.route;
}

/** The user's pick: Auto or one route, kept locally; a route is used at once. */
export function pickRoute(name: string): void {
  routePick.value = name;
  writeStored(STORAGE_KEYS.netRoute, name);
  decide();
}

/** Starts (once) reading the routes and probing them; returns the stop. */
export function startNetRoutes(): () => void {
  if (stopper) return stopper;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;
  const cycle = async () => {
    timer = null;
    if (stopped) return;
    if (netRoutes.peek().length === 0) {
      try {
        netRoutes.value = (await fetchNetRoutes()).routes;
        if (!netRoutes.peek().some((r) => r.name === routePick.peek())) routePick.value = AUTO;
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
  setFailover(failover);
  void cycle();
  stopper = () => {
    stopped = true;
    if (timer !== null) clearTimeout(timer);
    setFailover(null);
    stopper = null;
  };
  return stopper;
}

export { MAIN_ROUTE };
