// The depth chart's data (spec 2.4): the engine's cumulative curves as float columns for drawing,
// and the hover readout as exact decimals computed from the integers (money never goes through
// binary floating point when it is shown).
import { fixed } from './book-rows.ts';
import { formatScaled, ticksToDecimal, type DecimalScale } from './decimal.ts';

/** Per side, pairs [priceTicks, cumulative size × 10^sizeDecimals], best price first. */
export interface CurvePairs {
  symbol: string;
  bids: Float64Array;
  asks: Float64Array;
}

export interface DepthSide {
  /** Price per point, best first (for drawing). */
  price: Float64Array;
  /** Cumulative base amount (for drawing). */
  amount: Float64Array;
  /** The engine's pairs [ticks, cumulative scaled size], exact, for the readout. */
  pairs: Float64Array;
}

export interface DepthData {
  symbol: string;
  bids: DepthSide;
  asks: DepthSide;
  tick: DecimalScale;
  sizeDecimals: number;
  quoteDecimals: number;
}

function side(pairs: Float64Array, tickValue: number, sizeUnit: number): DepthSide {
  const n = pairs.length >> 1;
  const out: DepthSide = { price: new Float64Array(n), amount: new Float64Array(n), pairs };
  for (let i = 0; i < n; i++) {
    out.price[i] = pairs[2 * i]! * tickValue;
    out.amount[i] = pairs[2 * i + 1]! * sizeUnit;
  }
  return out;
}

/** The curves of a symbol with tick `tick` and sizes of `sizeDecimals` decimals, ready to draw. */
export function depthData(curve: CurvePairs, tick: DecimalScale, sizeDecimals: number, quoteDecimals: number): DepthData {
  const tickValue = tick.units * 10 ** -tick.decimals;
  const sizeUnit = 10 ** -sizeDecimals;
  return { symbol: curve.symbol, bids: side(curve.bids, tickValue, sizeUnit), asks: side(curve.asks, tickValue, sizeUnit), tick, sizeDecimals, quoteDecimals };
}

export interface DepthReadout {
  price: string;
  /** Cumulative base amount up to the point. */
  amount: string;
  /** Cumulative quote value up to the point (Σ price × size), rounded half-up to the quote decimals. */
  value: string;
}

/** The readout of point `index` of a side, exact. */
export function depthReadout(d: DepthData, s: DepthSide, index: number): DepthReadout | null {
  const p = s.pairs;
  if (index < 0 || 2 * index + 1 >= p.length) return null;
  // Σ ticks × Δsize is in units of tick.units × 10^-(tick.decimals + sizeDecimals).
  let sum = 0n;
  let prev = 0;
  for (let i = 0; i <= index; i++) {
    const cum = p[2 * i + 1]!;
    sum += BigInt(p[2 * i]!) * BigInt(cum - prev);
    prev = cum;
  }
  return {
    price: ticksToDecimal(p[2 * index]!, d.tick),
    amount: fixed(prev, d.sizeDecimals),
    value: formatScaled(sum * BigInt(d.tick.units), d.tick.decimals + d.sizeDecimals, d.quoteDecimals),
  };
}

/**
 * The mid price between the best bid and the best ask, exact: halfway between two ticks it has
 * one decimal more than the tick. Null while either side is empty.
 */
export function depthMid(d: DepthData): string | null {
  const b = d.bids.pairs;
  const a = d.asks.pairs;
  if (b.length < 2 || a.length < 2) return null;
  const twice = b[0]! + a[0]!;
  if (twice % 2 === 0) return ticksToDecimal(twice / 2, d.tick);
  // (bid + ask) / 2 = twice × units × 5 × 10^-(decimals + 1)
  return formatScaled(BigInt(twice) * BigInt(d.tick.units) * 5n, d.tick.decimals + 1, d.tick.decimals + 1);
}
