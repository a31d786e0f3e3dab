import { lazy, Suspense } from 'react';
import type { Locale } from '../core/locale.ts';

// The notice bar shows 3 s after load, and the footer bar and the announcement banner are not
// urgent: they load with the second wave (after the book's first rows), off the first-load budget.
const NoticeBarLazy = lazy(() => import('../features/news/NoticeBar.tsx').then((m) => ({ default: m.NoticeBar })));
const FooterBarLazy = lazy(() => import('../features/footer-bar/FooterBar.tsx').then((m) => ({ default: m.FooterBar })));
const FavouriteStarLazy = lazy(() => import('../features/favourites/FavouriteStar.tsx').then((m) => ({ default: m.FavouriteStar })));
const AnnouncementBannerLazy = lazy(() => import('../features/news/AnnouncementBanner.tsx').then((m) => ({ default: m.AnnouncementBanner })));

export function NoticeBarSlot({ locale, ready }: { locale: string; ready: boolean }) {
  return ready ? (
    <Suspense fallback={null}>
      <NoticeBarLazy locale={locale} />
    </Suspense>
  ) : null;
}

export function AnnouncementSlot({ locale, ready }: { locale: string; ready: boolean }) {
  return ready ? (
    <Suspense fallback={null}>
      <AnnouncementBannerLazy locale={locale} />
    </Suspense>
  ) : null;
}

export function FooterSlot({ locale, ready }: { locale: Locale; ready: boolean }) {
  return ready ? (
    <Suspense fallback={<div className="footer-bar" aria-hidden="true" />}>
      <FooterBarLazy locale={locale} />
    </Suspense>
  ) : (
    <div className="footer-bar" aria-hidden="true" />
  );
}

/** The header's favourite star for the pair on screen. */
export function FavouriteStarSlot({ symbolId, pair, ready }: { symbolId: string | undefined; pair: string; ready: boolean }) {
  return ready && symbolId ? (
    <Suspense fallback={null}>
      <FavouriteStarLazy symbolId={symbolId} pair={pair} />
    </Suspense>
  ) : null;
}
