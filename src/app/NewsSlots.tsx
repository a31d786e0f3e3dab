import { lazy, Suspense } from 'react';

// The notice bar shows 3 s after load and the announcement banner is not urgent: both load with
// the second wave (after the book's first rows), off the first-load budget.
const NoticeBarLazy = lazy(() => import('../features/news/NoticeBar.tsx').then((m) => ({ default: m.NoticeBar })));
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
