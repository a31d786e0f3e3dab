import type { IncomingMessage, ServerResponse } from 'node:http';

export type Handler = (req: IncomingMessage, res: ServerResponse, url: URL) => void | Promise<void>;

interface Route {
  method: string;
  path: string;
  prefix: boolean;
  handler: Handler;
}

/** A small exact-path (or prefix) router; the first matching route wins. */
export class Router {
  private readonly routes: Route[] = [];

  on(method: string, path: string, handler: Handler): this {
    this.routes.push({ method, path, prefix: false, handler });
    return this;
  }

  /** Matches every path under `path` (which should end with '/'). */
  under(method: string, path: string, handler: Handler): this {
    this.routes.push({ method, path, prefix: true, handler });
    return this;
  }

  find(method: string, pathname: string): Handler | undefined {
    for (const r of this.routes) {
      if (r.method !== method && r.method !== '*') continue;
      if (r.prefix ? pathname.startsWith(r.path) : pathname === r.path) return r.handler;
    }
    return undefined;
  }

  /** Every registered route (the fuzz tests walk them all). */
  list(): Array<{ method: string; path: string; prefix: boolean }> {
    return this.routes.map(({ method, path, prefix }) => ({ method, path, prefix }));
  }

  /** True when some route has this path under another method (for 405 answers). */
  hasPath(pathname: string): boolean {
    return this.routes.some((r) => (r.prefix ? pathname.startsWith(r.path) : pathname === r.path));
  }
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    'cache-control': 'no-store',
    ...headers,
  });
  res.end(text);
}

export class BodyError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/** Reads a request body up to `limit` bytes; rejects with a BodyError past it. */
export function readBody(req: IncomingMessage, limit = 64 * 1024): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let failed = false;
    req.on('data', (chunk: Buffer) => {
      if (failed) return;
      size += chunk.length;
      if (size > limit) {
        failed = true;
        reject(new BodyError(`request body over ${limit} bytes`, 413));
        req.resume();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (!failed) resolve(Buffer.concat(chunks).toString('utf8'));
    });
    req.on('error', (err) => {
      if (!failed) reject(err);
    });
  });
}
