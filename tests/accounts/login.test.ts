import { request } from 'node:http';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { safeRedirectPath } from '../../server/auth/redirect.ts';
import { SEED_USERS } from '../../server/accounts/seed.ts';
import { login, removeDir, sharedTestServer, startTestServer, type TestServer } from './helpers.ts';

const s = sharedTestServer();

const OPEN_REDIRECTS = [
  '//evil.example/x',
  '/\\evil.example',
  '\\\\evil.example',
  'https://evil.example/',
  'javascript:alert(1)',
  'evil.example',
  '/%2F%2Fevil.example',
  '/\tevil',
  ' //evil.example',
  '',
  '/' + 'a'.repeat(3000),
  // Dot segments (plain or percent-encoded) that normalise to a protocol-relative '//host'.
  '/.//evil.example',
  '/..//evil.example',
  '/a/..//evil.example',
  '/%2e//evil.example',
  '/%2E%2E//evil.example',
  '/.%2e//evil.example',
  '/./\\evil.example',
  '/.\\/evil.example',
  '/%2e/%2e//evil.example/x?y#z',
  '/./\u0000/evil.example',
  '/x\u007f',
];

async function postLogin(userId: number, redirectUrl: string, origin: string | null = s.origin): Promise<Response> {
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
  if (origin !== null) headers.origin = origin;
  return fetch(`${s.url}/login`, { method: 'POST', redirect: 'manual', headers, body: new URLSearchParams({ user_id: String(userId), redirect_url: redirectUrl }).toString() });
}

describe('the account to log in as', () => {
  // Issue 30 item 5: Number('0x186A1') is 100001, so these logged in as alice.
  test.each(['0x186A1', '0X186a1', '1.00001e5', '100001.0', ' 100001', '100001 ', '+100001', '0b11000011010100001'])('user_id %j is an unknown account', async (id) => {
    const res = await fetch(`${s.url}/login`, {
      method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded', origin: s.origin },
      body: new URLSearchParams({ user_id: id, redirect_url: '/' }).toString(),
    });
    expect(res.status).toBe(400);
    expect(res.headers.get('set-cookie')).toBeNull();
    expect(await res.text()).toContain('Unknown account.');
  });
});

describe('redirect_url safety', () => {
  test.each(OPEN_REDIRECTS)('login never redirects off-origin for %j', async (target) => {
    const res = await postLogin(100001, target);
    expect(res.status).toBe(303);
    const loc = res.headers.get('location')!;
    // Either '/' or a same-origin path: never '//' or a scheme.
    expect(loc.startsWith('/')).toBe(true);
    expect(loc.startsWith('//')).toBe(false);
    expect(new URL(loc, s.url).origin).toBe(new URL(s.url).origin);
  });

  test('same-origin paths are kept, with query and hash', async () => {
    const res = await postLogin(100001, '/en/trade/spot/BTC/USDT?x=1#y');
    expect(res.headers.get('location')).toBe('/en/trade/spot/BTC/USDT?x=1#y');
  });

  test('unit: dangerous inputs all become /', () => {
    for (const t of OPEN_REDIRECTS.filter((x) => x !== '/%2F%2Fevil.example')) expect(safeRedirectPath(t)).toBe('/');
    // Encoded slashes stay a path on this origin (a browser does not decode them into a host).
    expect(new URL(safeRedirectPath('/%2F%2Fevil.example'), 'http://h').host).toBe('h');
  });

  test('property: whatever the input, the answer is a single-slash path on this origin, and stable', () => {
    const piece = fc.constantFrom('/', '//', '\\', '.', '..', '%2e', '%2E', '%2f', '%5c', '%09', ':', 'https:', 'javascript:', 'evil.example', '@', '?', '#', ' ', '\t', '\n', '\u0000', 'a', 'é');
    const input = fc.oneof(fc.string({ maxLength: 40 }), fc.array(piece, { maxLength: 12 }).map((xs) => xs.join('')), fc.array(piece, { maxLength: 12 }).map((xs) => `/${xs.join('')}`));
    fc.assert(
      fc.property(input, (raw) => {
        const out = safeRedirectPath(raw);
        expect(out.startsWith('/')).toBe(true);
        expect(out.startsWith('//') || out.startsWith('/\\')).toBe(false);
        expect(out).not.toMatch(/[\\\u0000-\u001f\u007f]/);
        // Resolved against any page of ours, it stays on our origin.
        expect(new URL(out, 'http://same.invalid/en/trade/').origin).toBe('http://same.invalid');
        expect(safeRedirectPath(out)).toBe(out);
      }),
      { numRuns: 2000 },
    );
  });

  test('the hidden redirect field of the login page is escaped and sanitised', async () => {
    const res = await fetch(`${s.url}/login?redirect_url=${encodeURIComponent('/x"><script>alert(1)</script>')}`);
    const html = await res.text();
    expect(html).not.toContain('<script>');
    expect(html).toContain('name="redirect_url"');
    const res2 = await fetch(`${s.url}/login?redirect_url=${encodeURIComponent('//evil.example')}`);
    expect(await res2.text()).not.toContain('evil.example');
  });

  test('the page language follows the locale prefix of redirect_url', async () => {
    const zh = await (await fetch(`${s.url}/login?redirect_url=${encodeURIComponent('/zh-CN/trade/spot/BTC/USDT')}`)).text();
    expect(zh).toContain('lang="zh-CN"');
    expect(zh).toContain('登录');
    const en = await (await fetch(`${s.url}/register`)).text();
    expect(en).toContain('lang="en"');
  });
});

describe('session cookie and CSRF', () => {
  test('cookie is HttpOnly, SameSite=Lax, Path=/', async () => {
    const res = await postLogin(100002, '/');
    const cookie = res.headers.get('set-cookie')!;
    expect(cookie).toMatch(/^spot_sid=[A-Za-z0-9_-]{40,}/);
    expect(cookie).toMatch(/;\s*HttpOnly/i);
    expect(cookie).toMatch(/;\s*SameSite=Lax/i);
    expect(cookie).toMatch(/;\s*Path=\//);
  });

  test('cross-origin or origin-less login form posts are refused', async () => {
    expect((await postLogin(100001, '/', 'https://evil.example')).status).toBe(403);
    expect((await postLogin(100001, '/', null)).status).toBe(403);
  });

  test('system accounts and unknown ids cannot be logged into', async () => {
    expect((await postLogin(1, '/')).status).toBe(400);
    expect((await postLogin(999999, '/')).status).toBe(400);
  });

  test('logout needs a same-origin request, then the session is gone', async () => {
    const cookie = await login(s.url, 100001);
    const info = async () => (await (await fetch(`${s.url}/api/user/info`, { headers: { cookie } })).json()).result;
    expect((await info()).userState).toBe(1);
    const refused = await fetch(`${s.url}/api/logout`, { method: 'POST', headers: { cookie, origin: 'https://evil.example' } });
    expect(refused.status).toBe(403);
    expect((await info()).userState).toBe(1);
    const bare = await fetch(`${s.url}/api/logout`, { method: 'POST', headers: { cookie } });
    expect(bare.status).toBe(403);
    const ok = await fetch(`${s.url}/api/logout`, { method: 'POST', headers: { cookie, 'x-requested-with': 'XMLHttpRequest' } });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('set-cookie')).toMatch(/Max-Age=0/);
    expect((await info()).userState).toBe(-1);
  });
});

describe('user info per seeded role', () => {
  test('anonymous', async () => {
    const r = (await (await fetch(`${s.url}/api/user/info`)).json()).result;
    expect(r).toMatchObject({ userState: -1, isLogin: false });
  });

  const expected: Record<string, Record<string, unknown>> = {
    uta: { isUTA: true, unified_account: 2, isDemoAccount: false, isSubAccount: false, isEAA: false, is_copy_trading_leader: false, member_tag: { UTA: 'SUCCESS', UTA_INVERSE: 'SUCCESS' } },
    classic: { isUTA: false, unified_account: 0, member_tag: { UTA: '', UTA_INVERSE: '' } },
    demo: { isDemoAccount: true, isUTA: true },
    sub: { isSubAccount: true, parentUid: 100001 },
    copy_leader: { is_copy_trading_leader: true, is_new_leader: true, isUTA: true },
    eaa: { isEAA: true, isDemoAccount: false },
  };
  test.each(SEED_USERS.filter((u) => !u.system).map((u) => [u.role, u.id, u.name] as const))('%s (%i)', async (role, id, name) => {
    const cookie = await login(s.url, id);
    const r = (await (await fetch(`${s.url}/api/user/info`, { headers: { cookie } })).json()).result;
    expect(r).toMatchObject({ userState: 1, isLogin: true, id, nickName: name, ...expected[role] });
    expect(r.double_confirm).toEqual({ notifyClose: true, tradeNotifyClose: false, successAudio: false, chartModify: true });
  });

  test('double_confirm flags come from preferences', async () => {
    const cookie = await login(s.url, 100006);
    const set = await fetch(`${s.url}/api/user/pref`, {
      method: 'POST', headers: { cookie, origin: s.origin, 'content-type': 'application/json' },
      body: JSON.stringify({ upsert_keys: { notifyClose: false, successAudio: '1', chartModify: 'false' } }),
    });
    expect(set.status).toBe(200);
    const r = (await (await fetch(`${s.url}/api/user/info`, { headers: { cookie } })).json()).result;
    // chartModify (a local extension) is on unless the user turned it off.
    expect(r.double_confirm).toEqual({ notifyClose: false, tradeNotifyClose: false, successAudio: true, chartModify: false });
  });
});

describe('register', () => {
  async function register(name: string, type = 'uta', origin = s.origin): Promise<Response> {
    return fetch(`${s.url}/register`, {
      method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
      body: new URLSearchParams({ name, account_type: type, redirect_url: '/en/trade/spot/ETH/USDT' }).toString(),
    });
  }

  test('creates a logged-in user with starting balances', async () => {
    const res = await register('carol_1', 'classic');
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/en/trade/spot/ETH/USDT');
    const cookie = res.headers.get('set-cookie')!.split(';')[0]!;
    const info = (await (await fetch(`${s.url}/api/user/info`, { headers: { cookie } })).json()).result;
    expect(info).toMatchObject({ userState: 1, nickName: 'carol_1', isUTA: false });
    const wallet = await (await fetch(`${s.url}/v5/account/wallet-balance?accountType=UNIFIED`, { headers: { cookie } })).json();
    const usdt = wallet.result.list[0].coin.find((c: { coin: string }) => c.coin === 'USDT');
    expect(usdt.walletBalance).toBe('10000');
    // The login page lists the seeded test accounts only: not carol_1, and her id does not log anyone in.
    const page = await (await fetch(`${s.url}/login`)).text();
    expect(page).not.toContain('carol_1');
    for (const u of SEED_USERS.filter((x) => !x.system)) expect(page).toContain(`value="${u.id}"`);
    const values = [...page.matchAll(/name="user_id" value="(\d+)"/g)].map((m) => Number(m[1]));
    expect(values).toEqual(SEED_USERS.filter((x) => !x.system).map((x) => x.id));
    const asCarol = await postLogin(info.id as number, '/');
    expect(asCarol.status).toBe(400);
    expect(asCarol.headers.get('set-cookie')).toBeNull();
    // Carol herself logs back in by her name (the page's second form); a system account's name does not work.
    const byName = (name: string) =>
      fetch(`${s.url}/login`, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded', origin: s.url }, body: new URLSearchParams({ name, redirect_url: '/' }).toString() });
    const back = await byName('carol_1');
    expect(back.status).toBe(303);
    const again = (await (await fetch(`${s.url}/api/user/info`, { headers: { cookie: back.headers.get('set-cookie')!.split(';')[0]! } })).json()).result;
    expect(again.id).toBe(info.id);
    expect((await byName('fees')).status).toBe(400);
    expect((await byName('nobody_here')).status).toBe(400);
  });

  test('bad or taken names are refused with the form shown again, escaped', async () => {
    const bad = await register('<img src=x onerror=alert(1)>');
    expect(bad.status).toBe(400);
    const html = await bad.text();
    expect(html).not.toContain('<img');
    expect((await register('alice')).status).toBe(400);
    expect((await register('dave_1', 'uta', 'https://evil.example')).status).toBe(403);
  });
});

/** A form POST from another loopback address (127.0.0.x): a second client. */
function formFrom(localAddress: string, url: string, form: Record<string, string>, origin: string): Promise<{ status: number; retryAfter: string | undefined; text: string }> {
  return new Promise((resolve, reject) => {
    const u = new URL(url);
    const data = new URLSearchParams(form).toString();
    const req = request(
      { host: u.hostname, port: u.port, path: u.pathname, method: 'POST', localAddress, headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': Buffer.byteLength(data), origin } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, retryAfter: res.headers['retry-after'], text }));
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

// Issue 30 item 3: 25 of 25 sign-ups were accepted.
describe('sign-up limits per client address and in total', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ config: { limits: { register: { max: 2, windowMs: 3_600_000 }, 'register-total': { max: 3, windowMs: 86_400_000 } } } });
  });
  afterAll(async () => {
    await t.stop();
    removeDir(t.dataDir);
  });
  const signUp = (ip: string, name: string, redirect = '/en/trade/spot/BTC/USDT') => formFrom(ip, `${t.url}/register`, { name, account_type: 'uta', redirect_url: redirect }, t.origin);
  const users = () => (t.db.prepare(`SELECT name FROM users WHERE role = 'registered' ORDER BY id`).all() as Array<{ name: string }>).map((u) => u.name);

  test('an address gets its few, then the form says when to come back (in the page’s language); the total holds across addresses', async () => {
    // A name the form refuses spends nothing.
    expect((await signUp('127.0.0.1', 'x')).status).toBe(400);
    expect((await signUp('127.0.0.1', 'limit_a')).status).toBe(303);
    expect((await signUp('127.0.0.1', 'limit_b')).status).toBe(303);
    const here = await signUp('127.0.0.1', 'limit_c');
    expect(here.status).toBe(429);
    expect(here.text).toMatch(/role="alert">Too many sign-ups from your network\. Try again in \d+ min\.</);
    expect(here.text).toContain('value="limit_c"');
    expect(Number(here.retryAfter)).toBeGreaterThan(0);
    const zh = await signUp('127.0.0.1', 'limit_d', '/zh-CN/trade/spot/BTC/USDT');
    expect(zh.status).toBe(429);
    expect(zh.text).toMatch(/您所在网络的注册次数过多，请在 \d+ 分钟后重试。/);
    // Another address: its own budget, until everyone's (3) is spent.
    expect((await signUp('127.0.0.2', 'limit_e')).status).toBe(303);
    const all = await signUp('127.0.0.3', 'limit_f', '/ja/trade/spot/BTC/USDT');
    expect(all.status).toBe(429);
    expect(all.text).toMatch(/最近の新規口座開設が多いため、登録を一時停止しています。\d+ 分後にもう一度お試しください。/);
    expect(users()).toEqual(['limit_a', 'limit_b', 'limit_e']);
  });
});
