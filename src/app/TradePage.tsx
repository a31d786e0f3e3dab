import { useTranslation } from 'react-i18next';
import { findSymbol } from '../core/symbols.ts';
import { defaultPairPath } from '../core/routes.ts';
import type { Locale } from '../core/locale.ts';
import { PageTitle } from '../features/page-title/PageTitle.tsx';
import { RetryStatus } from '../features/retry-status/RetryStatus.tsx';
import { OfflineNotice } from '../features/page-status/OfflineNotice.tsx';
import { useSignals } from '../state/signals.ts';
import { symbolsState, loadSymbols, retrySymbolsNow } from '../state/market/markets.ts';
import { activateSymbol, deactivateSymbol } from '../state/market/active-market.ts';
import { lazy, Suspense, useEffect } from 'react';
import type { SpotSymbol } from '../core/symbols.ts';
import { Button } from '../ui/Button.tsx';
import { Spinner } from '../ui/Spinner.tsx';
import { DesktopShell } from './DesktopShell.tsx';
import { MobileShell } from './MobileShell.tsx';
import { storedDefaultQuote } from '../state/market/default-quote.ts';
import { isLoggedIn } from '../state/account/user.ts';
import type { PopoutPanel } from '../core/workspace.ts';

// Test builds only: `?bench=book` shows the book and the tape alone (the browser bench, issue 21).
const BenchBookShell = __DEBUG_HOOKS__ ? lazy(() => import('./BenchBookShell.tsx').then((m) => ({ default: m.BenchBookShell }))) : null;

// A logged-in account's upgrade flow, alerts and banners (spec 4.14, 5.13) load only for one.
const AccountNotices = lazy(() => import('../features/account-notices/AccountNotices.tsx').then((m) => ({ default: m.AccountNotices })));

interface Props {
  locale: Locale;
  base: string;
  quote: string;
  mobile: boolean;
  /** A popped-out panel's window (issue 36 item 3): that panel alone. */
  panel?: PopoutPanel;
}

const PopoutPage = lazy(() => import('./PopoutPage.tsx').then((m) => ({ default: m.PopoutPage })));

function PairNotFound({ locale, base, quote }: Omit<Props, 'mobile'>) {
  const { t } = useTranslation();
  return (
    <main className="page-message" role="main">
      <h1>{t('pairNotFound')}</h1>
      <p>{t('pairNotFoundDetail', { pair: `${base}/${quote}` })}</p>
      <a className="btn btn--primary" href={defaultPairPath(locale, storedDefaultQuote())}>
        {t('goToDefaultPair')}
      </a>
    </main>
  );
}

/** Subscribes the page to a symbol's market data while it shows that symbol. */
function useMarketActivation(symbol: SpotSymbol | undefined, all: readonly SpotSymbol[] | undefined): void {
  useEffect(() => {
    if (!symbol || !all) return;
    activateSymbol(symbol, all, null);
    return () => deactivateSymbol();
  }, [symbol, all]);
}

/** The spot trading page for one pair: waits for the symbol list, then the right variant. */
export function TradePage({ locale, base, quote, mobile, panel }: Props) {
  useSignals();
  const { t } = useTranslation();
  const symbols = symbolsState.value;
  const symbol = symbols.status === 'ready' ? findSymbol(symbols.value, base, quote) : undefined;
  useMarketActivation(symbol, symbols.status === 'ready' ? symbols.value : undefined);
  const title = <PageTitle base={base} quote={quote} />;
  if (symbols.status === 'loading') {
    return (
      <main className="page-message" role="main">
        {title}
        {symbols.retrying ? <RetryStatus retrying={symbols.retrying} onRetryNow={retrySymbolsNow} /> : <Spinner label={t('loadingMarkets')} />}
      </main>
    );
  }
  // Only failures that retrying cannot fix get here; the rest retry by themselves above.
  if (symbols.status === 'error') {
    return (
      <main className="page-message" role="main">
        <p role="alert">{t('marketsLoadFailed', { reason: symbols.message })}</p>
        <Button variant="primary" onClick={() => void loadSymbols()}>
          {t('retry')}
        </Button>
      </main>
    );
  }
  if (!symbol) return <PairNotFound locale={locale} base={base} quote={quote} />;
  if (panel) {
    return (
      <>
        {title}
        <Suspense fallback={null}>
          <PopoutPage locale={locale} panel={panel} base={base} quote={quote} />
        </Suspense>
      </>
    );
  }
  if (BenchBookShell && new URLSearchParams(window.location.search).get('bench') === 'book') {
    return (
      <Suspense fallback={null}>
        <BenchBookShell />
      </Suspense>
    );
  }
  return (
    <>
      {title}
      {mobile ? <MobileShell locale={locale} base={base} quote={quote} /> : <DesktopShell locale={locale} base={base} quote={quote} />}
      <OfflineNotice />
      {isLoggedIn.value ? (
        <Suspense fallback={null}>
          <AccountNotices />
        </Suspense>
      ) : null}
    </>
  );
}
