// Issue 19 items 1 and 2 on the exchange: the notice bar's stream and Bybit's announcements list.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import WebSocket from 'ws';
import { decodeNotices, NOTICE_TOPIC } from '../../src/protocol/notices.ts';
import { ANNOUNCEMENTS_PATH, decodeAnnouncements, type AnnouncementWire } from '../../src/protocol/announcements.ts';
import { startTestExchange, TestSocket, type TestExchange } from './helpers.ts';
import { faults } from '../support/faults.ts';

let ex: TestExchange;
beforeAll(async () => {
  ex = await startTestExchange(['--news', 'seed'], { accounts: true });
});
afterAll(() => ex.stop());

const get = async (path: string, cookie?: string) => (await fetch(`${ex.http}${path}`, { headers: cookie ? { cookie } : {} })).json() as Promise<any>;
const f = faults(() => ex.http);

/** A public socket (with this fault-scope cookie, if any) subscribed to the notice topic; resolves with the socket and its first snapshot. */
async function noticeSocket(scope?: string): Promise<{ s: TestSocket; first: any }> {
  const s = scope ? await openWithCookie(`fault_scope=${scope}`) : await TestSocket.open(ex.ws);
  s.send({ op: 'subscribe', args: [NOTICE_TOPIC] });
  const first = await s.next((m) => m.topic === NOTICE_TOPIC);
  return { s, first };
}

async function openWithCookie(cookie: string): Promise<TestSocket> {
  // TestSocket has no header option; a plain ws with the cookie, wrapped the same way.
  const ws = new WebSocket(ex.ws, { headers: { cookie } });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  const received: any[] = [];
  const waiters: Array<{ pred: (m: any) => boolean; resolve: (m: any) => void }> = [];
  ws.on('message', (d) => {
    const m = JSON.parse(String(d));
    const i = waiters.findIndex((w) => w.pred(m));
    if (i >= 0) waiters.splice(i, 1)[0]!.resolve(m);
    else received.push(m);
  });
  return {
    ws,
    received,
    send: (o: unknown) => ws.send(JSON.stringify(o)),
    next: (pred: (m: any) => boolean) => {
      const j = received.findIndex(pred);
      if (j >= 0) return Promise.resolve(received.splice(j, 1)[0]);
      return new Promise((resolve) => waiters.push({ pred, resolve }));
    },
  } as unknown as TestSocket;
}

describe('announcements (GET /v5/announcements/index)', () => {
  test('needs a locale; lists newest first in Bybit fields; filters by type and tag; pages', async () => {
    expect((await get('/v5/announcements/index')).retCode).toBe(10001);
    const r = await get('/v5/announcements/index?locale=en-US');
    expect(r.retCode).toBe(0);
    const list = r.result.list as any[];
    expect(r.result.total).toBe(list.length);
    expect(list.length).toBeGreaterThanOrEqual(3);
    for (const a of list) {
      expect(Object.keys(a).sort()).toEqual(['dateTimestamp', 'description', 'endDateTimestamp', 'publishTime', 'startDateTimestamp', 'tags', 'title', 'type', 'url'].sort());
      expect(a.type).toEqual({ key: expect.any(String), title: expect.any(String) });
      // Bybit's types: tags a list of strings, times in ms, the url an http(s) article (here on this exchange).
      expect(a.tags.length).toBeGreaterThan(0);
      for (const t of a.tags) expect(typeof t).toBe('string');
      expect(Number.isInteger(a.dateTimestamp)).toBe(true);
      expect(Number.isInteger(a.publishTime)).toBe(true);
      expect(a.url).toMatch(new RegExp(`^${ex.http}/announcements/[a-z0-9-]+$`));
    }
    const dates = list.map((a) => a.dateTimestamp);
    expect(dates).toEqual([...dates].sort((x, y) => y - x));
    const listings = await get('/v5/announcements/index?locale=en-US&type=new_crypto');
    expect(listings.result.list.every((a: any) => a.type.key === 'new_crypto')).toBe(true);
    expect(listings.result.list.length).toBeGreaterThan(0);
    const tagged = await get('/v5/announcements/index?locale=en-US&tag=Spot%20Listings');
    expect(tagged.result.list.every((a: any) => a.tags.includes('Spot Listings'))).toBe(true);
    const page2 = await get('/v5/announcements/index?locale=en-US&page=2&limit=1');
    expect(page2.result.list).toEqual([list[1]]);
    expect((await get('/v5/announcements/index?locale=en-US&limit=0')).retCode).toBe(10001);
  });

  test('a locale without its own announcements gets the English ones', async () => {
    const en = await get('/v5/announcements/index?locale=en-US');
    // Every page language has its own (server/news/seed-text.ts); Swahili is not one of them.
    const sw = await get('/v5/announcements/index?locale=sw-KE');
    expect(sw.result.list).toEqual(en.result.list);
  });

  test('one added for a fault scope is listed only for that scope, and its article page shows it escaped', async () => {
    await f.announcement({ title: 'Scoped <b>news</b>', description: 'x & y', url: '/announcements/scoped-news', scope: 'sc-a' });
    const mine = await get('/v5/announcements/index?locale=en-US', 'fault_scope=sc-a');
    const others = await get('/v5/announcements/index?locale=en-US');
    expect(mine.result.list[0].title).toBe('Scoped <b>news</b>');
    expect(others.result.list.some((a: any) => a.title.startsWith('Scoped'))).toBe(false);
    const page = await fetch(`${ex.http}/announcements/scoped-news`, { headers: { cookie: 'fault_scope=sc-a' } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Scoped &#60;b&#62;news&#60;&#47;b&#62;');
    expect(html).not.toContain('<b>news');
    expect((await fetch(`${ex.http}/announcements/no-such-thing`)).status).toBe(404);
  });

  test('an added one keeps an http(s) url, gets an article of its own without one, and is refused with any other', async () => {
    await f.announcement({ title: 'Elsewhere', url: 'https://announcements.example.com/en/article/x', scope: 'sc-u' });
    await f.announcement({ title: 'No link given!', scope: 'sc-u' });
    const list = (await get('/v5/announcements/index?locale=en-US', 'fault_scope=sc-u')).result.list as any[];
    expect(list.find((a) => a.title === 'Elsewhere').url).toBe('https://announcements.example.com/en/article/x');
    const own = list.find((a) => a.title === 'No link given!').url;
    expect(own).toBe(`${ex.http}/announcements/no-link-given`);
    expect((await fetch(own, { headers: { cookie: 'fault_scope=sc-u' } })).status).toBe(200);
    for (const url of ['javascript:alert(1)', '//evil.example/x', '/somewhere/else', 'ftp://example.com/x']) {
      const r = await fetch(`${ex.http}/faults/announcement`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ title: 'Bad', url }) });
      expect(r.status, url).toBe(400);
    }
    expect(((await get('/v5/announcements/index?locale=en-US')).result.list as any[]).some((a) => a.title === 'Bad')).toBe(false);
  });

  test('the page\'s decoder (src/protocol/announcements.ts) reads every entry whole, its url an http(s) article on the exchange', async () => {
    const answer = (await (await fetch(`${ex.http}${ANNOUNCEMENTS_PATH}?locale=en-US&limit=100`)).json()) as { result: { list: AnnouncementWire[] } };
    const wire = answer.result.list;
    expect(wire.length).toBeGreaterThan(0);
    const decoded = decodeAnnouncements(answer);
    expect(decoded).toEqual(wire.map((a) => ({ title: a.title, description: a.description, url: a.url, typeKey: a.type.key, dateTimestamp: a.dateTimestamp })));
    for (const a of decoded) {
      expect(a.url.startsWith(`${ex.http}/announcements/`), a.url).toBe(true);
      expect((await fetch(a.url)).status).toBe(200);
    }
  });
});

describe('notices (public stream topic "notice")', () => {
  test('a subscriber gets every notice at once and again on each change; a scoped notice reaches only its scope', async () => {
    const plain = await noticeSocket();
    const scoped = await noticeSocket('sc-n');
    const seeded = decodeNotices(plain.first.data)!;
    expect(seeded.length).toBeGreaterThan(0);
    expect(seeded.some((n) => n.symbols === null && n.locale === 'en-US')).toBe(true);
    expect(plain.first.type).toBe('snapshot');

    const added = await f.notice({ symbolName: 'ETHUSDT, SOLUSDT', info: 'Only for this scope', url: 'https://example.com/x', scope: 'sc-n' });
    expect(added.ok).toBe(true);
    const push = await scoped.s.next((m) => m.topic === NOTICE_TOPIC);
    const mine = decodeNotices(push.data)!;
    expect(mine.find((n) => n.id === added.id)).toMatchObject({ symbols: ['ETHUSDT', 'SOLUSDT'], info: 'Only for this scope', url: 'https://example.com/x' });
    // The unscoped socket is pushed the same list it had: nothing of the scope's.
    const theirs = decodeNotices((await plain.s.next((m) => m.topic === NOTICE_TOPIC)).data)!;
    expect(theirs.map((n) => n.id)).toEqual(seeded.map((n) => n.id));

    expect((await f.noticeClear({ scope: 'sc-n' })).removed).toBe(1);
    const cleared = decodeNotices((await scoped.s.next((m) => m.topic === NOTICE_TOPIC)).data)!;
    expect(cleared.map((n) => n.id)).toEqual(seeded.map((n) => n.id));
    plain.s.ws.close();
    scoped.s.ws.close();
  });

  test('an exchange started with --news none has no notices and no announcements', async () => {
    const bare = await startTestExchange(['--news', 'none'], { accounts: true });
    try {
      const r = await (await fetch(`${bare.http}/v5/announcements/index?locale=en-US`)).json();
      expect(r.result).toEqual({ total: 0, list: [] });
      const s = await TestSocket.open(bare.ws);
      s.send({ op: 'subscribe', args: [NOTICE_TOPIC] });
      const first = await s.next((m) => m.topic === NOTICE_TOPIC);
      expect(first.data.list).toEqual([]);
      s.ws.close();
    } finally {
      await bare.stop();
    }
  });
});
