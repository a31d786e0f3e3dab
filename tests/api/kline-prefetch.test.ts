// Issue 37 item 4: the chart's first page of candles is asked for before the chart's code has
// loaded; the chart's own first request takes that answer once, and every other request reads anew.
import { afterEach, expect, test, vi } from 'vitest';
import { fetchKlinePage, prefetchKlinePage } from '../../src/api/kline.ts';

const row = (start: number) => [String(start), '1', '2', '0.5', '1.5', '10', '15'];
let calls: string[] = [];

afterEach(() => vi.unstubAllGlobals());

function stubFetch(fail = false) {
  calls = [];
  vi.stubGlobal('fetch', async (url: string) => {
    calls.push(url);
    if (fail) return new Response('no', { status: 502 });
    return new Response(JSON.stringify({ retCode: 0, retMsg: 'OK', result: { list: [row(2000), row(1000)] } }), { status: 200 });
  });
}

test('the first page prefetched is taken once by the same request; other requests read anew', async () => {
  stubFetch();
  prefetchKlinePage({ symbol: 'BTCUSDT', interval: '30' });
  prefetchKlinePage({ symbol: 'BTCUSDT', interval: '30' });
  expect(calls).toHaveLength(1);
  const first = await fetchKlinePage({ symbol: 'BTCUSDT', interval: '30', limit: 500 });
  expect(first.map((c) => c.start)).toEqual([1000, 2000]);
  expect(calls).toHaveLength(1);
  // Taken: the next first-page request reads again; an older page or another interval never takes it.
  await fetchKlinePage({ symbol: 'BTCUSDT', interval: '30', limit: 500 });
  expect(calls).toHaveLength(2);
  prefetchKlinePage({ symbol: 'ETHUSDT', interval: '30' });
  await fetchKlinePage({ symbol: 'ETHUSDT', interval: '60', limit: 500 });
  await fetchKlinePage({ symbol: 'ETHUSDT', interval: '30', limit: 500, end: 5000 });
  expect(calls).toHaveLength(5);
  expect(calls[4]).toContain('end=5000');
});

test('a failed prefetch is read again by the chart, which then says the failure itself', async () => {
  stubFetch(true);
  prefetchKlinePage({ symbol: 'SOLUSDT', interval: '30' });
  await expect(fetchKlinePage({ symbol: 'SOLUSDT', interval: '30', limit: 500 })).rejects.toThrow();
  expect(calls).toHaveLength(2);
});
