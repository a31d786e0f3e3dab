import { useTranslation } from 'react-i18next';
import { abbreviate, formatChangePercent, formatPrice, signOf } from '../../core/format.ts';
import { activeSymbol } from '../../state/active-market.ts';
import { useSignals } from '../../state/signals.ts';
import { activeTicker, lastPriceDirection } from '../../state/ticker-view.ts';
import { useThrottledSignal } from '../order-book/useThrottledValue.ts';

interface Props {
  base: string;
  quote: string;
}

/** Market header stats (spec 2.8): last price, 24 h change, high, low and turnover, live. */
export function SymbolInfo({ base, quote }: Props) {
  useSignals();
  const { t } = useTranslation();
  const ticker = useThrottledSignal(activeTicker, 250);
  const dir = lastPriceDirection.value;
  const precision = activeSymbol.value?.pricePrecision;
  const change = ticker?.price24hPcnt;
  const changeClass = signOf(change) > 0 ? 'up' : signOf(change) < 0 ? 'down' : 'flat';
  const stats: Array<[string, string, string]> = [
    ['change24h', formatChangePercent(change), changeClass],
    ['high24h', formatPrice(ticker?.highPrice24h, precision, true), ''],
    ['low24h', formatPrice(ticker?.lowPrice24h, precision, true), ''],
    ['turnover24h', abbreviate(ticker?.turnover24h), ''],
  ];
  return (
    <div className="symbol-info">
      <h1 className="symbol-info__pair">
        {base}/{quote}
      </h1>
      <div className="symbol-info__stat symbol-info__last">
        <span className="visually-hidden">{t('lastPrice')}</span>
        <span className={`num num--${dir}`} data-testid="header-last-price">
          {formatPrice(ticker?.lastPrice, precision, true)}
        </span>
      </div>
      <dl className="symbol-info__stats">
        {stats.map(([key, value, cls]) => (
          <div key={key} className="symbol-info__stat" data-stat={key}>
            <dt>{t(key)}</dt>
            <dd className={cls ? `num num--${cls}` : 'num'}>{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
