import type { Db } from '../accounts/db.ts';

/** The locale whose content stands in when a locale has none of its own. */
export const FALLBACK_LOCALE = 'en-US';

/** One notice of the notice bar (spec 3 "Notice": symbolName is ALL or a comma list of symbols). */
export interface NoticeRow {
  id: number;
  locale: string;
  symbolName: string;
  info: string;
  url: string;
  audience: string;
  createdAt: number;
}

/** One announcement, in Bybit's /v5/announcements/index shape once encoded. */
export interface AnnouncementRow {
  id: number;
  locale: string;
  title: string;
  description: string;
  typeKey: string;
  typeTitle: string;
  tags: string[];
  url: string;
  dateTimestamp: number;
  startDateTimestamp: number;
  endDateTimestamp: number;
  publishTime: number;
  audience: string;
}

export type NewNotice = Omit<NoticeRow, 'id' | 'createdAt'>;
export type NewAnnouncement = Omit<AnnouncementRow, 'id'>;

/** Bybit's announcement type keys (docs/v5/enum.mdx, announcementType). */
export const ANNOUNCEMENT_TYPES: Readonly<Record<string, string>> = {
  new_crypto: 'New Listings',
  latest_bybit_news: 'Latest Bybit News',
  delistings: 'Delistings',
  latest_activities: 'Latest Activities',
  product_updates: 'Product Updates',
  maintenance_updates: 'Maintenance Updates',
  new_fiat_listings: 'New Fiat Listings',
  other: 'Other',
};

/**
 * Notices and announcements in SQLite. A row's `audience` is '' (everyone) or one fault scope,
 * so a test's content reaches only its own browser context.
 */
export class NewsStore {
  private readonly listeners = new Set<() => void>();

  constructor(private readonly db: Db) {}

  /** True when there are neither notices nor announcements (a new database, seeded unless `--news none`). */
  isEmpty(): boolean {
    return (this.db.prepare('SELECT (SELECT COUNT(*) FROM notices) + (SELECT COUNT(*) FROM announcements) AS n').get() as { n: number }).n === 0;
  }

  /** Called after every change of the notices (the public stream pushes them again). */
  onNoticesChanged(fn: () => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  /** Every notice a client of `scope` may see (all locales; the page picks its own). */
  notices(scope: string | undefined): NoticeRow[] {
    const rows = this.db
      .prepare(`SELECT id, locale, symbol_name, info, url, audience, created_at FROM notices WHERE audience = '' OR audience = ? ORDER BY id`)
      .all(scope ?? '') as Array<Record<string, unknown>>;
    return rows.map((r) => ({
      id: r.id as number,
      locale: r.locale as string,
      symbolName: r.symbol_name as string,
      info: r.info as string,
      url: r.url as string,
      audience: r.audience as string,
      createdAt: r.created_at as number,
    }));
  }

  addNotice(n: NewNotice, now = Date.now()): number {
    const r = this.db
      .prepare('INSERT INTO notices (locale, symbol_name, info, url, audience, created_at) VALUES (?, ?, ?, ?, ?, ?)')
      .run(n.locale, n.symbolName, n.info, n.url, n.audience, now);
    this.changed();
    return Number(r.lastInsertRowid);
  }

  /** Removes the notices of one audience ('' included only when asked for by name). */
  clearNotices(audience: string): number {
    const n = this.db.prepare('DELETE FROM notices WHERE audience = ?').run(audience).changes;
    if (n > 0) this.changed();
    return n;
  }

  addAnnouncement(a: NewAnnouncement): number {
    const r = this.db
      .prepare(
        `INSERT INTO announcements (locale, title, description, type_key, type_title, tags, url, date_ts, start_ts, end_ts, publish_ts, audience)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(a.locale, a.title, a.description, a.typeKey, a.typeTitle, JSON.stringify(a.tags), a.url, a.dateTimestamp, a.startDateTimestamp, a.endDateTimestamp, a.publishTime, a.audience);
    return Number(r.lastInsertRowid);
  }

  clearAnnouncements(audience: string): number {
    return this.db.prepare('DELETE FROM announcements WHERE audience = ?').run(audience).changes;
  }

  /**
   * One page of a locale's announcements, newest first (Bybit: page from 1, limit default 20),
   * filtered by type key and tag; a locale with none gets FALLBACK_LOCALE's.
   */
  announcements(q: { locale: string; type?: string; tag?: string; page: number; limit: number; scope: string | undefined }): { total: number; list: AnnouncementRow[] } {
    const has = this.db.prepare(`SELECT 1 FROM announcements WHERE locale = ? AND (audience = '' OR audience = ?) LIMIT 1`).get(q.locale, q.scope ?? '');
    const locale = has ? q.locale : FALLBACK_LOCALE;
    const rows = (
      this.db
        .prepare(
          `SELECT * FROM announcements WHERE locale = ? AND (audience = '' OR audience = ?) AND (? = '' OR type_key = ?)
           ORDER BY date_ts DESC, id DESC`,
        )
        .all(locale, q.scope ?? '', q.type ?? '', q.type ?? '') as Array<Record<string, unknown>>
    )
      .map(toAnnouncement)
      .filter((a) => !q.tag || a.tags.includes(q.tag));
    const from = (q.page - 1) * q.limit;
    return { total: rows.length, list: rows.slice(from, from + q.limit) };
  }

  /** The announcement whose url is this path (the newest, in any locale), for its article page. */
  announcementAt(path: string, scope: string | undefined): AnnouncementRow | undefined {
    const r = this.db
      .prepare(`SELECT * FROM announcements WHERE url = ? AND (audience = '' OR audience = ?) ORDER BY (locale = 'en-US') DESC, date_ts DESC LIMIT 1`)
      .get(path, scope ?? '') as Record<string, unknown> | undefined;
    return r ? toAnnouncement(r) : undefined;
  }

  private changed(): void {
    for (const fn of this.listeners) fn();
  }
}

function toAnnouncement(r: Record<string, unknown>): AnnouncementRow {
  let tags: string[] = [];
  try {
    const parsed: unknown = JSON.parse(r.tags as string);
    if (Array.isArray(parsed)) tags = parsed.filter((t): t is string => typeof t === 'string');
  } catch {
    /* a damaged row shows without tags */
  }
  return {
    id: r.id as number,
    locale: r.locale as string,
    title: r.title as string,
    description: r.description as string,
    typeKey: r.type_key as string,
    typeTitle: r.type_title as string,
    tags,
    url: r.url as string,
    dateTimestamp: r.date_ts as number,
    startDateTimestamp: r.start_ts as number,
    endDateTimestamp: r.end_ts as number,
    publishTime: r.publish_ts as number,
    audience: r.audience as string,
  };
}
