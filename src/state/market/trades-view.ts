import { TradeRowFormatter, type TradeRowText } from '../../core/trade-rows.ts';
import { activeSymbol } from './active-market.ts';
import { trades } from './market-data.ts';
import { computed } from '../signals.ts';

export type { TradeRowText } from '../../core/trade-rows.ts';

const formatter = new TradeRowFormatter();

/** The 40 trades the tape shows, newest first, formatted with the symbol's precision. */
export const tradeRows = computed<TradeRowText[]>(() => {
  const symbol = activeSymbol.value;
  return formatter.rows(trades.value, symbol?.pricePrecision, symbol?.quantityPrecision);
});
