// Announcements (Bybit's GET /v5/announcements/index, spec 7.5) and the preferences the banner keeps.
import type { Announcement } from '../core/news.ts';
import { contentLocaleOf } from '../protocol/notices.ts';
import { ANNOUNCEMENTS_PATH, decodeAnnouncements } from '../protocol/announcements.ts';
import { requestJson } from './http.ts';

/**
 * The spot announcements for a page locale, newest first. A non-zero retCode gives an empty list
 * (spec 8); entries that do not parse are left out. Network failures reject (the caller shows none).
 */
export async function fetchAnnouncements(pageLocale: string, signal?: AbortSignal): Promise<Announcement[]> {
  const q = new URLSearchParams({ locale: contentLocaleOf(pageLocale), tag: 'Spot', limit: '20' });
  return decodeAnnouncements(await requestJson(`${ANNOUNCEMENTS_PATH}?${q}`, { signal, timeoutMs: 10_000 }));
}
