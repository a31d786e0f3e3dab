// The latest-trades list and its row strings: the one trade formatter, used by the page (its DOM
// mirror) and by whichever thread draws the tape, both from the same feed frames.
import { formatPrice, formatQuantity } from './format.ts';
import type { TradeRow } from './market-rows.ts';

/** A public trade as the feed decodes it (src/protocol/bybit-v5/public-trade.ts). */
export type TradePrint = TradeRow;

/** Trades the page and the canvas worker keep, newest first. */
export const TRADES_LISTED = 100;
/** Trades the tape shows (spec 2.11). */
export const TRADES_SHOWN = 40;

/** What a feed frame says about trades: new ones (oldest first), or that the list starts over. */
export interface TradesChange<T> {
  trades: readonly T[] | null;
  tradesCleared: boolean;
}

/** The trades list after `f`: its new trades on top (a frame carries them oldest first). */
export function nextTrades<T>(prev: readonly T[], f: TradesChange<T>): readonly T[] {
  const base = f.tradesCleared ? [] : prev;
  if (!f.trades) return base;
  const next = f.trades.slice().reverse().concat(base);
  return next.length > TRADES_LISTED ? next.slice(0, TRADES_LISTED) : next;
}

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

/** Formats each trade once, when it first shows; the key is the row object itself. */
export class TradeRowFormatter {
  private readonly cache = new WeakMap<TradePrint, TradeRowText>();

  /** The first TRADES_SHOWN trades of `list` as strings with the symbol's precision. */
  rows(list: readonly TradePrint[], pricePrecision: number | undefined, quantityPrecision: number | undefined, now = Date.now()): TradeRowText[] {
    const out: TradeRowText[] = [];
    for (let i = 0; i < list.length && i < TRADES_SHOWN; i++) {
      const t = list[i]!;
      let row = this.cache.get(t);
      if (!row) {
        row = {
          id: t.id,
          price: formatPrice(t.price, pricePrecision),
          qty: formatQuantity(t.qty, quantityPrecision),
          time: clockTime(t.time),
          buy: t.buy,
          arrivedAt: now,
        };
        this.cache.set(t, row);
      }
      out.push(row);
    }
    return out;
  }
}
