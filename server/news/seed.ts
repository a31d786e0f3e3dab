import type { NewsStore } from './store.ts';
import { ANNOUNCEMENT_TYPES } from './store.ts';
import { SEED_TEXT } from './seed-text.ts';

const DAY = 86_400_000;

/**
 * What a fresh exchange shows in its notice bar and announcement banner (`--news none` starts
 * without, as the e2e exchange does: tests add their own through the fault controls). Links are
 * paths on this origin; the local exchange has no articles elsewhere.
 */
export function seedNews(store: NewsStore, now = Date.now()): void {
  // Every language the page ships has its own text (issue 33 item 5): seed-text.ts.
  for (const [locale, text] of Object.entries(SEED_TEXT)) {
    store.addNotice({ locale, symbolName: 'ALL', info: text.local, url: '/announcements/local-exchange', audience: '' }, now);
    store.addNotice({ locale, symbolName: 'BTCUSDT,ETHUSDT', info: text.bookRows, url: '/announcements/book-rows', audience: '' }, now);
  }
  const ann = (locale: string, daysAgo: number, typeKey: string, tags: string[], title: string, description: string, slug: string) =>
    store.addAnnouncement({
      locale,
      title,
      description,
      typeKey,
      typeTitle: ANNOUNCEMENT_TYPES[typeKey] ?? 'Other',
      tags,
      url: `/announcements/${slug}`,
      dateTimestamp: now - daysAgo * DAY,
      startDateTimestamp: 0,
      endDateTimestamp: 0,
      publishTime: now - daysAgo * DAY,
      audience: '',
    });
  for (const [locale, text] of Object.entries(SEED_TEXT)) {
    ann(locale, 30, 'latest_bybit_news', ['Spot'], text.aboutTitle, text.aboutBody, 'local-exchange');
    ann(locale, 20, 'new_crypto', ['Spot', 'Spot Listings'], text.listingTitle, text.listingBody, 'new-listing');
    ann(locale, 1, 'product_updates', ['Spot'], text.rowsTitle, text.rowsBody, 'book-rows');
  }
}
