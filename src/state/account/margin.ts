// Spot-margin page state (spec 3 "Account info", 4.5, 5.1): the user's leverage switch and
// multiple, and the active symbol's margin account info. Kept tiny: it is in the first load
// (the order sends isLeverage from it); loading lives in the lazy margin feature.
import type { MarginAccount } from '../../api/margin.ts';
import { signal } from '../signals.ts';

export type { MarginAccount };
export { MAX_LEVERAGE, MIN_LEVERAGE } from '../../protocol/bybit-v5/margin.ts';

/** The user's leverage switch (4.5): on, orders from the form go out with isLeverage=1. */
export const leverageChecked = signal(false);
/** The chosen leverage multiple, 2–10. */
export const leverage = signal(10);
/** The active symbol's account info; null before it loads, for anonymous or classic users. */
export const marginAccount = signal<MarginAccount | null>(null);
