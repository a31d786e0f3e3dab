import { useTranslation } from 'react-i18next';
import { formatAmountIn, formatDecimalIn, formatPercentIn } from '../../core/format.ts';
import { useSignals } from '../../state/signals.ts';
import { navPlaces } from './nav-places.ts';
import { useLtMarket } from './use-lt-market.ts';
import './lever-token.css';

/** Rates and amounts as the exchange sent them, in the page's language (exact decimal strings, never floats). */
const pct = (rate: string | undefined, locale: string) => formatPercentIn(rate, locale, 4);
const num = (v: string | undefined, locale: string, digits = 8) => formatDecimalIn(v, locale, digits);

/**
 * The detail page's three sections (spec 2.3): what the token is and how it rebalances; its live
 * NAV, real leverage, basket and circulation (from the NAV pushes); its fees and limits.
 */
export function LtDetails({ locale, base, quote }: { locale: string; base: string; quote: string }) {
  useSignals();
  const { t } = useTranslation();
  const { info, state, error } = useLtMarket(base);
  const short = base.endsWith('S');
  const underlying = base.replace(/\d+[LS]$/, '');
  return (
    <>
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
              {/* At the pair's price places, as the trade panel writes it (sixth walkthrough: 8 places here). */}
              <dd data-testid="lt-detail-nav">{state ? `${formatAmountIn(state.nav, locale, navPlaces(base, quote))} ${quote}` : '--'}</dd>
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
    </>
  );
}
