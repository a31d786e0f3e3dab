import type { Duplex } from 'node:stream';
import type { AppContext, Installer } from '../app.ts';
import type { ServerConfig } from '../config.ts';
import { faultRoute } from '../http/fault-api.ts';
import { faultScopeOf } from '../exchange/faults/scope.ts';
import { pageBody, sendJson } from '../http/reply.ts';
import { MAIN_ROUTE, NET_ROUTES_PATH, PROBE_PATH, type NetRoutes } from '../../src/protocol/net-routes.ts';
import type { Db } from '../accounts/db.ts';
import { installAccel } from './accel.ts';
import { installQuality } from './quality.ts';
import { RouteEdge, VIA_ROUTE_HEADER, type EdgeTarget } from './route-edge.ts';
import { delayOf, isLost, isPerfect, PERFECT_LINK, RouteLinks, type LinkQuality } from './route-links.ts';
import { CDN_ROUTE, type RouteSpec } from './route-spec.ts';

/** Paths of the page's API on the main origin that a main-route fault affects (never the page's files). */
const API_PATH = /^\/(t1|v5\/|api\/|spot\/api\/)/;

const sleep = (ms: number) => (ms > 0 ? new Promise<void>((r) => setTimeout(r, ms)) : Promise.resolve());

/**
 * The exchange's route origins (spec 2.16, 7.6): the main origin plus one edge per --routes entry
 * and the CDN edge, their link qualities, the route list the page reads, the probe on the main
 * origin, and /faults/route. Started before the exchange (the page's CSP names the edges' ports).
 */
export class RouteSet {
  readonly links = new RouteLinks();
  readonly edges: RouteEdge[] = [];
  cdn: RouteEdge | null = null;
  /** The accounts database, once open: the quality collector writes there. */
  db: Db | null = null;
  private target: EdgeTarget | null = null;

  static async start(config: Pick<ServerConfig, 'host'>, specs: readonly RouteSpec[], opts: { cdn?: boolean; random?: () => number } = {}): Promise<RouteSet> {
    const set = new RouteSet();
    set.links.define(MAIN_ROUTE, PERFECT_LINK);
    const all = [...specs, ...(opts.cdn === false || specs.length === 0 ? [] : [{ name: CDN_ROUTE, port: 0, latencyMs: 0, jitterMs: 0, loss: 0 }])];
    try {
      for (const spec of all) {
        set.links.define(spec.name, spec);
        const edge = new RouteEdge({ name: spec.name, host: config.host, port: spec.port, links: set.links, target: () => set.target, random: opts.random });
        await edge.listen();
        if (spec.name === CDN_ROUTE) set.cdn = edge;
        else set.edges.push(edge);
      }
    } catch (err) {
      await set.close();
      throw err;
    }
    return set;
  }

  /** The ports the page may connect to besides its own (for the CSP's connect-src). */
  ports(): number[] {
    return [...this.edges, ...(this.cdn ? [this.cdn] : [])].map((e) => e.port);
  }

  /** Where the edges forward: the exchange, once it listens. */
  setTarget(url: string): void {
    const u = new URL(url);
    const host = u.hostname.replace(/^\[|\]$/g, '');
    this.target = { host: host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host, port: Number(u.port) };
  }

  list(): NetRoutes {
    return { routes: [{ name: MAIN_ROUTE, port: null }, ...this.edges.map((e) => ({ name: e.name, port: e.port }))], cdnPort: this.cdn?.port ?? null };
  }

  async close(): Promise<void> {
    for (const e of [...this.edges, ...(this.cdn ? [this.cdn] : [])]) await e.close();
  }

  readonly install: Installer = (ctx) => installRouteSet(ctx, this);
}

function installRouteSet(ctx: AppContext, set: RouteSet): void {
  const { links } = set;
  ctx.router.get(NET_ROUTES_PATH, { config: { api: 'page' } }, (_request, reply) => sendJson(reply, 200, pageBody(0, 'success', set.list())));
  ctx.router.get(PROBE_PATH, { config: { api: 'page' } }, (_request, reply) => sendJson(reply, 200, { retCode: 0, retMsg: 'OK', result: { route: MAIN_ROUTE }, time: Date.now() }));

  // The main origin's own link quality (for a test's scope): its API paths only, never its files.
  ctx.intercept(async (request, reply) => {
    if (!API_PATH.test(request.url) || request.headers[VIA_ROUTE_HEADER] !== undefined) return false;
    const q = links.qualityFor(MAIN_ROUTE, request.headers.cookie);
    if (isPerfect(q)) return false;
    if (isLost(q, Math.random)) {
      reply.hijack();
      request.raw.socket.destroy();
      return true;
    }
    await sleep(delayOf(q, Math.random));
    return false;
  });

  // Its sockets too: a dead main route refuses handshakes and cuts the open ones of its scope.
  const open = new Set<{ scope: string | undefined; socket: Duplex }>();
  links.onCut((route, scope) => {
    if (route !== MAIN_ROUTE) return;
    for (const s of open) if (scope === undefined || s.scope === scope) s.socket.destroy();
  });
  for (const [path, handler] of ctx.upgrades) {
    ctx.upgrades.set(path, (req, socket, head) => {
      if (req.headers[VIA_ROUTE_HEADER] !== undefined) return handler(req, socket, head);
      const q = links.qualityFor(MAIN_ROUTE, req.headers.cookie);
      if (isLost(q, Math.random)) return void socket.destroy();
      const entry = { scope: faultScopeOf(req.headers.cookie), socket };
      open.add(entry);
      socket.once('close', () => open.delete(entry));
      const wait = delayOf(q, Math.random);
      if (wait === 0) handler(req, socket, head);
      else setTimeout(() => !socket.destroyed && handler(req, socket, head), wait);
    });
  }
  ctx.onClose(() => set.close());
  installAccel(ctx, () => set.cdn?.port ?? null);
  installQuality(ctx, () => set.db);

  if (!ctx.config.faults) return;
  faultRoute(
    ctx,
    'route',
    (b) => {
      const scope = typeof b.scope === 'string' && b.scope !== '' ? b.scope : undefined;
      if (b.reset === true) return void links.clear(scope);
      const name = typeof b.name === 'string' ? b.name : '';
      if (!links.has(name)) throw new Error(`unknown route: ${name}`);
      const q: Partial<LinkQuality> = {};
      for (const k of ['latencyMs', 'jitterMs', 'loss'] as const) if (typeof b[k] === 'number') q[k] = b[k];
      if (typeof b.dead === 'boolean') q.dead = b.dead;
      return { quality: links.set(name, q, scope) };
    },
  );
}
