import { useTranslation } from 'react-i18next';
import { bookLayout, PRICE_LINE_HEIGHT } from '../../render/order-book/layout.ts';
import { activeSymbol } from '../../state/market/active-market.ts';
import { bookMode, bookRowPitch, selectedPrice, totalIn } from '../../state/market/book-view.ts';
import { useSignals } from '../../state/signals.ts';
import { BookCanvas } from './BookCanvas.tsx';
import { BookMirror } from './BookMirror.tsx';
import { BookToolbar } from './BookToolbar.tsx';
import { BookTooltip } from './BookTooltip.tsx';
import { PriceLine } from './PriceLine.tsx';
import { RatioBar } from './RatioBar.tsx';
import { StaleMarker } from './StaleMarker.tsx';

/** The order book (spec 2.10): toolbar, column titles, the canvas, price line, ratio bar and mirror. */
export function OrderBookPanel({ rtl, ladderToggle = false }: { rtl: boolean; ladderToggle?: boolean }) {
  useSignals();
  const { t } = useTranslation();
  const symbol = activeSymbol.value;
  const mode = bookMode.value;
  const layout = bookLayout(mode, 300, bookRowPitch.value);
  const totalCoin = totalIn.value === 'base' ? symbol?.baseTokenName : symbol?.quoteTokenName;
  return (
    <div className="order-book" data-mode={mode} data-row-pitch={layout.pitch} data-selected-price={selectedPrice.value?.price ?? ''}>
      <BookToolbar ladderToggle={ladderToggle} />
      <div className={`book-columns ${mode === 4 ? 'book-columns--split' : ''}`} aria-hidden="true">
        {mode === 4
          ? // Side by side each half is narrow: the titles without their coins (mode 1 shows them).
            [0, 1].map((i) => (
              <div key={i} className="book-columns__set">
                <span>{t('book.price')}</span>
                <span>{t('book.quantity')}</span>
                <span>{t('book.total')}</span>
              </div>
            ))
          : (
            <div className="book-columns__set">
              <span>{t('book.priceIn', { coin: symbol?.quoteTokenName ?? '' })}</span>
              <span>{t('book.quantityIn', { coin: symbol?.baseTokenName ?? '' })}</span>
              <span>{t('book.totalInCoin', { coin: totalCoin ?? '' })}</span>
            </div>
          )}
      </div>
      <div className="order-book__body">
        <BookCanvas key={rtl ? 'rtl' : 'ltr'} rtl={rtl} />
        {layout.priceLineY >= 0 ? <PriceLine top={layout.priceLineY} height={PRICE_LINE_HEIGHT} /> : null}
        <BookTooltip />
        <StaleMarker stream="book" />
      </div>
      <RatioBar />
      <BookMirror />
    </div>
  );
}
