import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';

/** The meta tag through which the served page learns the operator's market-data endpoint. */
export const FEED_META_NAME = 'exchange-feed';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const NOT_BUILT = 'The page is not built yet: run `npm run build` (npm start does this for you).\n';

/** Escapes text for a double-quoted HTML attribute value. */
export function escapeAttribute(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/**
 * index.html with `<meta name="exchange-feed" content="…">` in <head> when a feed is configured:
 * right after the charset declaration (which must stay within the first 1024 bytes), else first.
 */
export function withFeedMeta(html: string, feed: string | undefined): string {
  if (!feed) return html;
  const tag = `<meta name="${FEED_META_NAME}" content="${escapeAttribute(feed)}">`;
  const anchor = /<meta\s+charset\b[^>]*>/i.exec(html) ?? /<head(\s[^>]*)?>/i.exec(html);
  if (!anchor) return tag + html;
  const at = anchor.index + anchor[0].length;
  return html.slice(0, at) + tag + html.slice(at);
}

/** Conditional-GET match of an If-None-Match header against an ETag (weak comparison). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const bare = (t: string) => t.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((t) => bare(t) === bare(etag));
}

interface IndexPage {
  html: string;
  etag: string;
}

/**
 * The built index.html as served: read again when the file changes (a rebuild while the server
 * runs), with the feed meta tag and an ETag over the served bytes.
 */
class IndexFile {
  private cached: { mtimeMs: number; size: number; page: IndexPage } | undefined;

  constructor(
    private readonly file: string,
    private readonly feed: string | undefined,
  ) {}

  load(): IndexPage | undefined {
    let st;
    try {
      st = statSync(this.file);
    } catch {
      return undefined;
    }
    if (!st.isFile()) return undefined;
    if (this.cached && this.cached.mtimeMs === st.mtimeMs && this.cached.size === st.size) return this.cached.page;
    const html = withFeedMeta(readFileSync(this.file, 'utf8'), this.feed);
    // Weak: the same validator stands for the br, gzip and identity encodings of these bytes.
    const page = { html, etag: `W/"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"` };
    this.cached = { mtimeMs: st.mtimeMs, size: st.size, page };
    return page;
  }
}

export interface WebOptions {
  webDir: string;
  feed?: string | undefined;
  /** Serve source maps (--dev). */
  dev?: boolean | undefined;
}

/** The page side of the server: static files and the single-page fallback. */
export class Web {
  private readonly root: string;
  private readonly index: IndexFile;

  constructor(private readonly opts: WebOptions) {
    this.root = resolve(opts.webDir);
    this.index = new IndexFile(join(this.root, 'index.html'), opts.feed);
  }

  /**
   * Built files under `/`: ETag and Last-Modified with 304s, a year's immutable caching for the
   * hashed files under /assets/, `no-cache` (revalidate) for everything else. index.html itself is
   * never served as a file: every answer that serves it goes through serveIndex (feed meta, no-cache).
   * Source maps are not served unless --dev.
   */
  async register(app: FastifyInstance): Promise<void> {
    const assets = `${sep}assets${sep}`;
    await app.register(fastifyStatic, {
      root: this.root,
      prefix: '/',
      wildcard: true,
      index: false,
      list: false,
      etag: true,
      lastModified: true,
      cacheControl: false,
      // Directories ('/', '/en/') and index.html fall through to the page; maps only with --dev.
      allowedPath: (pathname) => !pathname.endsWith('/') && pathname !== '/index.html' && (this.opts.dev === true || !pathname.endsWith('.map')),
      setHeaders: (res, path) => res.setHeader('cache-control', path.includes(assets) ? IMMUTABLE : 'no-cache'),
    });
  }

  /** True for a path that names a file (hashed assets, source maps): a miss there is a 404, not the page. */
  isFilePath(pathname: string): boolean {
    return pathname.startsWith('/assets/') || pathname.endsWith('.map');
  }

  /** Answers GET/HEAD of a path that is not a file: a 404 for file paths, else the page (index.html). */
  fallback(request: FastifyRequest, reply: FastifyReply, pathname: string): FastifyReply {
    if (this.isFilePath(pathname)) return reply.code(404).header('content-type', 'text/plain; charset=utf-8').header('cache-control', 'no-cache').send('Not found\n');
    return this.serveIndex(request, reply);
  }

  /** index.html with the feed meta tag, `no-cache` with an ETag (304 when it matches). */
  serveIndex(request: FastifyRequest, reply: FastifyReply): FastifyReply {
    const page = this.index.load();
    if (!page) return reply.code(503).header('content-type', 'text/plain; charset=utf-8').header('cache-control', 'no-store').send(NOT_BUILT);
    reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-cache').header('etag', page.etag);
    if (etagMatches(request.headers['if-none-match'], page.etag)) return reply.code(304).send();
    return reply.code(200).send(page.html);
  }
}
