// The route picker's state (spec 2.16): a manual pick made before the picker's chunk and the route
// list had loaded (kept from an earlier visit) applies once the list is known, before any probe
// answers and on a hidden page too; deciding it again every round does not reconnect the feed.
import { afterEach, expect, test, vi } from 'vitest';

const sent: unknown[] = [];
vi.mock('../../src/state/market/market-data.ts', () => ({
  feedSource: () => ({ kind: 'own', url: 'ws://127.0.0.1:5000/v5/public/spot' }),
  startFeed: () => ({ send: (cmd: unknown) => sent.push(cmd) }),
}));

afterEach(() => vi.unstubAllGlobals());

test('a stored manual pick moves the API and the feed to its route as soon as the route list arrives', async () => {
  const store = new Map<string, string>([['spot.netRoute', JSON.stringify('edge-1')]]);
  vi.stubGlobal('localStorage', { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => store.set(k, v) });
  const loc = { protocol: 'http:', host: '127.0.0.1:5000', hostname: '127.0.0.1', origin: 'http://127.0.0.1:5000' };
  vi.stubGlobal('location', loc);
  vi.stubGlobal('document', { visibilityState: 'hidden' });
  const probes: string[] = [];
  const fetchStub = vi.fn((url: string) => {
    if (url === '/api/net/routes') {
      const body = { retCode: 0, result: { routes: [{ name: 'main', port: null }, { name: 'edge-1', port: 6001 }], cdnPort: null } };
      return Promise.resolve(new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } }));
    }
    // Probes never answer: the pick must not wait for them.
    probes.push(url);
    return new Promise<Response>(() => undefined);
  });
  vi.stubGlobal('fetch', fetchStub);
  vi.stubGlobal('window', { fetch: fetchStub, location: loc });

  const { routePick, routeInUse, startNetRoutes, pickRoute } = await import('../../src/state/net/net-route.ts');
  const { apiBase } = await import('../../src/net/api-base.ts');
  expect(routePick.value).toBe('edge-1');
  expect(routeInUse.value).toBe('main');
  const stop = startNetRoutes();
  await vi.waitFor(() => expect(routeInUse.value).toBe('edge-1'));
  expect(apiBase()).toEqual({ route: 'edge-1', http: 'http://127.0.0.1:6001' });
  expect(sent).toEqual([{ type: 'connect', url: 'ws://127.0.0.1:6001/v5/public/spot', notices: true }]);
  // The page is hidden: nothing was probed.
  expect(probes).toEqual([]);
  // Picking the route in use again (as every round decides it) leaves the feed alone.
  pickRoute('edge-1');
  expect(sent).toHaveLength(1);
  stop();
});
