import { useEffect } from 'react';
import { ltMarket, watchLtMarket, type LtMarket } from '../../state/market/lever-tokens.ts';

export type { LtMarket } from '../../state/market/lever-tokens.ts';

/** A token's rules (info) and its live state (the reference answer, then every NAV push), from the store while shown. */
export function useLtMarket(ltCoin: string): LtMarket {
  useEffect(() => watchLtMarket(ltCoin), [ltCoin]);
  return ltMarket(ltCoin);
}
