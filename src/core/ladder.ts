// The price ladder's numbers (issue 35 item 2), shared by the page's state and the ladder's view:
// where a price lands at a merge step, the user's open orders summed per price, and the volume
// traded per price counted once per trade. Sizes are exact (fixed-point BigInt), never floats.
import { decimalToTicks, fx, type DecimalScale } from './decimal.ts';
import type { TradeRow } from './market-rows.ts';

/** An open order as the ladder counts it. */
/** One row as the ladder shows it (its canvas, its screen-reader mirror, the page's tests). */
export interface ShownLadderRow {
  price: string;
  bid: string;
  ask: string;
  /** The user's orders there: buy and sell remaining sizes ('' for none). */
  ownBuy: string;
  ownSell: string;
  volume: string;
  last: boolean;
  cursor: boolean;
}

export interface LadderOrder {
  orderId: string;
  side: 'Buy' | 'Sell';
  price: string;
  origQty: string;
  executedQty: string;
  time: number;
}

/** The user's open orders at one price: sizes per side and the orders (newest first). */
export interface OwnAtPrice {
  buy: bigint;
  sell: bigint;
  orderIds: string[];
}

/** Where a price lands at a merge step: a buy (bid) rounds down to its bucket, a sell (ask) up, as the book merges them. */
export function bucketOf(ticks: number, stepTicks: number, side: 'Buy' | 'Sell'): number {
  const down = Math.floor(ticks / stepTicks) * stepTicks;
  return side === 'Sell' && down !== ticks ? down + stepTicks : down;
}

/** The user's open limit orders of a pair summed per price bucket at the merge step (remaining size, exact). */
export function ownByPrice(orders: readonly LadderOrder[], tick: DecimalScale, stepTicks: number): Map<number, OwnAtPrice> {
  const out = new Map<number, OwnAtPrice>();
  const sorted = [...orders].sort((a, b) => b.time - a.time);
  for (const o of sorted) {
    const t = decimalToTicks(o.price, tick);
    const orig = fx(o.origQty);
    if (t === null || t <= 0 || orig === null) continue;
    const left = orig - (fx(o.executedQty) ?? 0n);
    if (left <= 0n) continue;
    const b = bucketOf(t, stepTicks, o.side);
    let at = out.get(b);
    if (!at) out.set(b, (at = { buy: 0n, sell: 0n, orderIds: [] }));
    if (o.side === 'Buy') at.buy += left;
    else at.sell += left;
    at.orderIds.push(o.orderId);
  }
  return out;
}

/** How many trade ids are remembered to tell new trades from ones already counted (the tape keeps 100). */
const SEEN_CAP = 400;

/**
 * Volume traded at each price since it started counting: fed the tape's trades (newest first,
 * the same list again with new ones in front), it counts each trade once, at its exact price in
 * ticks, so a new merge step regroups what was counted rather than losing it.
 */
export class VolumeAtPrice {
  private readonly byTicks = new Map<number, bigint>();
  private readonly seen = new Set<string>();
  private readonly order: string[] = [];
  private symbol = '';
  /** Trades counted (for tests). */
  counted = 0;

  /** Counts the trades not counted yet; a new symbol starts over. */
  add(symbol: string, trades: readonly TradeRow[], tick: DecimalScale): void {
    if (symbol !== this.symbol) {
      this.symbol = symbol;
      this.byTicks.clear();
      this.seen.clear();
      this.order.length = 0;
    }
    // Newest first: the new ones are in front of the first one already seen.
    let n = 0;
    while (n < trades.length && !this.seen.has(trades[n]!.id)) n++;
    for (let i = n - 1; i >= 0; i--) {
      const tr = trades[i]!;
      this.remember(tr.id);
      const t = decimalToTicks(tr.price, tick);
      const q = fx(tr.qty);
      if (t === null || q === null) continue;
      this.byTicks.set(t, (this.byTicks.get(t) ?? 0n) + q);
      this.counted++;
    }
  }

  private remember(id: string): void {
    this.seen.add(id);
    this.order.push(id);
    if (this.order.length > SEEN_CAP) this.seen.delete(this.order.shift()!);
  }

  /** The volume per bucket at a merge step (a trade's price rounds down to its bucket). */
  atStep(stepTicks: number): Map<number, bigint> {
    const out = new Map<number, bigint>();
    for (const [t, q] of this.byTicks) {
      const b = bucketOf(t, stepTicks, 'Buy');
      out.set(b, (out.get(b) ?? 0n) + q);
    }
    return out;
  }
}

