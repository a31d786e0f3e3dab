// Spec 6 / 7.1: the user's time zone that a login fetches (GET /spot/api/account/time_zone).
import { beforeAll, describe, expect, test } from 'vitest';
import { login, sharedTestServer } from './helpers.ts';

const s = sharedTestServer();
let cookie: string;
beforeAll(async () => {
  cookie = await login(s.url, 100002);
});

const get = async (headers: Record<string, string>) => {
  const res = await fetch(`${s.url}/spot/api/account/time_zone`, { headers });
  return { status: res.status, json: (await res.json()) as { code: number; result: { timeZone: string } } };
};

describe('the user time zone', () => {
  test('UTC until set, then the timeZone preference; visitors are refused', async () => {
    expect((await get({ cookie })).json.result.timeZone).toBe('UTC');
    const set = await fetch(`${s.url}/api/user/pref`, { method: 'POST', headers: { cookie, origin: s.origin, 'content-type': 'application/json' }, body: JSON.stringify({ upsert_keys: { timeZone: 'Asia/Tokyo' } }) });
    expect(set.status).toBe(200);
    const r = await get({ cookie });
    expect(r.json).toMatchObject({ code: 0, result: { timeZone: 'Asia/Tokyo' } });
    expect((await get({})).status).toBe(401);
  });
});
