// The depth chart's data: asks the feed worker for the engine's cumulative curves while a depth
// chart is shown, and turns them into columns for drawing (src/core/depth-curve.ts; the readout
// is exact from the same integers).
import { depthData as toDepthData, type DepthData } from '../../core/depth-curve.ts';
import { parseScale, decimalPlaces } from '../../core/decimal.ts';
import { activeSymbol } from '../market/active-market.ts';
import { depthCurve, startFeed } from '../market/market-data.ts';
import { computed } from '../signals.ts';

export type { DepthData, DepthSide } from '../../core/depth-curve.ts';

let users = 0;

/** Turns the curve stream on while at least one depth chart is shown; returns the matching stop. */
export function startDepthStream(): () => void {
  if (users++ === 0) startFeed().send({ type: 'depth', on: true });
  return () => {
    if (--users === 0) startFeed().send({ type: 'depth', on: false });
  };
}

/** The active symbol's depth curves, or null before the first one. */
export const depthData = computed<DepthData | null>(() => {
  const c = depthCurve.value;
  const s = activeSymbol.value;
  if (!c || !s || c.symbol !== s.symbolId) return null;
  const tick = parseScale(s.tickSize);
  if (!tick) return null;
  return toDepthData(c, tick, decimalPlaces(s.lotSize), s.amountPrecision);
});
