// What the exchange announces (spec 2.9, 2.18, 4.10, 4.15, 7.5): the footer banner's announcements
// (GET /v5/announcements/index, read once per page language while the banner shows; a failure, or a
// non-zero retCode, is an empty list) and the notice bar's notices (the public stream's `notice`
// topic, state/market/market-data.ts) for the page's language and symbol.
import { fetchAnnouncements } from '../../api/news.ts';
import type { Announcement } from '../../core/news.ts';
import { noticesFor, type Notice } from '../../protocol/notices.ts';
import { pollPool } from '../poll.ts';
import { activeSymbol } from './active-market.ts';
import { notices } from './market-data.ts';

export type { Notice } from '../../protocol/notices.ts';

const NONE: readonly Announcement[] = [];
const announcements = pollPool<string, readonly Announcement[]>((locale) => ({ read: (signal) => fetchAnnouncements(locale, signal), everyMs: null, initial: NONE }), (l) => l);

/** Reads the announcements of a page language (once) while the caller holds it; returns the release. */
export function watchAnnouncements(locale: string): () => void {
  return announcements.use(locale);
}

/** The announcements of a page language, newest first (none before the answer, or after a failure). */
export function announcementsFor(locale: string): readonly Announcement[] {
  return announcements.data(locale, NONE);
}

/** The notice bar's notices for the page language and the active symbol: the language's own, else English. */
export function noticeBarNotices(locale: string): Notice[] {
  return noticesFor(notices.value, locale, activeSymbol.value?.symbolId ?? '');
}
