import { describe, expect, test } from 'vitest';
import { makeHatsid, RequestAccelerator } from '../../src/net/accel.ts';
import { INCLUDE_HTTP_REGEXP, EXCLUDE_HTTP_REGEXP } from '../../server/net/accel.ts';
import { refreshDelay } from '../../src/state/net/net-accel.ts';

class FakeXhr {
  opened: unknown[] = [];
  headers: Array<[string, string]> = [];
  withCredentials = false;
  open(...args: unknown[]) {
    this.opened = args;
  }
  setRequestHeader(k: string, v: string) {
    this.headers.push([k, v]);
  }
}

function fakeWindow() {
  const calls: Array<{ url: unknown; init: RequestInit | undefined }> = [];
  const nativeFetch = (async (url: unknown, init?: RequestInit) => {
    calls.push({ url, init });
    return new Response('{}');
  }) as typeof fetch;
  const win = { fetch: nativeFetch, XMLHttpRequest: FakeXhr as unknown as typeof XMLHttpRequest, location: { origin: 'http://127.0.0.1:8787' } };
  return { win, calls, nativeFetch, nativeOpen: FakeXhr.prototype.open };
}

const config = { includeHttpRegexp: INCLUDE_HTTP_REGEXP, excludeHttpRegexp: EXCLUDE_HTTP_REGEXP, cdnLinks: ['http://127.0.0.1:9000'] };

describe('request wrapping for acceleration (spec 4.17, 7.6)', () => {
  test('accelerated paths of our origin go to the CDN, others stay; restore puts the natives back', async () => {
    const { win, calls, nativeFetch, nativeOpen } = fakeWindow();
    const acc = new RequestAccelerator(win, config, 'dev-x');
    acc.install();
    expect(win.fetch).not.toBe(nativeFetch);
    await win.fetch('/v5/order/create', { method: 'POST' });
    await win.fetch('/v5/market/kline?symbol=BTCUSDT&interval=1');
    await win.fetch('/v5/market/tickers?category=spot');
    await win.fetch('http://elsewhere.example/v5/order/create');
    await win.fetch('/api/net/routes');
    expect(calls.map((c) => String(c.url))).toEqual([
      'http://127.0.0.1:9000/v5/order/create',
      'http://127.0.0.1:9000/v5/market/kline?symbol=BTCUSDT&interval=1',
      '/v5/market/tickers?category=spot',
      'http://elsewhere.example/v5/order/create',
      '/api/net/routes',
    ]);
    expect(calls[0]!.init?.credentials).toBe('include');
    // No hatsid until a CDN answer came over HTTP/3.
    expect(new Headers(calls[0]!.init?.headers).has('hatsid')).toBe(false);
    const xhr = new win.XMLHttpRequest() as unknown as FakeXhr;
    xhr.open('GET', '/v5/account/wallet-balance?accountType=UNIFIED');
    expect(xhr.opened[1]).toBe('http://127.0.0.1:9000/v5/account/wallet-balance?accountType=UNIFIED');
    expect(xhr.withCredentials).toBe(true);
    acc.restore();
    expect(win.fetch).toBe(nativeFetch);
    expect(FakeXhr.prototype.open).toBe(nativeOpen);
  });

  test('H3 requests carry a hatsid: the device id plus a random string', async () => {
    const { win, calls } = fakeWindow();
    const acc = new RequestAccelerator(win, config, makeHatsid('dev1', () => 0.5));
    acc.install();
    acc.h3 = true;
    await win.fetch('/v5/order/realtime');
    expect(new Headers(calls[0]!.init?.headers).get('hatsid')).toMatch(/^dev1-[a-z0-9]+$/);
    const xhr = new win.XMLHttpRequest() as unknown as FakeXhr;
    xhr.open('GET', '/v5/order/realtime');
    expect(xhr.headers[0]![0]).toBe('hatsid');
    acc.restore();
  });

  test('no CDN link is a setup exception', () => {
    const { win } = fakeWindow();
    expect(() => new RequestAccelerator(win, { ...config, cdnLinks: [] }, 'd')).toThrow();
  });

  test('refresh: 10 s, then 10 s more each cycle up to the config interval (30 s default), never under 10 s', () => {
    expect([0, 1, 2, 3, 9].map((n) => refreshDelay(n, null))).toEqual([10_000, 20_000, 30_000, 30_000, 30_000]);
    const cfg = { rt: '', env: '', autoCdn: true, refreshMS: 5_000, includeHttpRegexp: '', excludeHttpRegexp: '', cdnLinks: [], wssLinks: [] };
    expect(refreshDelay(0, cfg)).toBe(10_000);
    expect(refreshDelay(5, { ...cfg, refreshMS: 60_000 })).toBe(60_000);
  });
});

describe("spec 7.6's accelerated path list", () => {
  // Each item of the list, as the page (or, for coin config and asset, the exchange) names its path.
  const LIST: ReadonlyArray<[string, string]> = [
    ['profile', '/api/user/info'],
    ['member info', '/api/user/info'],
    ['logout', '/api/logout'],
    ['preferences', '/api/user/pref'],
    ['exchange-rate', '/api/spot/exchange-rate'],
    ['banner', '/v5/announcements/index?locale=en-US'],
    ['coin config', '/v5/asset/coin/query-info'],
    ['dynamic symbol', '/v5/market/instruments-info?category=spot&symbol=BTCUSDT'],
    ['spot symbol lists', '/v5/market/instruments-info?category=spot'],
    ['klines', '/v5/market/kline?category=spot&symbol=BTCUSDT&interval=1'],
    ['token detail', '/v5/spot-lever-token/info?ltCoin=BTC3L'],
    ['asset', '/v5/asset/exchange/query-coin-list'],
    ['orders', '/v5/order/realtime?category=spot'],
    ['order create', '/v5/order/create'],
    ['trade hint', '/v5/order/spot-borrow-check?category=spot&symbol=BTCUSDT&side=Buy'],
    ['innovation remaining amount', '/spot/api/innovation/quota'],
    ['lt', '/v5/spot-lever-token/order-record'],
    ['wallet balance', '/v5/account/wallet-balance?accountType=UNIFIED'],
    ['web config', '/api/spot/compliance-config'],
    ['grid bot lists', '/api/grid-bot/list'],
    ['notifications', '/api/spot/symbol-notice'],
    ['activity home', '/api/rewards/tasks'],
  ];
  test.each(LIST)('%s (%s) goes to the CDN', async (_item, path) => {
    const { win, calls } = fakeWindow();
    const acc = new RequestAccelerator(win, config, 'dev-x');
    acc.install();
    await win.fetch(path);
    expect(String(calls[0]!.url)).toBe(`http://127.0.0.1:9000${path}`);
    acc.restore();
  });
  test('what the list leaves out stays on the origin: tickers, the route list, the probe', async () => {
    const { win, calls } = fakeWindow();
    const acc = new RequestAccelerator(win, config, 'dev-x');
    acc.install();
    for (const path of ['/v5/market/tickers?category=spot', '/v5/market/orderbook?category=spot', '/api/net/routes', '/t1']) await win.fetch(path);
    expect(calls.map((c) => String(c.url))).toEqual(['/v5/market/tickers?category=spot', '/v5/market/orderbook?category=spot', '/api/net/routes', '/t1']);
    acc.restore();
  });
});
