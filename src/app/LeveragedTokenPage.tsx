import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Locale } from '../core/locale.ts';
import { ExchangeHeader } from '../features/exchange-header/ExchangeHeader.tsx';
import { Spinner } from '../ui/Spinner.tsx';

// The sections and their data code load with the page's own second step, off the trading page's
// first-load map.
const LtDetails = lazy(() => import('../features/lever-token/LtDetails.tsx').then((m) => ({ default: m.LtDetails })));

interface Props {
  locale: Locale;
  base: string;
  quote: string;
}

/**
 * Spec 2.3: the leveraged-token detail page, titled 'project info', with three sections (what the
 * token is and how it rebalances; its live NAV, real leverage, basket and circulation; its fees
 * and limits) and the light theme forced. The live section follows the NAV pushes.
 */
export function LeveragedTokenPage({ locale, base, quote }: Props) {
  const { t } = useTranslation();
  useEffect(() => {
    const root = document.documentElement;
    const previous = root.dataset.theme;
    root.dataset.theme = 'light';
    document.title = `${t('projectInfo')} · ${base}/${quote}`;
    return () => {
      if (previous === undefined) delete root.dataset.theme;
      else root.dataset.theme = previous;
    };
  }, [t, base, quote]);
  return (
    <div className="page page--lt" data-variant="leveraged-token">
      <ExchangeHeader locale={locale} />
      <main className="lt-page" role="main">
        <h1>{t('projectInfo')}</h1>
        <p className="lt-page__pair">
          {base}/{quote} · <Link to={`/${locale}/trade/spot/${base}/${quote}`}>{t('lt.backToTrade')}</Link>
        </p>
        <Suspense fallback={<Spinner label={t('loading')} />}>
          <LtDetails locale={locale} base={base} quote={quote} />
        </Suspense>
      </main>
    </div>
  );
}
