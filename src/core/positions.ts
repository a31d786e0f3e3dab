// Spot positions (spec 2.13, 7.2): the held quantity of a pair's base coin whose cost the user's
// fills account for, at its average entry price; and what they are worth at a live price, exact
// (18-place fixed point, never binary floats).
import { fx, fxMul, fxPlain } from './decimal.ts';
import { formatQuantity } from './format.ts';

export interface Position {
  symbolId: string;
  baseCoin: string;
  /** Held quantity with a known cost. */
  size: string;
  /** Average entry price at the symbol's price places (rounded: for show). */
  avgPrice: string;
  /** What `size` cost in the quote coin, exact (the exchange's positionValue); null when not given. For a short: what its sale fetched. */
  cost?: string | null;
  /** A short (the exchange's side Sell): base sold on borrowed coins, not yet bought back. */
  short?: boolean;
}

/** What `size` is worth at `last`; null when either is not a decimal. */
export function markValue(last: string, size: string): string | null {
  const l = fx(last);
  const s = fx(size);
  return l === null || s === null ? null : fxPlain(fxMul(l, s));
}

/**
 * Unrealised profit or loss at `last`: last × size − cost where the exact cost is known (fourth
 * walkthrough: the average price is rounded to the pair's places, and (last − 190.43) × 70.87 was
 * 0.02 USDT off the cost's −12.0690), else (last − average entry) × size; of a short, the opposite
 * (cost − last × size: what its sale fetched less buying it back now); null when one is not a decimal.
 */
export function unrealisedPnl(last: string, avgPrice: string, size: string, cost?: string | null, short = false): string | null {
  const l = fx(last);
  const s = fx(size);
  const c = cost == null ? null : fx(cost);
  // A short gains as the price falls: what its sale fetched less what buying it back costs now.
  const sign = short ? -1n : 1n;
  if (l !== null && s !== null && c !== null) return fxPlain(sign * (fxMul(l, s) - c));
  const a = fx(avgPrice);
  return l === null || a === null || s === null ? null : fxPlain(sign * fxMul(l - a, s));
}

/**
 * Unrealised profit or loss per coin it is counted in (the pair's quote coin: a BTC/USDT
 * position gains or loses USDT), in the order the positions come; a position without a figure
 * adds nothing. Positions of one base coin in two quote coins are two sums, never one.
 */
export function pnlByCoin(positions: readonly Position[], lastOf: (p: Position) => string, quoteOf: (p: Position) => string): Array<[coin: string, pnl: string]> {
  const sums = new Map<string, bigint>();
  for (const p of positions) {
    const v = fx(unrealisedPnl(lastOf(p), p.avgPrice, p.size, p.cost, p.short));
    const coin = quoteOf(p);
    sums.set(coin, (sums.get(coin) ?? 0n) + (v ?? 0n));
  }
  return [...sums].map(([coin, v]) => [coin, fxPlain(v)]);
}

/**
 * Whether a held size is dust: nothing at the pair's quantity precision (what rounding, fees or a
 * closed bot leave). Dust is no position: a row or a chart line saying "0.000000 BTC", with a
 * Close that can only be refused, would say more than there is (issue 32).
 */
export function isDustSize(size: string, quantityPrecision: number | undefined): boolean {
  return (fx(formatQuantity(size, quantityPrecision)) ?? 0n) <= 0n;
}
