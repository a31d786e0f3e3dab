import { useEffect, useState } from 'react';
import type { OrderDraft } from '../../core/order-rules.ts';
import { startBalancePoll } from '../../state/account/unified-asset.ts';

/** The limit price waits this long after the last keystroke before a read uses it. */
const PRICE_SETTLE_MS = 500;

/**
 * Spec 4.13: polls the unified balance for the form's pair, side, margin switch and (settled) limit
 * price; state/unified-asset.ts decides whether and how often.
 */
export function useBalancePoll(symbolId: string, draft: Pick<OrderDraft, 'side' | 'kind' | 'price' | 'isLeverage'>): void {
  const price = draft.kind === 'limit' ? draft.price : '';
  const [settled, setSettled] = useState(price);
  useEffect(() => {
    const t = setTimeout(() => setSettled(price), PRICE_SETTLE_MS);
    return () => clearTimeout(t);
  }, [price]);
  const { side, isLeverage } = draft;
  useEffect(
    () => startBalancePoll({ symbolName: symbolId, side, isMargin: isLeverage, ...(settled ? { limitPrice: settled } : {}) }),
    [symbolId, side, isLeverage, settled],
  );
}
