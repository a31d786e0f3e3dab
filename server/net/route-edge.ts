import { PROBE_PATH } from '../../src/protocol/net-routes.ts';
import http, { type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import net from 'node:net';
import type { Duplex } from 'node:stream';
import { faultScopeOf } from '../exchange/faults/scope.ts';
import { answerClientError } from '../http/client-error.ts';
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
    // A refusal for now (429) says when to come back; the page reads it (src/api/http.ts).
    'access-control-expose-headers': 'retry-after',
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

/** Hop-by-hop headers (RFC 9110 7.6.1) end at the edge: the client's connection is the edge's own. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te', 'trailer']);

function endToEnd(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const out: IncomingHttpHeaders = {};
  for (const [k, v] of Object.entries(headers)) if (!HOP_BY_HOP.has(k)) out[k] = v;
  return out;
}

/** True once the exchange's answer to this hop has been read to its end. */
function upResEnded(up: http.ClientRequest): boolean {
  return (up as http.ClientRequest & { res?: IncomingMessage }).res?.complete === true;
}

/**
 * Largest request head an edge reads (Node's default is 16 KiB, the exchange's): more than the
 * exchange takes, so an oversize request line or header block reaches the exchange, whose 414 or
 * 431 the edge passes back. Past this the edge answers the same way itself.
 */
export const EDGE_MAX_HEADER_SIZE = 256 * 1024;

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
    this.server = http.createServer({ maxHeaderSize: EDGE_MAX_HEADER_SIZE }, (req, res) => void this.onRequest(req, res));
    this.server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => void this.onUpgrade(req, socket, head));
    this.server.on('clientError', answerClientError);
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
    this.forward(req, res, target, path, allowed, cors);
  }

  /**
   * Sends the request on to the exchange and its answer back, whatever it is: an early answer
   * (413 for a body over the limit, 414, 431) is passed through, and an error on the hop after the
   * answer came never turns it into a 502.
   */
  private forward(req: IncomingMessage, res: ServerResponse, target: EdgeTarget, path: string, allowed: boolean, cors: Record<string, string>): void {
    let answered = false;
    let up: http.ClientRequest;
    try {
      up = http.request({ host: target.host, port: target.port, method: req.method, path, headers: forwardHeaders(req.headers, allowed, target, this.name) }, (upRes) => {
        answered = true;
        res.writeHead(upRes.statusCode ?? 502, { ...endToEnd(upRes.headers), ...cors });
        upRes.pipe(res);
        upRes.on('error', () => res.destroy());
        upRes.on('end', () => {
          if (req.complete) return;
          // Answered before the body ended (413): the rest of the body goes nowhere. The client's
          // upload is read and dropped, so it reads the answer and keeps its connection; this hop
          // cannot carry another request (the exchange still expects that body), so it closes.
          req.unpipe(up);
          req.resume();
          up.destroy();
        });
      });
    } catch {
      // A request Node's client will not send as it is (a path it refuses): the edge answers itself.
      return void res.writeHead(400, { ...cors, 'content-type': 'text/plain' }).end('bad request');
    }
    up.on('error', () => {
      // What the client still sends has nowhere to go now: read and drop it, so it can read the answer.
      req.unpipe(up);
      req.resume();
      if (!answered) res.writeHead(502, { ...cors, 'content-type': 'text/plain' }).end('bad gateway');
      // An answer cut half-way must reach the client as a cut, not as a shorter body.
      else if (!upResEnded(up)) res.destroy();
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
