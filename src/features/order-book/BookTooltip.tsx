import { useTranslation } from 'react-i18next';
import { activeSymbol, rowSumsNow } from '../../state/market/active-market.ts';
import { hoveredRow } from '../../state/market/book-view.ts';
import { useSignals } from '../../state/signals.ts';

/** Hover tooltip of a row: average price and totals in base and quote up to that row (spec 2.10). */
export function BookTooltip() {
  useSignals();
  const { t } = useTranslation();
  const hover = hoveredRow.value;
  const symbol = activeSymbol.value;
  const row = hover ? rowSumsNow(hover.side, hover.row) : null;
  if (!hover || !row || !symbol) return null;
  return (
    <div className="book-tooltip" role="tooltip" style={{ top: hover.y + 12, insetInlineStart: 8 }}>
      <div>
        {t('book.avgPrice')}: ≈ {row.avgPrice}
      </div>
      <div>
        {t('book.sumBase', { coin: symbol.baseTokenName })}: {row.cumBase}
      </div>
      <div>
        {t('book.sumQuote', { coin: symbol.quoteTokenName })}: {row.cumQuote}
      </div>
    </div>
  );
}
