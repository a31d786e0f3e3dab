import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';

/** Where a browser posts CSP violation reports (only with --faults: tests read them back). */
export const CSP_REPORT_PATH = '/faults/csp-report';

type RouteSources = (req: IncomingMessage) => string;

/**
 * The route origins (server/net/): the page's own hostname on each route port, over HTTP and
 * WebSocket, named for the hostname this request came by (127.0.0.1 and localhost alike).
 */
function routeSources(ports: readonly number[]): RouteSources {
  return (req) => {
    const host = req.headers.host ?? '127.0.0.1';
    const name = host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.replace(/:\d+$/, '');
    if (!/^[\w.-]+$|^\[[0-9a-fA-F:.]+\]$/.test(name)) return '';
    return ports.flatMap((p) => [`http://${name}:${p}`, `ws://${name}:${p}`]).join(' ');
  };
}

/**
 * The page's Content-Security-Policy. connect-src is this origin ('self' also covers its own ws:
 * and wss: sockets) plus exactly the origin of the operator's --feed, nothing else. Scripts are
 * files of this origin; WebAssembly compiles under 'wasm-unsafe-eval'; workers are our own files,
 * and blob: for PixiJS's helper workers; styles allow inline (React style attributes, the login
 * page); images and fonts may be data: URLs (and blob: for a chart snapshot).
 */
export function cspDirectives(opts: { feed?: string | undefined; reportUri?: string | undefined; routePorts?: number[] | undefined }): Record<string, Array<string | RouteSources>> {
  const connect: Array<string | RouteSources> = ["'self'"];
  if (opts.feed) connect.push(new URL(opts.feed).origin);
  if (opts.routePorts?.length) connect.push(routeSources(opts.routePorts));
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", "'wasm-unsafe-eval'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': connect,
    'worker-src': ["'self'", 'blob:'],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    ...(opts.reportUri ? { 'report-uri': [opts.reportUri] } : {}),
  };
}

/**
 * Security headers on every answer (@fastify/helmet): the CSP above, no framing, no sniffing,
 * same-origin referrers, cross-origin isolation (COOP same-origin + COEP require-corp, as the page
 * was built for), resources for this origin only. No HSTS: the local exchange speaks plain HTTP,
 * and TLS in front of it is the operator's to configure.
 */
export async function registerSecurity(app: FastifyInstance, opts: { feed?: string | undefined; faults?: boolean | undefined; routePorts?: number[] | undefined }): Promise<void> {
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives({ feed: opts.feed, reportUri: opts.faults ? CSP_REPORT_PATH : undefined, routePorts: opts.routePorts }) },
    crossOriginEmbedderPolicy: { policy: 'require-corp' },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    referrerPolicy: { policy: 'same-origin' },
    frameguard: { action: 'deny' },
    hsts: false,
  });
}
