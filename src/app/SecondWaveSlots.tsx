import { lazy, Suspense, type ReactNode } from 'react';
import type { Locale } from '../core/locale.ts';

// The notice bar shows 3 s after load, and the footer bar, the header's favourite star and the
// announcement banner are not urgent: they load with the second wave (after the book's first
// rows), off the first-load budget.
const NoticeBarLazy = lazy(() => import('../features/news/NoticeBar.tsx').then((m) => ({ default: m.NoticeBar })));
const FooterBarLazy = lazy(() => import('../features/footer-bar/FooterBar.tsx').then((m) => ({ default: m.FooterBar })));
const FavouriteStarLazy = lazy(() => import('../features/favourites/FavouriteStar.tsx').then((m) => ({ default: m.FavouriteStar })));
const AnnouncementBannerLazy = lazy(() => import('../features/news/AnnouncementBanner.tsx').then((m) => ({ default: m.AnnouncementBanner })));

/** `children` once `ready` and their code is in; `fallback` (what holds their place) until then. */
function Later({ ready, fallback = null, children }: { ready: boolean; fallback?: ReactNode; children: ReactNode }) {
  return ready ? <Suspense fallback={fallback}>{children}</Suspense> : fallback;
}

export const NoticeBarSlot = ({ locale, ready }: { locale: string; ready: boolean }) => (
  <Later ready={ready}>
    <NoticeBarLazy locale={locale} />
  </Later>
);

export const AnnouncementSlot = ({ locale, ready }: { locale: string; ready: boolean }) => (
  <Later ready={ready}>
    <AnnouncementBannerLazy locale={locale} />
  </Later>
);

/** The footer bar; its empty strip holds the place meanwhile, so nothing moves when it comes. */
export const FooterSlot = ({ locale, ready }: { locale: Locale; ready: boolean }) => (
  <Later ready={ready} fallback={<div className="footer-bar" aria-hidden="true" />}>
    <FooterBarLazy locale={locale} />
  </Later>
);

/** The header's favourite star for the pair on screen. */
export const FavouriteStarSlot = ({ symbolId, pair, ready }: { symbolId: string | undefined; pair: string; ready: boolean }) => (
  <Later ready={ready && symbolId !== undefined}>
    <FavouriteStarLazy symbolId={symbolId ?? ''} pair={pair} />
  </Later>
);
