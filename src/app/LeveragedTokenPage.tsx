import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Locale } from '../core/locale.ts';
import { ExchangeHeader } from '../features/exchange-header/ExchangeHeader.tsx';
import { useLtMarket } from '../features/lever-token/use-lt-market.ts';
import '../features/lever-token/lever-token.css';

interface Props {
  locale: Locale;
  base: string;
  quote: string;
}

const pct = (rate: string | undefined, locale: string) =>
  rate === undefined ? '--' : new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 4 }).format(Number(rate));
const num = (v: string | undefined, locale: string, digits = 8) =>
  v === undefined ? '--' : new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(Number(v));

/**
 * Spec 2.3: the leveraged-token detail page, titled 'project info', with three sections (what the
 * token is and how it rebalances; its live NAV, real leverage, basket and circulation; its fees
 * and limits) and the light theme forced. The live section follows the NAV pushes.
 */
export function LeveragedTokenPage({ locale, base, quote }: Props) {
  const { t } = useTranslation();
  const { info, state, error } = useLtMarket(base);
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
  const short = base.endsWith('S');
  const underlying = base.replace(/\d+[LS]$/, '');
  return (
    <div className="page page--lt" data-variant="leveraged-token">
      <ExchangeHeader locale={locale} />
      <main className="lt-page" role="main">
        <h1>{t('projectInfo')}</h1>
        <p className="lt-page__pair">
          {base}/{quote} · <Link to={`/${locale}/trade/spot/${base}/${quote}`}>{t('lt.backToTrade')}</Link>
        </p>
        {error ? <p role="alert">{t('failedToLoadData')}</p> : null}
        <section aria-labelledby="lt-about">
          <h2 id="lt-about">{t('lt.about')}</h2>
          <p>{t(short ? 'lt.aboutShort' : 'lt.aboutLong', { coin: base, underlying, leverage: 3 })}</p>
          <p>{t('lt.aboutRebalance', { low: 2, high: 4, leverage: 3 })}</p>
          <p>{t('lt.aboutManageFee')}</p>
        </section>
        <section aria-labelledby="lt-live">
          <h2 id="lt-live">{t('lt.live')}</h2>
          <dl>
            <dt>{t('lt.nav')}</dt>
            <dd data-testid="lt-detail-nav">{state ? `${num(state.nav, locale)} ${quote}` : '--'}</dd>
            <dt>{t('lt.realLeverage')}</dt>
            <dd data-testid="lt-detail-leverage">{state ? `${num(state.leverage, locale, 4)}×` : '--'}</dd>
            <dt>{t('lt.basket')}</dt>
            <dd>{state ? `${num(state.basket, locale, 4)} ${underlying}` : '--'}</dd>
            <dt>{t('lt.circulation')}</dt>
            <dd>{state ? `${num(state.circulation, locale, 4)} ${base}` : '--'}</dd>
            <dt>{t('lt.statusLabel')}</dt>
            <dd data-testid="lt-detail-status">{state ? t(`lt.st.${state.st}`) : '--'}</dd>
          </dl>
        </section>
        <section aria-labelledby="lt-fees">
          <h2 id="lt-fees">{t('lt.feesLimits')}</h2>
          <dl>
            <dt>{t('lt.purchaseFee')}</dt>
            <dd>{pct(info?.purchaseFeeRate, locale)}</dd>
            <dt>{t('lt.redeemFee')}</dt>
            <dd>{pct(info?.redeemFeeRate, locale)}</dd>
            <dt>{t('lt.manageFee')}</dt>
            <dd>{pct(info?.manageFeeRate, locale)}</dd>
            <dt>{t('lt.purchaseLimits')}</dt>
            <dd>{info ? `${num(info.minPurchase, locale)} – ${num(info.maxPurchase, locale)} ${quote}` : '--'}</dd>
            <dt>{t('lt.purchaseDaily')}</dt>
            <dd>{info ? `${num(info.maxPurchaseDaily, locale)} ${quote}` : '--'}</dd>
            <dt>{t('lt.redeemLimits')}</dt>
            <dd>{info ? `${num(info.minRedeem, locale)} – ${num(info.maxRedeem, locale)} ${base}` : '--'}</dd>
            <dt>{t('lt.redeemDaily')}</dt>
            <dd>{info ? `${num(info.maxRedeemDaily, locale)} ${base}` : '--'}</dd>
          </dl>
        </section>
      </main>
    </div>
  );
}
