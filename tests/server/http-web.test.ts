/**
 * The page side of the HTTP server against a real started server: compression (br, gzip, none),
 * caching headers, ETag + 304, no source maps (unless --dev), the single-page fallback, the
 * security headers and CSP, and the operator's --feed (meta tag and connect-src). The built page is
 * a fixture in a temp folder (an index.html and a hashed asset), so nothing depends on `npm run build`.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startServer, type RunningServer } from '../../server/app.ts';
import { parseConfig } from '../../server/config.ts';

const ASSET = '/assets/index-Ab12Cd34.js';
// Over the 1 KiB compression threshold, and compressible.
const ASSET_TEXT = `export const rows = [${Array.from({ length: 400 }, (_, i) => `"row ${i}"`).join(',')}];\n//# sourceMappingURL=index-Ab12Cd34.js.map\n`;
const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>Spot trading</title>
    <script type="module" crossorigin src="${ASSET}"></script>
  </head>
  <body><div id="root"></div><!-- ${'padding '.repeat(150)} --></body>
</html>
`;

let dir = '';

function fixtureWebDir(): string {
  const web = join(dir, 'web');
  mkdirSync(join(web, 'assets'), { recursive: true });
  mkdirSync(join(web, 'locales', 'en'), { recursive: true });
  writeFileSync(join(web, 'index.html'), INDEX);
  writeFileSync(join(web, ASSET), ASSET_TEXT);
  writeFileSync(join(web, `${ASSET}.map`), '{"version":3,"sources":[],"mappings":""}');
  writeFileSync(join(web, 'locales', 'en', 'common.json'), JSON.stringify({ hello: 'x'.repeat(2000) }));
  return web;
}

async function start(extra: string[] = []): Promise<RunningServer> {
  const config = parseConfig(['--port', '0', '--data', join(dir, 'data'), '--web', join(dir, 'web'), '--quiet', ...extra], {});
  return startServer(config, []);
}

interface Raw {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A GET with exactly these headers (fetch would add Accept-Encoding and decode the body). */
function rawGet(base: string, path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(new URL(path, base), { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

function decoded(r: Raw): string {
  const enc = r.headers['content-encoding'];
  if (enc === 'br') return brotliDecompressSync(r.body).toString('utf8');
  if (enc === 'gzip') return gunzipSync(r.body).toString('utf8');
  return r.body.toString('utf8');
}

/** The CSP header as directive → sources. */
function csp(r: Raw): Map<string, string[]> {
  const text = String(r.headers['content-security-policy'] ?? '');
  return new Map(
    text
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => {
        const [name, ...sources] = d.split(/\s+/);
        return [name!, sources] as [string, string[]];
      }),
  );
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'http-web-'));
  fixtureWebDir();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('static files and the page (no --feed)', () => {
  let server: RunningServer;
  let base = '';
  beforeAll(async () => {
    server = await start();
    base = server.url;
  });
  afterAll(() => server.close());

  test.each([
    ['br', 'br'],
    ['gzip', 'gzip'],
    ['gzip, deflate, br', 'br'],
    ['identity', undefined],
    ['', undefined],
  ])('a hashed asset with Accept-Encoding %j comes %s, immutable for a year', async (accept, encoding) => {
    const r = await rawGet(base, ASSET, accept ? { 'accept-encoding': accept } : {});
    expect(r.status).toBe(200);
    expect(r.headers['content-encoding']).toBe(encoding);
    expect(decoded(r)).toBe(ASSET_TEXT);
    if (encoding) {
      expect(r.body.length).toBeLessThan(ASSET_TEXT.length / 2);
      expect(String(r.headers.vary)).toMatch(/accept-encoding/i);
    }
    expect(r.headers['content-type']).toMatch(/javascript/);
    expect(r.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(r.headers.etag).toBeTruthy();
  });

  test.each(['br', 'gzip', 'identity'])('index.html (Accept-Encoding %s) is no-cache, compressed when asked', async (accept) => {
    const r = await rawGet(base, '/', { 'accept-encoding': accept });
    expect(r.status).toBe(200);
    expect(r.headers['content-encoding']).toBe(accept === 'identity' ? undefined : accept);
    expect(decoded(r)).toBe(INDEX);
    expect(r.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(r.headers['cache-control']).toBe('no-cache');
  });

  test('every page route is index.html (the single-page fallback), no-cache, with one ETag', async () => {
    const paths = ['/', '/en/trade/spot/BTC/USDT', '/zh-CN/trade/spot/ETH/BTC?x=1', '/index.html', '/en/'];
    const answers = await Promise.all(paths.map((p) => rawGet(base, p)));
    for (const r of answers) {
      expect(r.status).toBe(200);
      expect(r.body.toString()).toBe(INDEX);
      expect(r.headers['cache-control']).toBe('no-cache');
    }
    expect(new Set(answers.map((r) => r.headers.etag)).size).toBe(1);
  });

  test('ETag and 304: an asset, a JSON file and the page revalidate without a body', async () => {
    for (const path of [ASSET, '/locales/en/common.json', '/', '/en/trade/spot/BTC/USDT']) {
      const first = await rawGet(base, path, { 'accept-encoding': 'gzip' });
      const etag = String(first.headers.etag);
      expect(etag).not.toBe('undefined');
      const again = await rawGet(base, path, { 'if-none-match': etag, 'accept-encoding': 'gzip' });
      expect(again.status, path).toBe(304);
      expect(again.body.length).toBe(0);
      const stale = await rawGet(base, path, { 'if-none-match': '"something-else"' });
      expect(stale.status).toBe(200);
    }
    expect((await rawGet(base, '/locales/en/common.json')).headers['cache-control']).toBe('no-cache');
  });

  test('source maps and missing files under /assets/ are 404, not the page', async () => {
    for (const path of [`${ASSET}.map`, '/assets/gone-123.js', '/assets/gone-123.js.map', '/anything.js.map']) {
      const r = await rawGet(base, path);
      expect(r.status, path).toBe(404);
      expect(r.body.toString()).not.toContain('<!doctype');
    }
  });

  test('security headers on the page and on the API; CSP connect-src is only this origin', async () => {
    for (const path of ['/', ASSET, '/healthz']) {
      const r = await rawGet(base, path);
      expect(r.headers['x-content-type-options']).toBe('nosniff');
      expect(r.headers['x-frame-options']).toBe('DENY');
      expect(r.headers['referrer-policy']).toBe('same-origin');
      expect(r.headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(r.headers['cross-origin-embedder-policy']).toBe('require-corp');
      expect(r.headers['strict-transport-security']).toBeUndefined();
      const policy = csp(r);
      expect(policy.get('connect-src')).toEqual(["'self'"]);
      expect(policy.get('default-src')).toEqual(["'self'"]);
      expect(policy.get('script-src')).toEqual(["'self'", "'wasm-unsafe-eval'"]);
      expect(policy.get('worker-src')).toEqual(["'self'", 'blob:']);
      expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
      expect(policy.get('font-src')).toEqual(["'self'", 'data:']);
      expect(policy.get('object-src')).toEqual(["'none'"]);
      expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
      // Without --faults there is nowhere to report to.
      expect(policy.has('report-uri')).toBe(false);
    }
  });

  test('no feed configured: no exchange-feed meta tag', async () => {
    const r = await rawGet(base, '/en/trade/spot/BTC/USDT');
    expect(r.body.toString()).not.toContain('exchange-feed');
  });
});

describe('--feed: the meta tag and the CSP', () => {
  const FEED = 'wss://stream.example.com:9443/v5/public/spot?lang="en"&x=<y>';
  let server: RunningServer;
  beforeAll(async () => {
    server = await start(['--feed', FEED, '--faults']);
  });
  afterAll(() => server.close());

  test('every answer that serves index.html carries the meta tag in <head>, attribute-escaped', async () => {
    for (const path of ['/', '/index.html', '/en/trade/spot/BTC/USDT', '/ja/trade/spot/SOL/USDT']) {
      const r = await rawGet(base(), path, { 'accept-encoding': 'br' });
      const html = decoded(r);
      const head = html.slice(html.indexOf('<head>'), html.indexOf('</head>'));
      expect(head).toContain(
        '<meta name="exchange-feed" content="wss://stream.example.com:9443/v5/public/spot?lang=%22en%22&amp;x=%3Cy%3E">',
      );
      // The charset declaration still comes first.
      expect(head.indexOf('charset')).toBeLessThan(head.indexOf('exchange-feed'));
      expect(html.match(/exchange-feed/g)).toHaveLength(1);
    }
  });

  test("connect-src is 'self' plus exactly the feed's origin (and violations are reported under --faults)", async () => {
    const policy = csp(await rawGet(base(), '/'));
    expect(policy.get('connect-src')).toEqual(["'self'", 'wss://stream.example.com:9443']);
    expect(policy.get('report-uri')).toEqual(['/faults/csp-report']);
  });

  test('the meta tag escapes what a URL can still carry', async () => {
    const { withFeedMeta } = await import('../../server/http/web.ts');
    const html = withFeedMeta('<html><head><title>t</title></head></html>', `wss://h/x?a='b'&c="d"`);
    expect(html).toBe(`<html><head><meta name="exchange-feed" content="wss://h/x?a=&#39;b&#39;&amp;c=&quot;d&quot;"><title>t</title></head></html>`);
  });

  function base(): string {
    return server.url;
  }
});

describe('--dev serves source maps', () => {
  test('a .map file answers 200 with --dev', async () => {
    const server = await start(['--dev']);
    try {
      const r = await rawGet(server.url, `${ASSET}.map`);
      expect(r.status).toBe(200);
      expect(JSON.parse(r.body.toString())).toMatchObject({ version: 3 });
    } finally {
      await server.close();
    }
  });
});

describe('--feed / EXCHANGE_FEED_URL validation', () => {
  test.each([
    ['wss://stream.bybit.com/v5/public/spot', 'wss://stream.bybit.com/v5/public/spot'],
    ['ws://127.0.0.1:9000/v5/public/spot', 'ws://127.0.0.1:9000/v5/public/spot'],
  ])('%s is accepted', (given, kept) => {
    expect(parseConfig(['--feed', given], {}).feed).toBe(kept);
    expect(parseConfig([], { EXCHANGE_FEED_URL: given }).feed).toBe(kept);
  });

  test.each([
    ['https://stream.bybit.com/v5/public/spot', /must be a ws:\/\/ or wss:\/\/ URL/],
    ['stream.bybit.com', /not a URL/],
    ['javascript:alert(1)', /must be a ws:\/\/ or wss:\/\//],
    ['wss://user:secret@stream.bybit.com/', /credentials/],
  ])('%s is a clear startup error', (given, message) => {
    expect(() => parseConfig(['--feed', given], {})).toThrow(message);
    expect(() => parseConfig([], { EXCHANGE_FEED_URL: given })).toThrow(message);
  });

  test('--feed without a URL is an error; unset means no feed', () => {
    expect(() => parseConfig(['--feed'], {})).toThrow(/needs a URL/);
    expect(parseConfig([], {}).feed).toBeUndefined();
    expect(parseConfig([], { EXCHANGE_FEED_URL: '' }).feed).toBeUndefined();
  });
});
