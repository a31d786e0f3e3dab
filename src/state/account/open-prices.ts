// Spec 6: logging in fetches the user's open-price and time-zone data. Kept per logged-in user;
// a visitor has none. A failed read leaves them empty (spec 8: other chart data failures are silent).
import { fetchOpenPrices, fetchUserTimeZone } from '../../api/open-price.ts';
import { computed, effect, signal } from '../signals.ts';
import { fx, fxDiv, fxPlain } from '../../core/decimal.ts';
import { activeSymbol } from '../market/active-market.ts';
import { activeLastPrice } from '../market/ticker-view.ts';
import { user, userKnown } from './user.ts';

/** The logged-in user's time zone, or null (visitor, or not read yet). */
export const userTimeZone = signal<string | null>(null);
/** Each market's price at the start of the user's day, by symbol. */
export const openPrices = signal<ReadonlyMap<string, string>>(new Map());

export interface OpenPriceDeps {
  timeZone: () => Promise<string>;
  prices: (timeZone: string) => Promise<ReadonlyMap<string, string>>;
}

/** Reads both for the user who just logged in; false when a newer login (or a logout) overtook it. */
export async function loadOpenPriceData(isCurrent: () => boolean, deps: OpenPriceDeps = { timeZone: fetchUserTimeZone, prices: fetchOpenPrices }): Promise<boolean> {
  try {
    const zone = await deps.timeZone();
    if (!isCurrent()) return false;
    userTimeZone.value = zone;
    const prices = await deps.prices(zone);
    if (!isCurrent()) return false;
    openPrices.value = prices;
    return true;
  } catch {
    return false;
  }
}

/** Fetches the data at each login (a different logged-in user); clears it at logout. */
export function startOpenPriceSync(): () => void {
  let loadedFor = '';
  let run = 0;
  return effect(() => {
    const u = user.value;
    if (!userKnown.value) return;
    const key = u.userState === 1 ? String(u.id ?? '') : '';
    if (key === loadedFor) return;
    loadedFor = key;
    const mine = ++run;
    userTimeZone.value = null;
    openPrices.value = new Map();
    if (key) void loadOpenPriceData(() => mine === run);
  });
}

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
