import type { IncomingMessage, Server } from 'node:http';
import { randomBytes } from 'node:crypto';
import type { Duplex } from 'node:stream';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import type { ServerConfig } from './config.ts';
import { answerClientError } from './http/client-error.ts';
import { formatSchemaErrors, handleError } from './http/errors.ts';
import { RateLimits } from './http/rate-limits.ts';
import { bybitBody, sendJson } from './http/reply.ts';
import { parseQuery } from './http/request.ts';
import { registerSecurity } from './http/security.ts';
import { Web } from './http/web.ts';
import { traceIdOf } from '../src/core/trace.ts';

export type UpgradeHandler = (req: IncomingMessage, socket: Duplex, head: Buffer) => void;

/** Runs before routing; returns true when it answered the request itself (fault injection uses this). */
export type Interceptor = (request: FastifyRequest, reply: FastifyReply) => boolean | Promise<boolean>;

/** Largest request body by default (page layouts are the big ones); routes set smaller limits. */
export const BODY_LIMIT = 300 * 1024;

/** What a part of the server (the exchange, accounts, faults) gets to register itself. */
export interface AppContext {
  readonly config: ServerConfig;
  /** The Fastify instance: installers register their routes on it. */
  readonly router: FastifyInstance;
  /** WebSocket paths, such as /v5/public/spot. */
  readonly upgrades: Map<string, UpgradeHandler>;
  /** Bybit's per-UID and per-IP rate limits (private routes call checkUid after authenticating). */
  readonly limits: RateLimits;
  /** Called, in reverse order, when the server closes. */
  onClose(fn: () => void | Promise<void>): void;
  /** Adds a hook that sees every HTTP request before its route. */
  intercept(fn: Interceptor): void;
}

export type Installer = (ctx: AppContext) => void | Promise<void>;

export interface RunningServer {
  readonly server: Server;
  readonly url: string;
  /** Every HTTP route the installers registered. */
  routes(): Array<{ method: string; path: string }>;
  close(): Promise<void>;
}

function pathnameOf(url: string): string {
  const q = url.indexOf('?');
  return q < 0 ? url : url.slice(0, q);
}

/**
 * Builds the HTTP (Fastify) + WebSocket server, lets each installer register its routes, and
 * listens. Every body reaches routes as the raw string (signatures cover the exact bytes); routes
 * parse and validate it (JSON schema) in their own hooks. Unknown API paths answer 404 / 405 in
 * Bybit's envelope; any other GET is the page.
 */
export async function startServer(config: ServerConfig, installers: readonly Installer[]): Promise<RunningServer> {
  const app = Fastify({
    logger: false,
    trustProxy: false,
    bodyLimit: BODY_LIMIT,
    exposeHeadRoutes: false,
    forceCloseConnections: true,
    return503OnClosing: true,
    routerOptions: { querystringParser: parseQuery },
    ajv: { customOptions: { coerceTypes: false, verbose: true, allErrors: false, allowUnionTypes: true } },
    schemaErrorFormatter: formatSchemaErrors,
    frameworkErrors: (err, request, reply) => {
      // A path that does not decode (FST_ERR_BAD_URL): pages fall back as any unknown path does.
      if (request.method === 'GET' || request.method === 'HEAD') return web.fallback(request, reply, '/');
      sendJson(reply, 400, bybitBody(10001, 'bad request url'));
    },
    // A request line or header block over Node's maxHeaderSize (16 KiB) answers 414 / 431, not a reset.
    clientErrorHandler: answerClientError,
  });
  const web = new Web({ webDir: config.webDir, feed: config.feed, dev: config.dev });
  const upgrades = new Map<string, UpgradeHandler>();
  const closers: Array<() => void | Promise<void>> = [];
  const interceptors: Interceptor[] = [];

  // Bodies stay strings; each route's hooks parse them (after checking a signature over the bytes).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body));
  app.decorateRequest('rawBody', '');
  app.decorateRequest('userId', undefined);
  app.decorateRequest('bapiLimit', undefined);

  await registerSecurity(app, { feed: config.feed, faults: config.faults, routePorts: config.routePorts });
  await app.register(compress, { global: true, encodings: ['br', 'gzip'], threshold: 1024 });
  await app.register(rateLimit, { global: false });
  const limits = new RateLimits(app, config.limits);

  // The installers' routes, for routes() (the static file route and HEAD twins are not theirs).
  const registered: Array<{ method: string; path: string }> = [];
  const methodsByPath = new Map<string, Set<string>>();
  let collecting = true;
  app.addHook('onRoute', (route) => {
    if (!collecting) return;
    for (const method of Array.isArray(route.method) ? route.method : [route.method]) {
      registered.push({ method, path: route.url });
      let set = methodsByPath.get(route.url);
      if (!set) methodsByPath.set(route.url, (set = new Set()));
      set.add(method);
    }
  });
  app.addHook('onRequest', async (request, reply) => {
    for (const fn of interceptors) if (await fn(request, reply)) return reply;
    return undefined;
  });
  app.addHook('onRequest', limits.onRequest);
  app.addHook('onSend', limits.onSend);
  // Bybit answers every request with a Traceid header; a request that sent W3C `traceparent` (the
  // page's cancels, spec 7.4) gets its own trace id back, so the two ends name the same request.
  app.addHook('onSend', async (request, reply, payload) => {
    const sent = request.headers.traceparent;
    reply.header('Traceid', traceIdOf(typeof sent === 'string' ? sent : undefined) ?? randomBytes(16).toString('hex'));
    return payload;
  });
  app.setErrorHandler(handleError);
  app.setNotFoundHandler((request, reply) => {
    const path = pathnameOf(request.url);
    const methods = methodsByPath.get(path);
    if (methods && !methods.has(request.method)) {
      return sendJson(reply, 405, bybitBody(10004, `method ${request.method} not allowed`));
    }
    // An unknown v5 path is Bybit's 10017 (02_rest_market.md, docs/v5/error.mdx), not a page.
    if (path.startsWith('/v5/')) return sendJson(reply, 404, bybitBody(10017, 'Route not found.'));
    if (request.method === 'GET' || request.method === 'HEAD') return web.fallback(request, reply, path);
    return sendJson(reply, 404, bybitBody(10005, 'not found'));
  });

  const ctx: AppContext = {
    config,
    router: app,
    upgrades,
    limits,
    onClose: (fn) => closers.push(fn),
    intercept: (fn) => interceptors.push(fn),
  };
  app.get('/healthz', (_request, reply) => sendJson(reply, 200, { ok: true }));
  for (const install of installers) await install(ctx);
  collecting = false;
  await web.register(app);

  app.server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    let pathname = '/';
    try {
      pathname = new URL(req.url ?? '/', 'http://localhost').pathname;
    } catch {
      /* falls through to the refusal below */
    }
    const handler = upgrades.get(pathname);
    if (!handler) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n');
      return;
    }
    handler(req, socket, head);
  });

  await app.listen({ port: config.port, host: config.host });
  const addr = app.server.address();
  const port = typeof addr === 'object' && addr ? addr.port : config.port;
  const shownHost = config.host.includes(':') ? `[${config.host}]` : config.host;
  const url = `http://${shownHost}:${port}/`;
  let closed: Promise<void> | undefined;
  return {
    server: app.server,
    url,
    routes: () => registered.map(({ method, path }) => ({ method, path })),
    close() {
      closed ??= (async () => {
        for (const fn of closers.reverse()) await fn();
        await app.close();
      })();
      return closed;
    },
  };
}
