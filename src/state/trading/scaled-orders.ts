// The scaled order (spec 2.17): its limit orders placed through create-batch, 10 per request; each
// order's fate comes from the private push like any other order's.
import { placeLadder, type BatchOutcome } from '../../api/grid-tools.ts';
import type { ScaledOrder } from '../../core/scaled-orders.ts';

export type { BatchOutcome } from '../../api/grid-tools.ts';

/** Places the ladder in order; resolves with how many the exchange took and its first refusal (throws when a request failed). */
export function placeScaledOrders(symbolId: string, side: 'Buy' | 'Sell', orders: readonly ScaledOrder[]): Promise<BatchOutcome> {
  return placeLadder(symbolId, side, orders);
}
