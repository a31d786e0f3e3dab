import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatLegal, formatPrice } from '../../core/format.ts';
import { activeSymbol } from '../../state/active-market.ts';
import { tickers } from '../../state/market-data.ts';
import { useSignals } from '../../state/signals.ts';
import { useThrottledSignal } from './useThrottledValue.ts';

const USD_QUOTES = new Set(['USDT', 'USDC', 'USD']);

/** The current price between the sides: last price, its direction, the USD value and, for leveraged tokens, the NAV. */
export function PriceLine({ top, height }: { top: number; height: number }) {
  useSignals();
  const { t } = useTranslation();
  const symbol = activeSymbol.value;
  const all = useThrottledSignal(tickers, 100);
  const ticker = symbol ? all.get(symbol.symbolId) : undefined;
  const prev = useRef<{ price: string; dir: 'up' | 'down' | 'flat' }>({ price: '', dir: 'flat' });
  const last = ticker?.lastPrice ?? '';
  if (last && last !== prev.current.price) {
    const before = Number(prev.current.price);
    const now = Number(last);
    prev.current = { price: last, dir: prev.current.price === '' ? 'flat' : now > before ? 'up' : now < before ? 'down' : prev.current.dir };
  }
  const usd = ticker?.usdIndexPrice || (symbol && USD_QUOTES.has(symbol.quoteTokenName) ? last : '');
  return (
    <div className="price-line" style={{ top, height }} data-testid="book-price-line">
      <span className={`price-line__last price-line__last--${prev.current.dir}`} aria-label={t('lastPrice')}>
        {formatPrice(last, symbol?.pricePrecision, true)}
        <span aria-hidden="true">{prev.current.dir === 'up' ? ' ↑' : prev.current.dir === 'down' ? ' ↓' : ''}</span>
      </span>
      <span className="price-line__legal" aria-label={t('book.legalValue')}>
        ≈ ${formatLegal(usd)}
      </span>
      {ticker?.nav ? (
        <span className="price-line__nav">
          {t('book.nav')} {formatPrice(ticker.nav, symbol?.pricePrecision)}
        </span>
      ) : null}
    </div>
  );
}
