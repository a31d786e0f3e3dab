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

let prevPrice: { symbol: string; price: number; dir: PriceDirection } = { symbol: '', price: NaN, dir: 'flat' };

/** Whether the last price rose or fell at its latest change (kept while it stays the same). */
export const lastPriceDirection = computed<PriceDirection>(() => {
  const t = activeTicker.value;
  if (!t) return 'flat';
  const p = Number(t.lastPrice);
  if (prevPrice.symbol !== t.symbol) prevPrice = { symbol: t.symbol, price: p, dir: 'flat' };
  else if (p !== prevPrice.price) prevPrice = { symbol: t.symbol, price: p, dir: p > prevPrice.price ? 'up' : 'down' };
  return prevPrice.dir;
});
