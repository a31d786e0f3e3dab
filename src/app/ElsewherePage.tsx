import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { defaultPairPath, type RouteResult } from '../core/routes.ts';

type Elsewhere = Extract<RouteResult, { kind: 'elsewhere' }>;

/**
 * A link of the page to the real exchange whose page the local exchange does not have (issue 33
 * item 6): says where it would go, instead of opening the trading page again.
 */
export function ElsewherePage({ route, defaultQuote }: { route: Elsewhere; defaultQuote: string }) {
  const { t } = useTranslation();
  const title = t('elsewhere.title');
  useEffect(() => {
    document.title = title;
  }, [title]);
  return (
    <main className="page-message elsewhere" role="main">
      <h1>{t('elsewhere.title')}</h1>
      <p>{t('elsewhere.body')}</p>
      <p>
        <code data-testid="elsewhere-target">{route.target}</code>
      </p>
      <p>
        <a className="btn btn--primary" href={defaultPairPath(route.locale, defaultQuote)}>
          {t('elsewhere.back')}
        </a>
      </p>
    </main>
  );
}
