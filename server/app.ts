import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { ServerConfig } from './config.ts';
import { Router, sendJson, BodyError } from './http/router.ts';
import { createStaticHandler } from './http/static.ts';

export type UpgradeHandler = (req: IncomingMessage, socket: Duplex, head: Buffer) => void;

/** Runs before routing; returns true when it answered the request itself (fault injection uses this). */
export type Interceptor = (req: IncomingMessage, res: ServerResponse, url: URL) => boolean | Promise<boolean>;

/** What a part of the server (the exchange, accounts, faults) gets to register itself. */
export interface AppContext {
  readonly config: ServerConfig;
  readonly router: Router;
  /** WebSocket paths, such as /v5/public/spot. */
  readonly upgrades: Map<string, UpgradeHandler>;
  /** Called, in reverse order, when the server closes. */
  onClose(fn: () => void | Promise<void>): void;
  /** Adds a hook that sees every HTTP request before the router. */
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

/** Builds the HTTP + WebSocket server, lets each installer register its routes, and listens. */
export async function startServer(config: ServerConfig, installers: readonly Installer[]): Promise<RunningServer> {
  const router = new Router();
  const upgrades = new Map<string, UpgradeHandler>();
  const closers: Array<() => void | Promise<void>> = [];
  const interceptors: Interceptor[] = [];
  const ctx: AppContext = { config, router, upgrades, onClose: (fn) => closers.push(fn), intercept: (fn) => interceptors.push(fn) };
  router.on('GET', '/healthz', (_req, res) => sendJson(res, 200, { ok: true }));
  for (const install of installers) await install(ctx);
  const serveStatic = createStaticHandler(config.webDir);

  const server = createServer(async (req, res) => {
    let url: URL;
    try {
      url = new URL(req.url ?? '/', 'http://localhost');
    } catch {
      sendJson(res, 400, { retCode: 10001, retMsg: 'bad request url', result: {}, retExtInfo: {}, time: Date.now() });
      return;
    }
    const method = req.method ?? 'GET';
    try {
      for (const fn of interceptors) if (await fn(req, res, url)) return;
      const handler = router.find(method, url.pathname);
      if (handler) {
        await handler(req, res, url);
      } else if (router.hasPath(url.pathname)) {
        sendJson(res, 405, { retCode: 10004, retMsg: `method ${method} not allowed`, result: {}, retExtInfo: {}, time: Date.now() });
      } else if (method === 'GET' || method === 'HEAD') {
        serveStatic(req, res, url);
      } else {
        sendJson(res, 404, { retCode: 10005, retMsg: 'not found', result: {}, retExtInfo: {}, time: Date.now() });
      }
    } catch (err) {
      const status = err instanceof BodyError ? err.status : 500;
      if (status === 500) console.error('request failed:', method, url.pathname, err);
      if (!res.headersSent) {
        sendJson(res, status, {
          retCode: status === 413 ? 10001 : 10016,
          retMsg: err instanceof BodyError ? err.message : 'internal error',
          result: {},
          retExtInfo: {},
          time: Date.now(),
        });
      } else {
        res.destroy();
      }
    }
  });
  server.on('upgrade', (req, socket, head) => {
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
  server.on('clientError', (_err, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const addr = server.address();
  const port = typeof addr === 'object' && addr ? addr.port : config.port;
  const shownHost = config.host.includes(':') ? `[${config.host}]` : config.host;
  const url = `http://${shownHost}:${port}/`;
  return {
    server,
    url,
    routes: () => router.list().map(({ method, path }) => ({ method, path })),
    async close() {
      for (const fn of closers.reverse()) await fn();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
