import { formatPrice, formatQuantity } from '../core/format.ts';
import type { TradeRow } from '../feed/stream-decoders.ts';
import { activeSymbol } from './active-market.ts';
import { TRADES_SHOWN, trades } from './market-data.ts';
import { computed } from './signals.ts';

export interface TradeRowText {
  id: string;
  price: string;
  qty: string;
  /** HH:MM:SS in the viewer's time zone. */
  time: string;
  buy: boolean;
  /** When it arrived here, for the brief highlight of new trades. */
  arrivedAt: number;
}

const pad = (n: number) => (n < 10 ? `0${n}` : String(n));
export const clockTime = (ms: number) => {
  const d = new Date(ms);
  return `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
};

// Each trade is formatted once, when it first shows; the key is the row object itself.
const cache = new WeakMap<TradeRow, TradeRowText>();

/** The 40 trades the tape shows, newest first, formatted with the symbol's precision. */
export const tradeRows = computed<TradeRowText[]>(() => {
  const list = trades.value;
  const symbol = activeSymbol.value;
  const out: TradeRowText[] = [];
  const now = Date.now();
  for (let i = 0; i < list.length && i < TRADES_SHOWN; i++) {
    const t = list[i]!;
    let row = cache.get(t);
    if (!row) {
      row = {
        id: t.id,
        price: formatPrice(t.price, symbol?.pricePrecision),
        qty: formatQuantity(t.qty, symbol?.quantityPrecision),
        time: clockTime(t.time),
        buy: t.buy,
        arrivedAt: now,
      };
      cache.set(t, row);
    }
    out.push(row);
  }
  return out;
});
