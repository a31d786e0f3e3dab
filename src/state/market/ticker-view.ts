import { compareDecimal } from '../../core/decimal.ts';
import type { TickerRow } from '../../core/market-rows.ts';
import type { PriceDirection } from '../../core/title.ts';
import { activeSymbol } from './active-market.ts';
import { tickers } from './market-data.ts';
import { computed } from '../signals.ts';

/** The active symbol's ticker, or null before the first one. */
export const activeTicker = computed<TickerRow | null>(() => {
  const s = activeSymbol.value;
  return s ? (tickers.value.get(s.symbolId) ?? null) : null;
});

/** Just its last price: a string, so readers that need only it skip tickers that left it alone. */
export const activeLastPrice = computed<string | null>(() => activeTicker.value?.lastPrice ?? null);

let prevPrice: { symbol: string; price: string; dir: PriceDirection } = { symbol: '', price: '', dir: 'flat' };

/** Whether the last price rose or fell at its latest change (kept while it stays the same), compared exactly. */
export const lastPriceDirection = computed<PriceDirection>(() => {
  const t = activeTicker.value;
  if (!t) return 'flat';
  const p = t.lastPrice;
  if (prevPrice.symbol !== t.symbol) prevPrice = { symbol: t.symbol, price: p, dir: 'flat' };
  else {
    const order = compareDecimal(p, prevPrice.price);
    if (order === null) prevPrice = { ...prevPrice, price: p };
    else if (order !== 0) prevPrice = { symbol: t.symbol, price: p, dir: order === 1 ? 'up' : 'down' };
  }
  return prevPrice.dir;
});
