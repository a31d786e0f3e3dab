// Scaled (ladder) orders (spec 2.17 "scaled order"; next-features 1.6): 2–100 limit orders between
// two prices, evenly spaced and each on the tick, sized flat, increasing or decreasing, with sizes
// on the lot that add up to the total exactly. Exact arithmetic: decimal strings in and out.
import { fxFloorTo, fxPlain, isMultiple, parseAmount } from './decimal.ts';

export const SCALED_MIN_ORDERS = 2;
export const SCALED_MAX_ORDERS = 100;
/** Bybit places at most 10 spot orders per /v5/order/create-batch request. */
export const SPOT_BATCH_MAX = 10;

/** flat: equal sizes; increasing: sizes grow with the price (the last is 3× the first); decreasing: the reverse. */
export type ScaledDistribution = 'flat' | 'increasing' | 'decreasing';
export const SCALED_DISTRIBUTIONS: readonly ScaledDistribution[] = ['flat', 'increasing', 'decreasing'];

export interface ScaledInput {
  /** Lower and upper price, decimal strings (either order). */
  from: string;
  to: string;
  count: number;
  /** Total quantity in base, a decimal string on the lot. */
  total: string;
  distribution: ScaledDistribution;
  tickSize: string;
  lotSize: string;
  minQty: string;
  minAmt: string;
}

export interface ScaledOrder {
  price: string;
  qty: string;
}

/** Why a ladder cannot be made; each names the field at fault. */
export type ScaledError = 'count' | 'price' | 'priceTick' | 'range' | 'total' | 'totalLot' | 'minQty' | 'minAmt';

/** Relative weights, lowest price first. */
function weights(n: number, d: ScaledDistribution): bigint[] {
  const w = Array.from({ length: n }, (_, i) => BigInt(d === 'flat' ? 1 : n - 1 + 2 * i));
  return d === 'decreasing' ? w.reverse() : w;
}

/** The ladder, lowest price first, or the first reason it cannot be made. */
export function scaledOrders(inp: ScaledInput): ScaledOrder[] | ScaledError {
  const n = inp.count;
  if (!Number.isInteger(n) || n < SCALED_MIN_ORDERS || n > SCALED_MAX_ORDERS) return 'count';
  const a = parseAmount(inp.from);
  const b = parseAmount(inp.to);
  const tick = parseAmount(inp.tickSize)!;
  const lot = parseAmount(inp.lotSize)!;
  const total = parseAmount(inp.total);
  if (a === undefined || b === undefined || a <= 0n || b <= 0n) return 'price';
  if (!isMultiple(a, tick) || !isMultiple(b, tick)) return 'priceTick';
  const lo = a < b ? a : b;
  const hi = a < b ? b : a;
  if (hi - lo < tick * BigInt(n - 1)) return 'range';
  if (total === undefined || total <= 0n) return 'total';
  if (!isMultiple(total, lot)) return 'totalLot';
  const span = hi - lo;
  const prices = Array.from({ length: n }, (_, i) => (i === n - 1 ? hi : lo + fxFloorTo((span * BigInt(i)) / BigInt(n - 1), tick)));
  const w = weights(n, inp.distribution);
  const sum = w.reduce((x, y) => x + y, 0n);
  const qty = w.map((wi) => fxFloorTo((total * wi) / sum, lot));
  // What flooring left over (fewer than n lots) goes one lot at a time to the heaviest orders.
  let left = (total - qty.reduce((x, y) => x + y, 0n)) / lot;
  const order = w.map((wi, i) => ({ wi, i })).sort((x, y) => (y.wi > x.wi ? 1 : y.wi < x.wi ? -1 : x.i - y.i));
  for (let k = 0; left > 0n; k = (k + 1) % n, left--) qty[order[k]!.i]! += lot;
  const minQty = parseAmount(inp.minQty) ?? 0n;
  const minAmt = parseAmount(inp.minAmt) ?? 0n;
  const out: ScaledOrder[] = [];
  for (let i = 0; i < n; i++) {
    if (qty[i]! < minQty) return 'minQty';
    if ((qty[i]! * prices[i]!) / 10n ** 18n < minAmt) return 'minAmt';
    out.push({ price: fxPlain(prices[i]!), qty: fxPlain(qty[i]!) });
  }
  return out;
}

/** Splits a list into Bybit-sized batches. */
export function inBatches<T>(list: readonly T[], size = SPOT_BATCH_MAX): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}
