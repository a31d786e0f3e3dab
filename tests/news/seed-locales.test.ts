import { describe, expect, test } from 'vitest';
import { SUPPORTED_LOCALES } from '../../src/core/locale.ts';
import { contentLocaleOf } from '../../src/protocol/notices.ts';
import { seedNews } from '../../server/news/seed.ts';
import type { NewsStore } from '../../server/news/store.ts';

// Issue 33 item 5: the exchange's own notices and announcements come in every language the page
// ships, so that no page language falls back to English for them (the German notice bar was English).
function seeded() {
  const notices: Array<{ locale: string; info: string }> = [];
  const announcements: Array<{ locale: string; title: string; description: string }> = [];
  const store = {
    addNotice: (n: { locale: string; info: string }) => notices.push(n),
    addAnnouncement: (a: { locale: string; title: string; description: string }) => announcements.push(a),
  } as unknown as NewsStore;
  seedNews(store, Date.UTC(2026, 10, 28));
  return { notices, announcements };
}

describe('the seeded news', () => {
  const { notices, announcements } = seeded();
  const english = new Set([...notices.filter((n) => n.locale === 'en-US').map((n) => n.info), ...announcements.filter((a) => a.locale === 'en-US').flatMap((a) => [a.title, a.description])]);
  test.each(SUPPORTED_LOCALES)('has notices and announcements of its own for %s', (locale) => {
    const content = contentLocaleOf(locale);
    const own = notices.filter((n) => n.locale === content);
    const ownAnn = announcements.filter((a) => a.locale === content);
    expect(own).toHaveLength(2);
    expect(ownAnn).toHaveLength(3);
    if (locale !== 'en') {
      for (const n of own) expect(english.has(n.info), n.info).toBe(false);
      // A listing's title may keep the pair's name; its description is the language's own.
      for (const a of ownAnn) expect(english.has(a.description), a.description).toBe(false);
    }
  });
});
