// The position line (spec 3 "Chart overlay kinds": position): what the user holds of a pair's
// base coin and what it cost on average. Average-cost method over the pair's fills: a buy adds
// the coins received (net of a fee taken in the base coin) at what was paid (plus a fee taken in
// the quote coin); a sell takes coins out at the running average, so it leaves the average as is.
// Pure and exact: decimal strings in, fixed-point (10^18) integers inside.
import { fx, fxDiv, fxMul, fxPlain, fxText } from '../decimal.ts';
import type { Side } from '../order-types.ts';

/** One fill of the pair, oldest first when folded. */
export interface PositionFill {
  side: Side;
  /** Base quantity filled. */
  qty: string;
  /** Quote value filled (price × qty). */
  value: string;
  fee: string;
  feeCoin: string;
  /**
   * Of a sell: the base it sold on borrowed coins (a leveraged sell beyond the free balance), which
   * opens a short; buys then close the short first (their coins repay the loan). Absent: none.
   */
  borrowed?: string;
}

/** Fixed-point base quantity and quote cost of the part of the holding the fills account for; and the short. */
export interface PositionCost {
  qty: bigint;
  cost: bigint;
  /** Base sold short (borrowed) and not yet bought back. */
  shortQty: bigint;
  /** What that short sale fetched (quote, net of fees): its entry value. */
  shortValue: bigint;
}

/** What one sell realised: the coins it took out of the holding, their cost and what they fetched. */
export interface SellOutcome {
  /** Index of the fill in the list folded. */
  index: number;
  /** Base quantity taken out of the holding (a sell beyond the holding counts only up to it). */
  qty: bigint;
  /** Their cost at the running average (quote). */
  cost: bigint;
  /** What they fetched, net of a fee taken in the quote coin (quote). */
  proceeds: bigint;
}

/** What one buy realised closing a short: the base bought back, what the short sale of it fetched, and what buying it back cost. */
export interface CoverOutcome {
  index: number;
  qty: bigint;
  /** The short's entry value of `qty` at its running average (quote). */
  entry: bigint;
  /** What buying `qty` back cost, a fee in the base coin included (quote). */
  cost: bigint;
}

const min = (a: bigint, b: bigint) => (a < b ? a : b);

/**
 * Folds fills (oldest first) into the quantity they left and its cost, and the short they left.
 * Malformed fills are skipped. `onSell` hears each sell that took coins out of the holding
 * (realised profit = proceeds - cost); `onCover` each buy that bought a short back (realised
 * profit = entry - cost). A sell's borrowed part opens (adds to) the short; a buy closes the
 * short first, and what is left of it adds to the holding.
 */
export function positionFromFills(
  fills: readonly PositionFill[], base: string, quote: string, onSell?: (s: SellOutcome) => void, onCover?: (c: CoverOutcome) => void,
): PositionCost {
  let qty = 0n;
  let cost = 0n;
  let shortQty = 0n;
  let shortValue = 0n;
  fills.forEach((f, index) => {
    const q = fx(f.qty);
    const v = fx(f.value);
    const fee = fx(f.fee) ?? 0n;
    if (q === null || v === null || q <= 0n || v < 0n || fee < 0n) return;
    if (f.side === 'Buy') {
      const got = f.feeCoin === base ? q - fee : q;
      if (got <= 0n) return;
      const paid = f.feeCoin === quote ? v + fee : v;
      const cover = min(got, shortQty);
      if (cover > 0n) {
        const entry = (shortValue * cover) / shortQty;
        const back = (paid * cover) / got;
        onCover?.({ index, qty: cover, entry, cost: back });
        shortValue -= entry;
        shortQty -= cover;
        if (shortQty === 0n) shortValue = 0n;
      }
      const rest = got - cover;
      if (rest > 0n) {
        qty += rest;
        cost += cover > 0n ? (paid * rest) / got : paid;
      }
    } else {
      const want = f.feeCoin === base ? q + fee : q;
      const net = f.feeCoin === quote ? v - fee : v;
      const borrowed = min(fx(f.borrowed ?? '0') ?? 0n, q);
      // A sell never takes out more than the fills put in (the rest came from elsewhere), nor counts its borrowed part.
      const own = want - (borrowed > 0n ? borrowed : 0n);
      const out = own > qty ? qty : own;
      const taken = qty > 0n ? (cost * out) / qty : 0n;
      if (onSell && out > 0n) onSell({ index, qty: out, cost: taken, proceeds: (net * out) / want });
      cost -= taken;
      qty -= out;
      if (qty === 0n) cost = 0n;
      if (borrowed > 0n) {
        shortQty += borrowed;
        shortValue += (net * borrowed) / want;
      }
    }
  });
  return { qty, cost, shortQty, shortValue };
}

export interface SpotPosition {
  /** Held quantity whose cost is known, as a plain decimal string. */
  size: string;
  /** Average entry price with `priceDecimals` places (half up), or null when nothing is held. */
  avgPrice: string | null;
  /** Quote cost of `size`, plain decimal string. */
  cost: string;
}

/**
 * The position of a pair: the fills' holding, capped at what the wallet holds now (coins may have
 * left through another pair or a transfer; the average stays, the size shrinks). Coins the wallet
 * holds beyond the fills (deposits, a seeded balance) have no known cost and are not counted.
 */
export function spotPosition(fills: readonly PositionFill[], base: string, quote: string, walletTotal: string, priceDecimals: number): SpotPosition {
  let { qty, cost } = positionFromFills(fills, base, quote);
  const wallet = fx(walletTotal) ?? 0n;
  if (wallet < qty) {
    cost = wallet > 0n ? fxMul(fxDiv(cost, qty), wallet) : 0n;
    qty = wallet > 0n ? wallet : 0n;
  }
  if (qty <= 0n) return { size: '0', avgPrice: null, cost: '0' };
  return { size: fxPlain(qty), avgPrice: fxText(fxDiv(cost, qty), priceDecimals, 'half-up'), cost: fxPlain(cost) };
}
