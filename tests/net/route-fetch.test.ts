import { expect, test } from 'vitest';
import { installRouteFetch } from '../../src/net/route-fetch.ts';

test('while a route is in use, the API paths of our origin go to it with credentials; files and the probe stay', async () => {
  const calls: Array<[string, RequestInit | undefined]> = [];
  const native = (async (url: string, init?: RequestInit) => (calls.push([url, init]), new Response('{}'))) as unknown as typeof fetch;
  const win = { fetch: native, location: { origin: 'http://127.0.0.1:8787' } };
  let origin = 'http://127.0.0.1:9001';
  const restore = installRouteFetch(win, () => origin);
  await win.fetch('/v5/order/create', { method: 'POST' });
  await win.fetch('/api/user/info');
  await win.fetch('/t1');
  await win.fetch('/locales/en/spotExchange.json');
  await win.fetch('http://elsewhere.example/v5/order/create');
  origin = '';
  await win.fetch('/v5/market/time');
  expect(calls.map((c) => c[0])).toEqual([
    'http://127.0.0.1:9001/v5/order/create',
    'http://127.0.0.1:9001/api/user/info',
    '/t1',
    '/locales/en/spotExchange.json',
    'http://elsewhere.example/v5/order/create',
    '/v5/market/time',
  ]);
  expect(calls[0]![1]).toEqual({ method: 'POST', credentials: 'include' });
  restore();
  expect(win.fetch).toBe(native);
});
