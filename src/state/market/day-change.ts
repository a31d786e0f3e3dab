// Spec 6, 7.1: the active market's change over the logged-in user's day, from the open prices read
// at login (state/account/open-prices.ts) and the live last price.
import { fx, fxDiv, fxPlain } from '../../core/decimal.ts';
import { openPrices, userTimeZone } from '../account/open-prices.ts';
import { computed } from '../signals.ts';
import { activeSymbol } from './active-market.ts';
import { activeLastPrice } from './ticker-view.ts';

/**
 * The active market's change over the user's day (spec 6, 7.1): from its open price at the start of
 * the day in the user's zone to the last price, as a ratio ('0.0123' is +1.23 %), with that zone.
 * Null for a visitor, before both are read, or for a market the open prices do not list.
 */
export const activeDayChange = computed<{ ratio: string; zone: string } | null>(() => {
  const zone = userTimeZone.value;
  const sym = activeSymbol.value;
  if (zone === null || !sym) return null;
  const open = fx(openPrices.value.get(sym.symbolId));
  const last = fx(activeLastPrice.value);
  if (open === null || open === 0n || last === null) return null;
  return { ratio: fxPlain(fxDiv(last - open, open)), zone };
});
