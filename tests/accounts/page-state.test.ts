import { beforeAll, describe, expect, test } from 'vitest';
import { login, sharedTestServer } from './helpers.ts';

const s = sharedTestServer();
let cookie: string;
beforeAll(async () => {
  cookie = await login(s.url, 100001);
});

async function call(method: 'GET' | 'POST', path: string, body?: unknown, headers: Record<string, string> = {}): Promise<{ status: number; json: any }> {
  const res = await fetch(`${s.url}${path}`, {
    method,
    headers: { cookie, origin: s.origin, 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: res.status, json: await res.json() };
}

describe('preferences', () => {
  test('upsert then read back; later upserts overwrite only their keys', async () => {
    expect((await call('POST', '/api/user/pref', { upsert_keys: { guide: 'new', infoAnnounceDate: 1700000000000 } })).status).toBe(200);
    expect((await call('POST', '/api/user/pref', { upsert_keys: { guide: 'read' } })).status).toBe(200);
    const got = await call('GET', '/api/user/pref');
    expect(got.json.result.prefs).toMatchObject({ guide: 'read', infoAnnounceDate: '1700000000000' });
  });

  test('invalid upserts are refused whole, nothing half-applied', async () => {
    const before = (await call('GET', '/api/user/pref')).json.result.prefs;
    const bad = await call('POST', '/api/user/pref', { upsert_keys: { ok1: 'x', 'bad key!': 'y' } });
    expect(bad.status).toBe(400);
    expect(bad.json.success).toBe(false);
    expect((await call('GET', '/api/user/pref')).json.result.prefs).toEqual(before);
    expect((await call('POST', '/api/user/pref', { upsert_keys: { big: 'x'.repeat(5000) } })).status).toBe(400);
    expect((await call('POST', '/api/user/pref', '{"upsert_keys": {')).status).toBe(400);
    expect((await call('POST', '/api/user/pref', [1, 2])).status).toBe(400);
  });

  test('anonymous and cross-origin callers are refused', async () => {
    expect((await fetch(`${s.url}/api/user/pref`)).status).toBe(401);
    expect((await call('POST', '/api/user/pref', { upsert_keys: { a: '1' } }, { origin: 'https://evil.example' })).status).toBe(403);
    expect((await call('POST', '/api/user/pref', { upsert_keys: { a: '1' } }, { 'sec-fetch-site': 'cross-site' })).status).toBe(403);
  });

  test('preferences are per user', async () => {
    const bob = await login(s.url, 100002);
    const r = await (await fetch(`${s.url}/api/user/pref`, { headers: { cookie: bob } })).json();
    expect(r.result.prefs.guide).toBeUndefined();
  });
});

describe('chart layout', () => {
  test('round trip of {version, saveData}', async () => {
    expect((await call('GET', '/spot/api/account/get_kline_config')).json.result.kline).toBe('');
    const layout = { version: 1700000000123, saveData: { charts: [{ panes: [{ sources: ['MA 7'] }] }], note: '<b>"quoted"</b>' } };
    const set = await call('POST', '/spot/api/account/set_kline_config', { kline: JSON.stringify(layout) });
    expect(set.json.code).toBe(0);
    const got = await call('GET', '/spot/api/account/get_kline_config');
    expect(got.json.code).toBe(0);
    const kline = JSON.parse(got.json.result.kline);
    expect(kline.version).toBe('1700000000123');
    expect(JSON.parse(kline.saveData)).toEqual(layout.saveData);
  });

  test('malformed, oversized or incomplete layouts are refused and the old one kept', async () => {
    const before = (await call('GET', '/spot/api/account/get_kline_config')).json.result.kline;
    expect((await call('POST', '/spot/api/account/set_kline_config', { kline: '{not json' })).status).toBe(400);
    expect((await call('POST', '/spot/api/account/set_kline_config', { kline: JSON.stringify({ version: 1 }) })).status).toBe(400);
    expect((await call('POST', '/spot/api/account/set_kline_config', { kline: { version: 1, saveData: 'x' } })).status).toBe(400);
    const huge = await call('POST', '/spot/api/account/set_kline_config', { kline: JSON.stringify({ version: 1, saveData: 'x'.repeat(400 * 1024) }) });
    expect(huge.status).toBe(413);
    expect((await call('GET', '/spot/api/account/get_kline_config')).json.result.kline).toBe(before);
  });

  test('drawings in a layout are checked: a bad one is refused with a clear error and the stored layout kept (issue 36)', async () => {
    const d = { id: 'd1', kind: 'trend', points: [{ t: 1, p: 2 }, { t: 3, p: 4 }], color: '#2962ff', width: 2, locked: false, hidden: false };
    const ok = await call('POST', '/spot/api/account/set_kline_config', { kline: JSON.stringify({ version: 5, saveData: { drawings: { map: { BTCUSDT: [d] }, prefs: {} } } }) });
    expect(ok.json.code).toBe(0);
    const before = (await call('GET', '/spot/api/account/get_kline_config')).json.result.kline;
    expect(JSON.parse(JSON.parse(before).saveData).drawings.map.BTCUSDT).toEqual([d]);
    const bad = await call('POST', '/spot/api/account/set_kline_config', { kline: JSON.stringify({ version: 6, saveData: { drawings: { map: { BTCUSDT: [d, { ...d, id: 'd2', points: [{ t: 1, p: 'x' }] }] } } } }) });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.json)).toContain('1 invalid drawing');
    const many = await call('POST', '/spot/api/account/set_kline_config', { kline: JSON.stringify({ version: 7, saveData: { drawings: { map: { BTCUSDT: Array.from({ length: 201 }, (_, i) => ({ ...d, id: `d${i}` })) } } } }) });
    expect(many.status).toBe(400);
    expect((await call('GET', '/spot/api/account/get_kline_config')).json.result.kline).toBe(before);
  });

  test('the demo account cannot save a layout (spec 6)', async () => {
    const demo = await login(s.url, 100003);
    const res = await fetch(`${s.url}/spot/api/account/set_kline_config`, {
      method: 'POST', headers: { cookie: demo, origin: s.origin, 'content-type': 'application/json' },
      body: JSON.stringify({ kline: JSON.stringify({ version: 1, saveData: '{}' }) }),
    });
    expect(res.status).toBe(403);
  });
});

describe('favourites', () => {
  test('set then get, ordered by rank', async () => {
    const list = [{ symbolId: 'ETHUSDT', rank: 2 }, { symbolId: 'BTCUSDT', rank: 1 }, { symbolId: 'PEPEUSDT', rank: 3 }];
    expect((await call('POST', '/api/user/favourites', { list })).status).toBe(200);
    const got = await call('GET', '/api/user/favourites');
    expect(got.json.result.list).toEqual([{ symbolId: 'BTCUSDT', rank: 1 }, { symbolId: 'ETHUSDT', rank: 2 }, { symbolId: 'PEPEUSDT', rank: 3 }]);
  });

  test('unknown symbols and duplicates refuse the whole list', async () => {
    const before = (await call('GET', '/api/user/favourites')).json.result.list;
    expect((await call('POST', '/api/user/favourites', { list: [{ symbolId: 'SOLUSDT', rank: 1 }, { symbolId: 'NOPEUSDT', rank: 2 }] })).status).toBe(400);
    expect((await call('POST', '/api/user/favourites', { list: [{ symbolId: 'SOLUSDT', rank: 1 }, { symbolId: 'SOLUSDT', rank: 2 }] })).status).toBe(400);
    expect((await call('POST', '/api/user/favourites', { list: [{ symbolId: 'SOLUSDT', rank: -1 }] })).status).toBe(400);
    expect((await call('GET', '/api/user/favourites')).json.result.list).toEqual(before);
  });

  test('an empty list clears', async () => {
    expect((await call('POST', '/api/user/favourites', { list: [] })).status).toBe(200);
    expect((await call('GET', '/api/user/favourites')).json.result.list).toEqual([]);
  });
});

describe('OTC guide (spec 7.5, 2.17)', () => {
  test('an account is not guided until it records the guide, then is; per user; anonymous and cross-origin refused', async () => {
    const carol = await login(s.url, 100003);
    const get = async () => (await (await fetch(`${s.url}/api/otc/guided`, { headers: { cookie: carol } })).json()) as { result: { guided: boolean } };
    expect((await get()).result).toEqual({ guided: false });
    const foreign = await fetch(`${s.url}/api/otc/guided`, { method: 'POST', headers: { cookie: carol, origin: 'https://evil.example' } });
    expect(foreign.status).toBe(403);
    expect((await get()).result.guided).toBe(false);
    const rec = await fetch(`${s.url}/api/otc/guided`, { method: 'POST', headers: { cookie: carol, origin: s.origin } });
    expect(rec.status).toBe(200);
    expect((await get()).result.guided).toBe(true);
    // Recording again keeps it guided.
    expect((await fetch(`${s.url}/api/otc/guided`, { method: 'POST', headers: { cookie: carol, origin: s.origin } })).status).toBe(200);
    expect((await get()).result.guided).toBe(true);
    const bob = await login(s.url, 100002);
    expect(((await (await fetch(`${s.url}/api/otc/guided`, { headers: { cookie: bob } })).json()) as { result: { guided: boolean } }).result.guided).toBe(false);
    expect((await fetch(`${s.url}/api/otc/guided`)).status).toBe(401);
  });
});

describe('workspaces (issue 36 item 3)', () => {
  const good = {
    current: { places: { chart: 'book', book: 'chart', forms: 'forms', orders: 'orders', right: 'right' }, hidden: ['right'], ordersHeight: 300, ladder: true, bookWidth: 420, charts: { count: 2, extra: [{ symbol: 'ETHUSDT', interval: '60' }] } },
    named: [{ name: 'Scalping', workspace: { places: { chart: 'chart', book: 'book', forms: 'forms', orders: 'orders', right: 'right' }, hidden: [], ordersHeight: null, ladder: false, bookWidth: null, charts: { count: 1, extra: [] } } }],
  };
  test('none at first, then saved and read back', async () => {
    const first = await call('GET', '/api/user/workspaces');
    expect(first.status).toBe(200);
    expect((await call('POST', '/api/user/workspaces', { workspaces: good })).status).toBe(200);
    expect((await call('GET', '/api/user/workspaces')).json.result.workspaces).toEqual(good);
  });
  test('bad shapes get a 400 and lose nothing', async () => {
    const dup = { ...good, current: { ...good.current, places: { ...good.current.places, book: 'book' } } };
    for (const body of [
      { workspaces: dup },
      { workspaces: { ...good, named: [{ name: '', workspace: good.current }] } },
      { workspaces: { ...good, named: Array.from({ length: 21 }, (_, i) => ({ name: `n${i}`, workspace: good.current })) } },
      { workspaces: { ...good, current: { ...good.current, hidden: ['kitchen'] } } },
      { workspaces: { ...good, current: { ...good.current, charts: { count: 2, extra: [{ symbol: 'ETHUSDT', interval: '7' }] } } } },
      { workspaces: { ...good, current: { ...good.current, bookWidth: 12 } } },
      { workspaces: { ...good, named: [{ name: 'x'.repeat(40000), workspace: good.current }] } },
      { workspaces: 'text' },
    ]) {
      const res = await call('POST', '/api/user/workspaces', body);
      // 413 for a body past the limit, 400 for a wrong shape.
      expect([400, 413]).toContain(res.status);
      expect(res.json.success).toBe(false);
    }
    expect((await call('GET', '/api/user/workspaces')).json.result.workspaces).toEqual(good);
  });
  test('visitors are refused', async () => {
    expect((await fetch(`${s.url}/api/user/workspaces`)).status).toBe(401);
  });
});
