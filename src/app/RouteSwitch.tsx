import { lazy, Suspense, useEffect } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { isRtl, preferredLocale, type Locale } from '../core/locale.ts';
import { resolveRoute } from '../core/routes.ts';
import { STORAGE_KEYS, isString, readStored } from '../state/storage.ts';
import { changeLanguage } from '../i18n/setup.ts';
import { Spinner } from '../ui/Spinner.tsx';
import { TradePage } from './TradePage.tsx';
import { storedDefaultQuote } from '../state/market/default-quote.ts';

// Pages other than the spot trading page load when visited.
const ElsewherePage = lazy(() => import('./ElsewherePage.tsx').then((m) => ({ default: m.ElsewherePage })));
const LeveragedTokenPage = lazy(() => import('./LeveragedTokenPage.tsx').then((m) => ({ default: m.LeveragedTokenPage })));

function PageLoading() {
  const { t } = useTranslation();
  return (
    <main className="page-message" role="main">
      <Spinner label={t('loading')} />
    </main>
  );
}

/** The locale used when a path has none or an unsupported one: stored, browser, else en. */
export function fallbackLocale(): Locale {
  return preferredLocale(readStored(STORAGE_KEYS.locale, isString), navigator.languages ?? [navigator.language]);
}

function useDocumentLocale(locale: Locale): void {
  const { i18n } = useTranslation();
  useEffect(() => {
    const root = document.documentElement;
    root.lang = locale;
    root.dir = isRtl(locale) ? 'rtl' : 'ltr';
    if (i18n.language !== locale) void changeLanguage(locale);
  }, [locale, i18n]);
}

/** Every path goes through the route table of spec 2.1. */
export function RouteSwitch({ mobile }: { mobile: boolean }) {
  const { pathname, search, hash } = useLocation();
  const route = resolveRoute(pathname, search, hash, fallbackLocale(), storedDefaultQuote());
  const locale = route.kind === 'redirect' ? undefined : route.locale;
  useDocumentLocale(locale ?? fallbackLocale());
  if (route.kind === 'redirect') return <Navigate to={route.to} replace />;
  if (route.kind === 'elsewhere') {
    return (
      <Suspense fallback={<PageLoading />}>
        <ElsewherePage route={route} defaultQuote={storedDefaultQuote()} />
      </Suspense>
    );
  }
  if (route.kind === 'leveraged-token') {
    return (
      <Suspense fallback={<PageLoading />}>
        <LeveragedTokenPage locale={route.locale} base={route.base} quote={route.quote} />
      </Suspense>
    );
  }
  if (route.kind === 'panel') return <TradePage locale={route.locale} base={route.base} quote={route.quote} mobile={false} panel={route.panel} />;
  return <TradePage locale={route.locale} base={route.base} quote={route.quote} mobile={mobile} />;
}
