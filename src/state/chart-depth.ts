// The depth chart's data: asks the feed worker for the engine's cumulative curves while a depth
// chart is shown, and turns them into float columns for drawing (money is shown from ticks).
import { parseScale, decimalPlaces } from '../core/decimal.ts';
import { activeSymbol } from './active-market.ts';
import { depthCurve, startFeed } from './market-data.ts';
import { computed } from './signals.ts';

export interface DepthSide {
  /** Price per point, best first. */
  price: Float64Array;
  /** Price in ticks, for exact display. */
  ticks: Float64Array;
  /** Cumulative base amount. */
  amount: Float64Array;
  /** Cumulative quote value. */
  value: Float64Array;
}

export interface DepthData {
  symbol: string;
  bids: DepthSide;
  asks: DepthSide;
  tickDecimals: number;
  tickUnits: number;
  sizeDecimals: number;
  quoteDecimals: number;
}

let users = 0;

/** Turns the curve stream on while at least one depth chart is shown; returns the matching stop. */
export function startDepthStream(): () => void {
  if (users++ === 0) startFeed().send({ type: 'depth', on: true });
  return () => {
    if (--users === 0) startFeed().send({ type: 'depth', on: false });
  };
}

function side(pairs: Float64Array, tickValue: number, sizeUnit: number): DepthSide {
  const n = pairs.length >> 1;
  const out: DepthSide = { price: new Float64Array(n), ticks: new Float64Array(n), amount: new Float64Array(n), value: new Float64Array(n) };
  let prevCum = 0;
  let value = 0;
  for (let i = 0; i < n; i++) {
    const ticks = pairs[2 * i]!;
    const cum = pairs[2 * i + 1]!;
    const price = ticks * tickValue;
    value += price * (cum - prevCum) * sizeUnit;
    prevCum = cum;
    out.ticks[i] = ticks;
    out.price[i] = price;
    out.amount[i] = cum * sizeUnit;
    out.value[i] = value;
  }
  return out;
}

/** The active symbol's depth curves as float columns, or null before the first one. */
export const depthData = computed<DepthData | null>(() => {
  const c = depthCurve.value;
  const s = activeSymbol.value;
  if (!c || !s || c.symbol !== s.symbolId) return null;
  const tick = parseScale(s.tickSize);
  if (!tick) return null;
  const tickValue = tick.units * 10 ** -tick.decimals;
  const sizeDecimals = decimalPlaces(s.lotSize);
  const sizeUnit = 10 ** -sizeDecimals;
  return {
    symbol: s.symbolId,
    bids: side(c.bids, tickValue, sizeUnit),
    asks: side(c.asks, tickValue, sizeUnit),
    tickDecimals: tick.decimals,
    tickUnits: tick.units,
    sizeDecimals,
    quoteDecimals: s.amountPrecision,
  };
});
