import { afterEach, describe, expect, it, vi } from 'vitest';
import { chooseFeedSource, validFeedUrl } from '../../src/feed/feed-source.ts';
import { feedMetaPlugin, feedMetaTag, feedOption } from '../../scripts/vite-feed-meta.ts';

const HTTP = { protocol: 'http:', host: '127.0.0.1:8787' };
const HTTPS = { protocol: 'https:', host: 'exchange.example' };

describe('chooseFeedSource: the operator meta tag decides, nothing else', () => {
  it('without a tag, uses the page origin with ws/wss matching http/https', () => {
    expect(chooseFeedSource([], HTTP)).toEqual({ kind: 'own', url: 'ws://127.0.0.1:8787/v5/public/spot' });
    expect(chooseFeedSource([], HTTPS)).toEqual({ kind: 'own', url: 'wss://exchange.example/v5/public/spot' });
  });

  it('a tag naming another host is used, and named (hostname:port) for the banner', () => {
    expect(chooseFeedSource(['wss://other.example/v5/public/spot'], HTTPS)).toEqual({
      kind: 'foreign',
      url: 'wss://other.example/v5/public/spot',
      host: 'other.example:443',
    });
    // Same machine, other name: still not this page's origin.
    expect(chooseFeedSource(['ws://localhost:8787/v5/public/spot'], HTTP)).toMatchObject({ kind: 'foreign', host: 'localhost:8787' });
    // Same host, other port, or ws from an http page on another port.
    expect(chooseFeedSource(['ws://127.0.0.1:9000/v5/public/spot'], HTTP)).toMatchObject({ kind: 'foreign', host: '127.0.0.1:9000' });
    expect(chooseFeedSource(['wss://exchange.example:8443/x'], HTTPS)).toMatchObject({ kind: 'foreign', host: 'exchange.example:8443' });
  });

  it('a look-alike Unicode host is named in punycode', () => {
    const s = chooseFeedSource(['wss://exchаnge.example/v5/public/spot'], HTTPS); // Cyrillic а
    expect(s.kind).toBe('foreign');
    if (s.kind === 'foreign') expect(s.host).toMatch(/^xn--/);
  });

  it('a tag naming our own origin (any path, default port written or not) is ours: no banner', () => {
    expect(chooseFeedSource(['wss://exchange.example:443/feed/spot'], HTTPS)).toEqual({ kind: 'own', url: 'wss://exchange.example/feed/spot' });
    expect(chooseFeedSource(['ws://127.0.0.1:8787/v5/public/spot'], HTTP)).toEqual({ kind: 'own', url: 'ws://127.0.0.1:8787/v5/public/spot' });
  });

  it('a bad value connects nowhere rather than guess', () => {
    for (const bad of ['', 'other.example/v5', 'https://other.example/v5/public/spot', 'javascript:alert(1)', 'ws://user:pw@other.example/', 'ws://other.example/#x']) {
      expect(chooseFeedSource([bad], HTTP), bad).toEqual({ kind: 'invalid', reason: 'not-websocket' });
    }
    // A secure page cannot open ws:, so it is not silently replaced either.
    expect(chooseFeedSource(['ws://exchange.example/v5/public/spot'], HTTPS)).toEqual({ kind: 'invalid', reason: 'insecure' });
    // Two tags that disagree: neither is trusted.
    expect(chooseFeedSource(['wss://a.example/x', 'wss://b.example/x'], HTTPS)).toEqual({ kind: 'invalid', reason: 'several' });
    expect(chooseFeedSource(['wss://a.example/x', 'wss://a.example/x'], HTTPS)).toMatchObject({ kind: 'foreign', host: 'a.example:443' });
  });

  it('validFeedUrl normalises good ws/wss URLs', () => {
    expect(validFeedUrl(' WSS://Other.Example:443/v5/public/spot ')).toBe('wss://other.example/v5/public/spot');
    expect(validFeedUrl('ftp://x/')).toBeNull();
  });
});

/** A browser just enough for startFeed: a worker that records what it is sent, a document with meta tags. */
function fakeBrowser(opts: { meta: string[]; search: string; stored?: Record<string, string> }) {
  const sent: unknown[] = [];
  const store = new Map(Object.entries(opts.stored ?? {}));
  vi.stubGlobal(
    'Worker',
    class {
      onmessage: unknown = null;
      postMessage(msg: unknown) {
        sent.push(msg);
      }
      terminate() {}
    },
  );
  vi.stubGlobal('document', {
    visibilityState: 'visible',
    addEventListener() {},
    removeEventListener() {},
    querySelectorAll: (sel: string) => (sel === 'meta[name="exchange-feed"]' ? opts.meta.map((content) => ({ content })) : []),
  });
  vi.stubGlobal('window', { location: { protocol: 'http:', host: '127.0.0.1:8787', search: opts.search }, addEventListener() {}, removeEventListener() {} });
  vi.stubGlobal('localStorage', {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => store.set(k, v),
    removeItem: (k: string) => store.delete(k),
  });
  return { sent, store };
}

async function startFresh() {
  vi.resetModules();
  const md = await import('../../src/state/market/market-data.ts');
  vi.spyOn(console, 'error').mockImplementation(() => {});
  md.startFeed();
  return md;
}

describe('startFeed connects where the operator said, whatever the link says', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('ignores ?feed= and a stored spot.feedUrl, and forgets the stored one', async () => {
    const b = fakeBrowser({ meta: [], search: '?feed=ws://evil.example/v5/public/spot', stored: { 'spot.feedUrl': JSON.stringify('ws://evil.example/x') } });
    const md = await startFresh();
    // Our own exchange's stream also carries the notice bar's topic.
    expect(b.sent).toContainEqual({ type: 'connect', url: 'ws://127.0.0.1:8787/v5/public/spot', notices: true });
    expect(md.feedSource().kind).toBe('own');
    expect(b.store.has('spot.feedUrl')).toBe(false);
  });

  it('uses the meta tag, even with a ?feed= pointing elsewhere', async () => {
    const b = fakeBrowser({ meta: ['ws://localhost:8787/v5/public/spot'], search: '?feed=ws://evil.example/v5/public/spot' });
    const md = await startFresh();
    const connects = b.sent.filter((m) => (m as { type: string }).type === 'connect');
    // A foreign stream is not asked for our notices.
    expect(connects).toEqual([{ type: 'connect', url: 'ws://localhost:8787/v5/public/spot', notices: false }]);
    expect(md.feedSource()).toMatchObject({ kind: 'foreign', host: 'localhost:8787' });
  });

  it('a bad meta value connects nowhere (not to our origin, not to ?feed=)', async () => {
    const b = fakeBrowser({ meta: ['http://other.example/v5/public/spot'], search: '?feed=ws://evil.example/v5/public/spot' });
    const md = await startFresh();
    expect(b.sent.filter((m) => (m as { type: string }).type === 'connect')).toEqual([]);
    expect(md.feedSource()).toEqual({ kind: 'invalid', reason: 'not-websocket' });
  });
});

describe('dev server: npm run dev -- --feed URL', () => {
  it('reads --feed URL, --feed=URL, else EXCHANGE_FEED_URL', () => {
    expect(feedOption(['node', 'vite', '--feed', 'wss://a.example/x'], {})).toBe('wss://a.example/x');
    expect(feedOption(['--feed=wss://b.example/x'], { EXCHANGE_FEED_URL: 'wss://c.example/x' })).toBe('wss://b.example/x');
    expect(feedOption([], { EXCHANGE_FEED_URL: 'wss://c.example/x' })).toBe('wss://c.example/x');
    expect(feedOption([], {})).toBeUndefined();
  });

  it('injects the same meta tag into index.html, escaped, and refuses a non-WebSocket URL', () => {
    const plugin = feedMetaPlugin('wss://a.example/v5/public/spot?x=1&y="2"');
    const configResolved = plugin.configResolved as (c: unknown) => void;
    configResolved({ mode: 'development', logger: { info() {} } });
    const transform = plugin.transformIndexHtml as (html: string) => string;
    const html = transform('<!doctype html><html><head>\n<meta charset="utf-8" /></head><body></body></html>');
    expect(html).toContain('<head>\n    <meta name="exchange-feed" content="wss://a.example/v5/public/spot?x=1&amp;y=%222%22" />');
    expect(() => feedMetaTag('https://a.example/')).toThrow(/ws:\/\/ or wss:\/\//);
    // Without the option the page is served untouched.
    const none = feedMetaPlugin(undefined);
    (none.configResolved as (c: unknown) => void)({ mode: 'development', logger: { info() {} } });
    expect((none.transformIndexHtml as (h: string) => string)('<head></head>')).toBe('<head></head>');
  });
});
