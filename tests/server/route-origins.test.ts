import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { RouteSet } from '../../server/net/route-set.ts';
import { parseRoutes } from '../../server/net/route-spec.ts';
import { startTestExchange, type TestExchange } from './helpers.ts';

/** Times n sequential probes of one route; a dropped connection counts as lost. */
async function probe(base: string, n: number, cookie?: string): Promise<{ lost: number; times: number[] }> {
  const times: number[] = [];
  let lost = 0;
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    try {
      const res = await fetch(`${base}/t1`, { headers: cookie ? { cookie } : {} });
      await res.json();
      times.push(performance.now() - t0);
    } catch {
      lost++;
    }
  }
  return { lost, times };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

describe('route origins (spec 2.16, 7.6)', () => {
  let ex: TestExchange;
  let routes: RouteSet;
  const baseOf = (name: string) => `http://127.0.0.1:${[...routes.edges, routes.cdn!].find((e) => e.name === name)!.port}`;

  beforeAll(async () => {
    ex = await startTestExchange([], { accounts: false });
    routes = await RouteSet.start({ host: '127.0.0.1' }, parseRoutes('fast,slow:150:40,lossy:0:0:0.3'));
    routes.setTarget(ex.http);
  });
  afterAll(async () => {
    await routes.close();
    await ex.stop();
  });

  test('parses --routes and refuses bad entries', () => {
    expect(parseRoutes('a,b:100:10:0.5:0')).toEqual([
      { name: 'a', port: 0, latencyMs: 0, jitterMs: 0, loss: 0 },
      { name: 'b', port: 0, latencyMs: 100, jitterMs: 10, loss: 0.5 },
    ]);
    expect(parseRoutes('none')).toEqual([]);
    expect(() => parseRoutes('main')).toThrow(/taken/);
    expect(() => parseRoutes('x:1:1:2')).toThrow(/loss/);
    expect(() => parseRoutes('Bad Name')).toThrow(/route name/);
  });

  test('a route with added latency and jitter answers its probe that much later', async () => {
    const fast = await probe(baseOf('fast'), 10);
    const slow = await probe(baseOf('slow'), 20);
    expect(fast.lost + slow.lost).toBe(0);
    // 150 ± 40 ms added: no probe sooner than 110 ms, and the medians differ by about 150 ms (both
    // carry the same local overhead, which a busy machine inflates).
    expect(Math.min(...slow.times)).toBeGreaterThanOrEqual(108);
    const gap = median(slow.times) - median(fast.times);
    expect(gap).toBeGreaterThan(110);
    expect(gap).toBeLessThan(230);
  });

  test('a route with 30 % loss drops about that share of requests', async () => {
    const r = await probe(baseOf('lossy'), 200);
    // Binomial(200, 0.3): mean 60, sd 6.5; 35..85 is beyond 3.8 sd.
    expect(r.lost).toBeGreaterThan(35);
    expect(r.lost).toBeLessThan(85);
  });

  test('a fault scoped to one cookie makes the route dead or slow for that scope only', async () => {
    expect(routes.links.has('fast')).toBe(true);
    routes.links.set('fast', { dead: true }, 'scope-a');
    routes.links.set('fast', { latencyMs: 200 }, 'scope-b');
    expect((await probe(baseOf('fast'), 3, 'fault_scope=scope-a')).lost).toBe(3);
    const b = await probe(baseOf('fast'), 3, 'fault_scope=scope-b');
    expect(Math.min(...b.times)).toBeGreaterThanOrEqual(195);
    expect((await probe(baseOf('fast'), 3)).lost).toBe(0);
    routes.links.clear('scope-a');
    expect((await probe(baseOf('fast'), 3, 'fault_scope=scope-a')).lost).toBe(0);
  });

  test('the API through a route: CORS and Timing-Allow-Origin for the page origin only', async () => {
    const pageOrigin = ex.http;
    const res = await fetch(`${baseOf('fast')}/v5/market/time`, { headers: { origin: pageOrigin } });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { retCode: number }).retCode).toBe(0);
    expect(res.headers.get('access-control-allow-origin')).toBe(pageOrigin);
    expect(res.headers.get('access-control-allow-credentials')).toBe('true');
    expect(res.headers.get('timing-allow-origin')).toBe(pageOrigin);
    expect(res.headers.get('access-control-expose-headers')).toBe('retry-after');
    const pre = await fetch(`${baseOf('fast')}/v5/order/create`, { method: 'OPTIONS', headers: { origin: pageOrigin, 'access-control-request-method': 'POST' } });
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-headers')).toContain('content-type');
    const other = await fetch(`${baseOf('fast')}/v5/market/time`, { headers: { origin: 'http://evil.example' } });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
    // The CDN origin is one more edge, not offered as a route.
    expect(routes.list().routes.map((r) => r.name)).toEqual(['main', 'fast', 'slow', 'lossy']);
    expect(routes.list().cdnPort).toBe(routes.cdn!.port);
  });
});
