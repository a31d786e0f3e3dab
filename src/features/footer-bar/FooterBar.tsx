import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { formatChangePercent, signOf } from '../../core/format.ts';
import type { Locale } from '../../core/locale.ts';
import { pairPath } from '../../core/routes.ts';
import type { SpotSymbol } from '../../core/symbols.ts';
import { activeSymbol } from '../../state/market/active-market.ts';
import { favourites, noteRecent, recentSymbols, startFavourites } from '../../state/account/favourites.ts';
import { tickers } from '../../state/market/market-data.ts';
import { symbolById } from '../../state/market/markets.ts';
import { effect, useSignals } from '../../state/signals.ts';
import { watchTickers } from '../../state/market/ticker-watch.ts';
import { useThrottledSignal } from '../hooks/useThrottledSignal.ts';
import { FrameLoadIndicator } from '../frame-load/FrameLoadIndicator.tsx';
import './footer-bar.css';

/** The footer's changes are glanced at; once a second is plenty. */
const FOOTER_REFRESH_MS = 1000;

const RewardsHub = lazy(() => import('../rewards-hub/RewardsHub.tsx').then((m) => ({ default: m.RewardsHub })));
const RoutePicker = lazy(() => import('../net-route/RoutePicker.tsx').then((m) => ({ default: m.RoutePicker })));
const ReplayBar = lazy(() => import('../replay-bar/ReplayBar.tsx').then((m) => ({ default: m.ReplayBar })));
const SupportButton = lazy(() => import('../support-chat/SupportButton.tsx').then((m) => ({ default: m.SupportButton })));

/**
 * The footer bar (spec 2.16): favourite and recent pairs as tabs with their live 24 h change
 * (green up, red down), each switching the page to that pair; the network-route picker, the
 * rewards hub and the customer-service button; the replay bar when the exchange plays a recording.
 */
export function FooterBar({ locale }: { locale: Locale }) {
  useSignals();
  const { t } = useTranslation();
  useEffect(() => startFavourites(), []);
  // The pair on screen becomes the most recent one.
  useEffect(
    () =>
      effect(() => {
        const s = activeSymbol.value;
        if (s) noteRecent(s.symbolId);
      }),
    [],
  );
  const favs = favourites.value.map(symbolById).filter((s): s is SpotSymbol => s !== undefined);
  const recent = recentSymbols.value.map(symbolById).filter((s): s is SpotSymbol => s !== undefined);
  // The tabs' 24 h changes: these few tickers stream while the footer shows them.
  const shown = [...new Set([...favs, ...recent].map((s) => s.symbolId))].join(',');
  useEffect(() => watchTickers('footer', shown ? shown.split(',') : []), [shown]);
  return (
    <footer className="footer-bar" aria-label={t('footer.label')}>
      <PairTabs label={t('footer.favourites')} symbols={favs} locale={locale} empty={t('footer.noFavourites')} />
      <PairTabs label={t('footer.recent')} symbols={recent} locale={locale} empty="" />
      <div className="footer-bar__end">
        <FrameLoadIndicator locale={locale} />
        <Suspense fallback={null}>
          <ReplayBar locale={locale} />
          <RoutePicker locale={locale} />
          <RewardsHub />
          <SupportButton />
        </Suspense>
      </div>
    </footer>
  );
}

function PairTabs({ label, symbols, locale, empty }: { label: string; symbols: readonly SpotSymbol[]; locale: Locale; empty: string }) {
  useSignals();
  const live = useThrottledSignal(tickers, FOOTER_REFRESH_MS);
  const { search } = useLocation();
  const current = activeSymbol.value?.symbolId;
  return (
    <nav className="footer-bar__group" aria-label={label}>
      <span className="footer-bar__label" aria-hidden="true">
        {label}
      </span>
      {symbols.length === 0 && empty ? <span className="footer-bar__empty">{empty}</span> : null}
      <ul className="footer-bar__tabs">
        {symbols.map((s) => {
          const change = live.get(s.symbolId)?.price24hPcnt;
          const sign = signOf(change);
          return (
            <li key={s.symbolId}>
              <Link
                className="footer-bar__tab"
                to={`${pairPath(locale, s.baseTokenName, s.quoteTokenName)}${search}`}
                aria-current={s.symbolId === current ? 'page' : undefined}
                data-symbol={s.symbolId}
              >
                <span>
                  {s.baseTokenName}/{s.quoteTokenName}
                </span>
                <span className={`num num--${sign > 0 ? 'up' : sign < 0 ? 'down' : 'flat'}`}>{formatChangePercent(change)}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
