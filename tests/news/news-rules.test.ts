// The notice bar's and the announcement banner's rules (spec 2.9, 4.15, 6, 9).
import { describe, expect, test } from 'vitest';
import {
  ANNOUNCEMENT_CLICK_HIDE_MS, ANNOUNCEMENT_CLOSE_HIDE_MS, bannerAnnouncement, EMPTY_READ_STATE, markRead, noticeBarAllowed, parseReadState,
  type Announcement,
} from '../../src/core/news.ts';
import { contentLocaleOf, decodeNotices, encodeNoticeValue, noticesFor } from '../../src/protocol/notices.ts';
import { decodeAnnouncements, encodeAnnouncement } from '../../src/protocol/announcements.ts';

const DAY = 86_400_000;
const NOW = 1_800_000_000_000;
const ann = (daysAgo: number, url: string): Announcement => ({ title: url, description: '', url, typeKey: 'other', dateTimestamp: NOW - daysAgo * DAY });

describe('notice bar', () => {
  test('shows for visitors, non-EAA users and demo users; not for logged-in EAA users', () => {
    expect(noticeBarAllowed({ loggedIn: false, isEAA: false, isDemo: false })).toBe(true);
    expect(noticeBarAllowed({ loggedIn: true, isEAA: false, isDemo: false })).toBe(true);
    expect(noticeBarAllowed({ loggedIn: true, isEAA: true, isDemo: false })).toBe(false);
    expect(noticeBarAllowed({ loggedIn: true, isEAA: true, isDemo: true })).toBe(true);
  });

  test('decoding keeps good notices, skips bad ones and reads ALL and comma lists', () => {
    const list = decodeNotices({
      list: [
        { id: 1, locale: 'en-US', value: encodeNoticeValue('ALL', 'hello', '/a') },
        { id: 2, locale: 'en-US', value: encodeNoticeValue('btcusdt, ETHUSDT', 'two', '') },
        { id: 3, locale: 'en-US', value: '{not json' },
        { id: 'x', locale: 'en-US', value: encodeNoticeValue('ALL', 'bad id', '') },
        { id: 4, locale: 'en-US', value: encodeNoticeValue('ALL', '   ', '') },
        null,
      ],
    })!;
    expect(list.map((n) => [n.id, n.symbols])).toEqual([
      [1, null],
      [2, ['BTCUSDT', 'ETHUSDT']],
    ]);
    expect(decodeNotices({ nope: 1 })).toBeNull();
    expect(decodeNotices('x')).toBeNull();
  });

  test('a page gets its own locale’s notices for its symbol, English ones when its locale has none', () => {
    const list = decodeNotices({
      list: [
        { id: 1, locale: 'en-US', value: encodeNoticeValue('ALL', 'en all', '') },
        { id: 2, locale: 'en-US', value: encodeNoticeValue('ETHUSDT', 'en eth', '') },
        { id: 3, locale: 'ja-JP', value: encodeNoticeValue('ALL', 'ja all', '') },
      ],
    })!;
    expect(contentLocaleOf('en')).toBe('en-US');
    expect(contentLocaleOf('zh-CN')).toBe('zh-CN');
    expect(noticesFor(list, 'en', 'BTCUSDT').map((n) => n.id)).toEqual([1]);
    expect(noticesFor(list, 'en', 'ETHUSDT').map((n) => n.id)).toEqual([1, 2]);
    expect(noticesFor(list, 'ja', 'ETHUSDT').map((n) => n.id)).toEqual([3]);
    expect(noticesFor(list, 'ru', 'BTCUSDT').map((n) => n.id)).toEqual([1]);
  });
});

describe('announcement banner', () => {
  test('the newest of the last 7 days, none older', () => {
    expect(bannerAnnouncement([ann(3, 'a'), ann(1, 'b'), ann(8, 'c')], NOW, 0, EMPTY_READ_STATE)?.url).toBe('b');
    expect(bannerAnnouncement([ann(8, 'c')], NOW, 0, EMPTY_READ_STATE)).toBeNull();
  });

  test('hidden until the close (24 h) or a click (5 min) runs out', () => {
    const list = [ann(1, 'b')];
    expect(bannerAnnouncement(list, NOW, NOW + ANNOUNCEMENT_CLOSE_HIDE_MS, EMPTY_READ_STATE)).toBeNull();
    expect(bannerAnnouncement(list, NOW + ANNOUNCEMENT_CLOSE_HIDE_MS, NOW + ANNOUNCEMENT_CLOSE_HIDE_MS, EMPTY_READ_STATE)?.url).toBe('b');
    expect(bannerAnnouncement(list, NOW + ANNOUNCEMENT_CLICK_HIDE_MS - 1, NOW + ANNOUNCEMENT_CLICK_HIDE_MS, EMPTY_READ_STATE)).toBeNull();
  });

  test('one marked read never shows again; the next one does', () => {
    const read = markRead(EMPTY_READ_STATE, 'b', NOW);
    expect(read).toEqual({ openTime: NOW, readedList: { deadPool: [], announcement: ['b'] } });
    expect(bannerAnnouncement([ann(1, 'b'), ann(2, 'a')], NOW, 0, read)?.url).toBe('a');
    expect(markRead(read, 'b', NOW + 1).readedList.announcement).toEqual(['b']);
  });

  test('a stored read state that is not one reads as empty', () => {
    expect(parseReadState(undefined)).toEqual(EMPTY_READ_STATE);
    expect(parseReadState('{bad')).toEqual(EMPTY_READ_STATE);
    expect(parseReadState('"x"')).toEqual(EMPTY_READ_STATE);
    expect(parseReadState(JSON.stringify({ openTime: 5, readedList: { announcement: ['a', 3], deadPool: 'no' } }))).toEqual({
      openTime: 5,
      readedList: { deadPool: [], announcement: ['a'] },
    });
  });
});

describe('decodeAnnouncements (Bybit GET /v5/announcements/index)', () => {
  const entry = (over: Record<string, unknown>) => ({
    title: 'T', description: 'D', type: { title: 'New Listings', key: 'new_crypto' }, tags: ['Spot'], url: 'https://announcements.bybit.com/en/article/t', dateTimestamp: NOW, startDateTimestamp: 0, endDateTimestamp: 0, publishTime: NOW, ...over,
  });
  const answer = (list: unknown[], retCode = 0) => ({ retCode, retMsg: 'OK', result: { total: list.length, list } });

  test('reads Bybit entries; leaves out one whose url is not an http(s) article, or that lacks a title or a date', () => {
    const list = [
      entry({}),
      entry({ title: 'path', url: '/announcements/x' }),
      entry({ title: 'script', url: 'javascript:alert(1)' }),
      entry({ title: 'no date', dateTimestamp: '1' }),
      entry({ title: ' ' }),
      entry({ title: 'plain http', url: 'http://127.0.0.1:8787/announcements/x', type: 'other' }),
    ];
    expect(decodeAnnouncements(answer(list))).toEqual([
      { title: 'T', description: 'D', url: 'https://announcements.bybit.com/en/article/t', typeKey: 'new_crypto', dateTimestamp: NOW },
      { title: 'plain http', description: 'D', url: 'http://127.0.0.1:8787/announcements/x', typeKey: '', dateTimestamp: NOW },
    ]);
    expect(decodeAnnouncements(answer([entry({})], 10016))).toEqual([]);
    expect(decodeAnnouncements({ retCode: 0, result: {} })).toEqual([]);
  });

  test('an exchange path becomes an absolute url on its origin; an http(s) url stays', () => {
    const src = { title: 'T', description: '', typeKey: 'other', typeTitle: 'Other', tags: ['Spot'], dateTimestamp: 1, startDateTimestamp: 0, endDateTimestamp: 0, publishTime: 1 };
    expect(encodeAnnouncement({ ...src, url: '/announcements/t' }, 'http://127.0.0.1:8787').url).toBe('http://127.0.0.1:8787/announcements/t');
    expect(encodeAnnouncement({ ...src, url: 'https://example.com/a' }, 'http://127.0.0.1:8787')).toMatchObject({ url: 'https://example.com/a', type: { title: 'Other', key: 'other' }, tags: ['Spot'] });
  });
});
