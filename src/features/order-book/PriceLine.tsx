import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatFiatIn, formatPrice } from '../../core/format.ts';
import { fiatCurrency, fiatRate, watchFiatRates } from '../../state/market/fiat.ts';
import { compareDecimal } from '../../core/decimal.ts';
import { activeSymbol } from '../../state/market/active-market.ts';
import { throttledEffect } from '../../state/signals.ts';
import { activeTicker } from '../../state/market/ticker-view.ts';
import { staleData } from '../../state/market/data-age.ts';

const USD_QUOTES = new Set(['USDT', 'USDC', 'USD']);
/** The price line follows the ticker at most this often. */
const REFRESH_MS = 100;

type Dir = 'up' | 'down' | 'flat';

/**
 * The current price between the sides: last price, its direction, its value in the chosen currency and, for
 * leveraged tokens, the NAV. React renders it once; the ticker writes its text from a signal
 * effect (10 times a second at most), so price ticks never re-render a component.
 */
export function PriceLine({ top, height }: { top: number; height: number }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const boxRef = useRef<HTMLDivElement>(null);
  const lastRef = useRef<HTMLSpanElement>(null);
  const priceRef = useRef<HTMLSpanElement>(null);
  const arrowRef = useRef<HTMLSpanElement>(null);
  const legalRef = useRef<HTMLSpanElement>(null);
  const navRef = useRef<HTMLSpanElement>(null);
  const navValueRef = useRef<HTMLSpanElement>(null);

  useEffect(() => {
    let prev: { symbol: string; price: string; dir: Dir } = { symbol: '', price: '', dir: 'flat' };
    const write = () => {
      const symbol = activeSymbol.peek();
      const ticker = activeTicker.peek();
      const last = ticker?.lastPrice ?? '';
      if (symbol?.symbolId !== prev.symbol) prev = { symbol: symbol?.symbolId ?? '', price: '', dir: 'flat' };
      if (last && last !== prev.price) {
        // Compared as decimals: '100.10' and '100.1' are the same price.
        const order = prev.price === '' ? 0 : compareDecimal(last, prev.price);
        prev = { ...prev, price: last, dir: prev.price === '' ? 'flat' : order === 1 ? 'up' : order === -1 ? 'down' : prev.dir };
      }
      // A stale price (walkthrough 7: the feed paused 25 s, it stayed green with its arrow) shows no
      // direction and is dimmed as the header's is.
      const stale = staleData.ticker.peek();
      if (boxRef.current && boxRef.current.dataset.stale !== String(stale)) boxRef.current.dataset.stale = String(stale);
      const usd = ticker?.usdIndexPrice || (symbol && USD_QUOTES.has(symbol.quoteTokenName) ? last : '');
      setText(priceRef.current, formatPrice(last, symbol?.pricePrecision, true));
      const dir = stale ? 'flat' : prev.dir;
      setText(arrowRef.current, dir === 'up' ? ' ↑' : dir === 'down' ? ' ↓' : '');
      const cls = `price-line__last price-line__last--${dir}`;
      if (lastRef.current && lastRef.current.className !== cls) lastRef.current.className = cls;
      // Spec 2.10: in the chosen currency, at the exchange's rate.
      setText(legalRef.current, `≈ ${formatFiatIn(usd, fiatRate.peek(), fiatCurrency.peek(), lang)}`);
      const nav = ticker?.nav ? formatPrice(ticker.nav, symbol?.pricePrecision) : '';
      if (navRef.current && navRef.current.hidden !== (nav === '')) navRef.current.hidden = nav === '';
      setText(navValueRef.current, nav);
    };
    const release = watchFiatRates();
    const stop = throttledEffect(
      () => {
        void activeTicker.value;
        void activeSymbol.value;
        void fiatRate.value;
        void fiatCurrency.value;
        void staleData.ticker.value;
      },
      write,
      REFRESH_MS,
    );
    return () => {
      stop();
      release();
    };
  }, [lang]);

  return (
    <div ref={boxRef} className="price-line" style={{ top, height }} data-testid="book-price-line" data-stale="false">
      <span ref={lastRef} className="price-line__last price-line__last--flat" aria-label={t('lastPrice')}>
        <span ref={priceRef} />
        <span ref={arrowRef} aria-hidden="true" />
      </span>
      <span ref={legalRef} className="price-line__legal" aria-label={t('book.legalValue')} />
      <span ref={navRef} className="price-line__nav" hidden>
        {t('book.nav')} <span ref={navValueRef} />
      </span>
    </div>
  );
}

/** Rewrites the element's one text node in place: textContent would replace the node (a relayout of its line). */
function setText(el: HTMLElement | null, text: string): void {
  if (!el) return;
  const node = el.firstChild;
  if (node && node.nodeType === Node.TEXT_NODE && !node.nextSibling) {
    if (node.nodeValue !== text) node.nodeValue = text;
  } else if (el.textContent !== text) {
    el.textContent = text;
  }
}
