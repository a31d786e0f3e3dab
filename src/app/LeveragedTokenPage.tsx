import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { Locale } from '../core/locale.ts';
import { ExchangeHeader } from '../features/exchange-header/ExchangeHeader.tsx';

interface Props {
  locale: Locale;
  base: string;
  quote: string;
}

/** Spec 2.3: titled 'project info', three sections, light theme forced. Filled by a later issue. */
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
          {base}/{quote}
        </p>
        <section aria-label={t('lt.overview')}>
          <h2>{t('lt.overview')}</h2>
        </section>
        <section aria-label={t('lt.mechanism')}>
          <h2>{t('lt.mechanism')}</h2>
        </section>
        <section aria-label={t('lt.risks')}>
          <h2>{t('lt.risks')}</h2>
        </section>
      </main>
    </div>
  );
}
