// Announcements (Bybit's GET /v5/announcements/index, spec 7.5) and the preferences the banner keeps.
import type { Announcement } from '../core/news.ts';
import { contentLocaleOf } from '../protocol/notices.ts';
import { isRecord, requestJson } from './http.ts';

/**
 * The spot announcements for a page locale, newest first. A non-zero retCode gives an empty list
 * (spec 8); entries that do not parse are left out. Network failures reject (the caller shows none).
 */
export async function fetchAnnouncements(pageLocale: string, signal?: AbortSignal): Promise<Announcement[]> {
  const q = new URLSearchParams({ locale: contentLocaleOf(pageLocale), tag: 'Spot', limit: '20' });
  const data = await requestJson(`/v5/announcements/index?${q}`, { signal, timeoutMs: 10_000 });
  if (!isRecord(data) || data.retCode !== 0 || !isRecord(data.result) || !Array.isArray(data.result.list)) return [];
  const out: Announcement[] = [];
  for (const item of data.result.list.slice(0, 100)) {
    if (!isRecord(item)) continue;
    const { title, description, url, dateTimestamp, type } = item;
    if (typeof title !== 'string' || title.trim() === '' || typeof url !== 'string' || typeof dateTimestamp !== 'number' || !Number.isFinite(dateTimestamp)) continue;
    out.push({
      title: title.slice(0, 300),
      description: typeof description === 'string' ? description.slice(0, 1000) : '',
      url: url.slice(0, 2000),
      typeKey: isRecord(type) && typeof type.key === 'string' ? type.key : '',
      dateTimestamp,
    });
  }
  return out;
}
