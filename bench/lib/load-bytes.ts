// What a page load fetched, and how many compressed bytes that is. When the server compresses
// (a content-encoding header), the bytes are what came over the wire; when it does not, each
// body is compressed here the way this project's exchange does (its Fastify version, with
// @fastify/compress's defaults, sends Chromium brotli at quality 4) and, for comparison, with
// gzip at zlib's default level 6.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export type Kind = 'js' | 'wasm' | 'css' | 'html' | 'locale' | 'font' | 'data' | 'other';

export interface Fetched {
  path: string;
  kind: Kind;
  /** Epoch ms when the request started. */
  start: number;
  /** The body's size as served (uncompressed). */
  raw: number;
  /** Bytes on the wire when the server compressed it (content-encoding), else null. */
  transfer: number | null;
  encoding: string | null;
  /** Computed sizes: gzip -6 and brotli q4 of the body. */
  gzip: number;
  br: number;
}

export function kindOf(path: string, contentType: string): Kind {
  const p = path.split('?')[0]!;
  if (p.endsWith('.js') || p.endsWith('.mjs')) return 'js';
  if (p.endsWith('.wasm')) return 'wasm';
  if (p.endsWith('.css')) return 'css';
  if (p.endsWith('.woff2') || p.endsWith('.woff') || p.endsWith('.ttf')) return 'font';
  if (p.startsWith('/locales/')) return 'locale';
  if (p.startsWith('/v5/') || p.startsWith('/api/')) return 'data';
  if (contentType.startsWith('text/html')) return 'html';
  return 'other';
}

const cache = new Map<string, { gzip: number; br: number }>();

/** gzip -6 and brotli q4 sizes of a body (memoised by key: static files repeat in every load). */
export function compressedSizes(body: Buffer, key?: string): { gzip: number; br: number } {
  const hit = key ? cache.get(key) : undefined;
  if (hit) return hit;
  const sizes = {
    gzip: gzipSync(body, { level: 6 }).length,
    br: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }).length,
  };
  if (key) cache.set(key, sizes);
  return sizes;
}

/** A static file's body from the served folder, or null when the path is not a file there. */
export function staticBody(dist: string, path: string): Buffer | null {
  const p = decodeURIComponent(path.split('?')[0]!);
  if (!p.startsWith('/assets/') && !p.startsWith('/locales/')) return null;
  const file = join(dist, p);
  return existsSync(file) ? readFileSync(file) : null;
}

export interface ByteTotals {
  files: number;
  raw: number;
  /** Compressed total: transfer bytes where the server compressed, else brotli q4. */
  br: number;
  /** The same with gzip -6 where computed. */
  gzip: number;
}

export function total(list: readonly Fetched[]): ByteTotals {
  const t = { files: list.length, raw: 0, br: 0, gzip: 0 };
  for (const f of list) {
    t.raw += f.raw;
    t.gzip += f.transfer ?? f.gzip;
    t.br += f.transfer ?? f.br;
  }
  return t;
}
