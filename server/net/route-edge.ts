import { PROBE_PATH } from '../../src/protocol/net-routes.ts';
import http, { type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import net from 'node:net';
import type { Duplex } from 'node:stream';
import { faultScopeOf } from '../exchange/faults/scope.ts';
import { delayOf, isLost, type RouteLinks } from './route-links.ts';

/** Where the edge forwards to: the main exchange's port, known once it listens. */
export interface EdgeTarget {
  host: string;
  port: number;
}

export interface EdgeOptions {
  name: string;
  host: string;
  port: number;
  links: RouteLinks;
  target: () => EdgeTarget | null;
  random?: () => number;
}



/** Set on every request an edge forwards (a client's own value is overwritten). */
export const VIA_ROUTE_HEADER = 'x-spot-route';

const sleep = (ms: number) => (ms > 0 ? new Promise<void>((r) => setTimeout(r, ms)) : Promise.resolve());

function hostnameOf(hostHeader: string | undefined): string {
  if (!hostHeader) return '';
  if (hostHeader.startsWith('[')) return hostHeader.slice(0, hostHeader.indexOf(']') + 1);
  const colon = hostHeader.lastIndexOf(':');
  return colon < 0 ? hostHeader : hostHeader.slice(0, colon);
}

/**
 * The page's own origin: same scheme-less hostname as this edge was reached by, on the main
 * exchange's port. Only it gets CORS answers, as a real API domain allows only its web origin.
 */
export function pageOriginAllowed(origin: string | undefined, hostHeader: string | undefined, mainPort: number): boolean {
  if (!origin || origin === 'null') return false;
  try {
    const u = new URL(origin);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname === hostnameOf(hostHeader).replace(/^\[|\]$/g, '') && Number(u.port || 80) === mainPort;
  } catch {
    return false;
  }
}

/** CORS and Timing-Allow-Origin for the page's origin, as a deployment's API domains answer it. */
export function corsHeaders(origin: string): Record<string, string> {
  return {
    'access-control-allow-origin': origin,
    'access-control-allow-credentials': 'true',
    'timing-allow-origin': origin,
    'cross-origin-resource-policy': 'same-site',
    vary: 'Origin',
  };
}

const PREFLIGHT_HEADERS = {
  'access-control-allow-methods': 'GET, POST, OPTIONS',
  'access-control-allow-headers': 'content-type, x-requested-with, hatsid',
  'access-control-max-age': '600',
};

/** Headers for the hop to the exchange: the page's origin is vouched for, so it looks same-origin there. */
function forwardHeaders(headers: IncomingHttpHeaders, allowed: boolean, target: EdgeTarget, route: string): IncomingHttpHeaders {
  // The exchange applies the main route's faults only to requests that did not come through an edge.
  const out = { ...headers, [VIA_ROUTE_HEADER]: route };
  if (allowed) {
    out.host = `${hostnameOf(headers.host) || target.host}:${target.port}`;
    if (out['sec-fetch-site'] !== undefined) out['sec-fetch-site'] = 'same-origin';
  }
  return out;
}

/**
 * One route origin ("API domain") of the local exchange: its own port, forwarding every request
 * and WebSocket to the exchange with the route's added latency, jitter and loss, answering the
 * latency probe itself, and CORS for the page's origin.
 */
export class RouteEdge {
  readonly name: string;
  private readonly server: http.Server;
  private readonly random: () => number;
  private readonly sockets = new Set<{ scope: string | undefined; a: Duplex; b?: Duplex }>();
  port = 0;

  constructor(private readonly opts: EdgeOptions) {
    this.name = opts.name;
    this.random = opts.random ?? Math.random;
    this.server = http.createServer((req, res) => void this.onRequest(req, res));
    this.server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => void this.onUpgrade(req, socket, head));
    this.server.on('clientError', (_err, socket) => socket.destroy());
    opts.links.onCut((route, scope) => {
      if (route !== this.name) return;
      for (const s of this.sockets) {
        if (scope !== undefined && s.scope !== scope) continue;
        s.a.destroy();
        s.b?.destroy();
        this.sockets.delete(s);
      }
    });
  }

  async listen(): Promise<number> {
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(this.opts.port, this.opts.host, () => resolve());
    });
    const addr = this.server.address();
    this.port = typeof addr === 'object' && addr ? addr.port : this.opts.port;
    return this.port;
  }

  close(): Promise<void> {
    for (const s of this.sockets) {
      s.a.destroy();
      s.b?.destroy();
    }
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private async onRequest(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const q = this.opts.links.qualityFor(this.name, req.headers.cookie);
    if (isLost(q, this.random)) return void req.socket.destroy();
    await sleep(delayOf(q, this.random));
    const target = this.opts.target();
    if (!target) return void res.writeHead(503, { 'content-type': 'text/plain' }).end('starting');
    const origin = req.headers.origin;
    const allowed = pageOriginAllowed(origin, req.headers.host, target.port);
    const cors = allowed && origin ? corsHeaders(origin) : {};
    if (req.method === 'OPTIONS') return void res.writeHead(allowed ? 204 : 403, { ...cors, ...(allowed ? PREFLIGHT_HEADERS : {}) }).end();
    const path = req.url ?? '/';
    if (path === PROBE_PATH || path.startsWith(`${PROBE_PATH}?`)) {
      const body = JSON.stringify({ retCode: 0, retMsg: 'OK', result: { route: this.name }, time: Date.now() });
      return void res.writeHead(200, { ...cors, 'content-type': 'application/json', 'cache-control': 'no-store' }).end(body);
    }
    const up = http.request({ host: target.host, port: target.port, method: req.method, path, headers: forwardHeaders(req.headers, allowed, target, this.name) }, (upRes) => {
      const headers = { ...upRes.headers, ...cors };
      res.writeHead(upRes.statusCode ?? 502, headers);
      upRes.pipe(res);
    });
    up.on('error', () => {
      if (!res.headersSent) res.writeHead(502, { ...cors, 'content-type': 'text/plain' }).end('bad gateway');
      else res.destroy();
    });
    req.pipe(up);
  }

  private async onUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    socket.on('error', () => socket.destroy());
    const q = this.opts.links.qualityFor(this.name, req.headers.cookie);
    if (isLost(q, this.random)) return void socket.destroy();
    await sleep(delayOf(q, this.random));
    const target = this.opts.target();
    if (!target || socket.destroyed) return void socket.destroy();
    const allowed = pageOriginAllowed(req.headers.origin, req.headers.host, target.port);
    const headers = forwardHeaders(req.headers, allowed, target, this.name);
    const entry: { scope: string | undefined; a: Duplex; b?: Duplex } = { scope: faultScopeOf(req.headers.cookie), a: socket };
    this.sockets.add(entry);
    const up = net.connect(target.port, target.host, () => {
      let head0 = `${req.method ?? 'GET'} ${req.url ?? '/'} HTTP/1.1\r\n`;
      for (const [k, v] of Object.entries(headers)) {
        for (const one of Array.isArray(v) ? v : [v]) if (one !== undefined) head0 += `${k}: ${one}\r\n`;
      }
      up.write(`${head0}\r\n`);
      if (head.length > 0) up.write(head);
      socket.pipe(up);
      // The exchange's frames reach the client after the route's latency, in order.
      let releaseAt = 0;
      up.on('data', (chunk: Buffer) => {
        const extra = delayOf(this.opts.links.qualityFor(this.name, req.headers.cookie), this.random);
        releaseAt = Math.max(releaseAt, Date.now() + extra);
        const wait = releaseAt - Date.now();
        if (wait <= 0) socket.write(chunk);
        else setTimeout(() => socket.writable && socket.write(chunk), wait);
      });
    });
    entry.b = up;
    const done = () => {
      this.sockets.delete(entry);
      socket.destroy();
      up.destroy();
    };
    up.on('error', done);
    up.on('close', done);
    socket.on('close', done);
  }
}
