// Bybit's GET /v5/announcements/index (docs/v5/announcement.mdx): the exchange encodes each entry
// with encodeAnnouncement and the page decodes the answer with decodeAnnouncements.
import type { Announcement } from '../core/news.ts';

export const ANNOUNCEMENTS_PATH = '/v5/announcements/index';

/** One list entry as Bybit sends it. */
export interface AnnouncementWire {
  title: string;
  description: string;
  /** The announcement type: its English title and key (new_crypto, latest_bybit_news, delistings, …). */
  type: { title: string; key: string };
  tags: string[];
  /** The article: an absolute http(s) URL, as Bybit's are. */
  url: string;
  dateTimestamp: number;
  /** Only for latest_activities (Bybit's example JSON spells them so; its field table says startDataTimestamp). */
  startDateTimestamp: number;
  endDateTimestamp: number;
  publishTime: number;
}

/** What the exchange keeps of one announcement; its url may be a path on the exchange's origin. */
export interface AnnouncementSource {
  title: string;
  description: string;
  typeKey: string;
  typeTitle: string;
  tags: readonly string[];
  url: string;
  dateTimestamp: number;
  startDateTimestamp: number;
  endDateTimestamp: number;
  publishTime: number;
}

/** Bybit's list entry; a path becomes an absolute URL on `origin` (such as "http://127.0.0.1:8787"). */
export function encodeAnnouncement(a: AnnouncementSource, origin: string): AnnouncementWire {
  return {
    title: a.title,
    description: a.description,
    type: { title: a.typeTitle, key: a.typeKey },
    tags: [...a.tags],
    url: a.url.startsWith('/') ? `${origin}${a.url}` : a.url,
    dateTimestamp: a.dateTimestamp,
    startDateTimestamp: a.startDateTimestamp,
    endDateTimestamp: a.endDateTimestamp,
    publishTime: a.publishTime,
  };
}

/** True for a URL Bybit could send as an article: http(s) with a host. */
export function isArticleUrl(url: string): boolean {
  try {
    const u = new URL(url);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.host !== '';
  } catch {
    return false;
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The announcements of an answer, newest first as sent; a non-zero retCode or a malformed answer
 * gives none (spec 8). An entry without a title, a date or an http(s) url is left out; text is capped.
 */
export function decodeAnnouncements(data: unknown): Announcement[] {
  if (!isRecord(data) || data.retCode !== 0 || !isRecord(data.result) || !Array.isArray(data.result.list)) return [];
  const out: Announcement[] = [];
  for (const item of data.result.list.slice(0, 100)) {
    if (!isRecord(item)) continue;
    const { title, description, url, dateTimestamp, type } = item;
    if (typeof title !== 'string' || title.trim() === '' || typeof url !== 'string' || !isArticleUrl(url) || typeof dateTimestamp !== 'number' || !Number.isFinite(dateTimestamp)) continue;
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
