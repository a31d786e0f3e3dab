// Spec 6: logging in fetches the user's open-price and time-zone data. Kept per logged-in user;
// a visitor has none. A failed read leaves them empty (spec 8: other chart data failures are silent).
import { fetchOpenPrices, fetchUserTimeZone } from '../../api/open-price.ts';
import { effect, signal } from '../signals.ts';
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
