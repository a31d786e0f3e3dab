/**
 * Local persistence that never throws: storage may be full, disabled, or hold anything
 * (another version, a user's edits), so every read is validated by the caller's guard.
 */
export function readStored<T>(key: string, guard: (v: unknown) => v is T): T | undefined {
  try {
    const raw = globalThis.localStorage?.getItem(key);
    if (raw === null || raw === undefined) return undefined;
    const parsed: unknown = JSON.parse(raw);
    return guard(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

export function writeStored(key: string, value: unknown): void {
  try {
    globalThis.localStorage?.setItem(key, JSON.stringify(value));
  } catch {
    // Full or disabled storage: the preference lasts for this page only.
  }
}

/** Forgets a key (one this version no longer reads); never throws. */
export function removeStored(key: string): void {
  try {
    globalThis.localStorage?.removeItem(key);
  } catch {
    // Disabled storage holds nothing to forget.
  }
}

export const isString = (v: unknown): v is string => typeof v === 'string';

export const STORAGE_KEYS = {
  locale: 'spot.locale',
  /** The stored default quote coin (spec 2.1, 2.17), JSON text such as "USDT". */
  defaultQuote: 'spot.defaultQuote',
  /** A visitor's favourite symbols (spec 3, 6), JSON array of symbol ids in rank order. */
  favourites: 'spot.favourites',
  /** Recently opened symbols, most recent first. */
  recentSymbols: 'spot.recentSymbols',
  /** The currency legal values are shown in (spec 2.10), JSON text such as "EUR". */
  fiatCurrency: 'spot.fiatCurrency',
} as const;

/** Keys older versions wrote and nothing reads any more; removed so they cannot come back to life. */
export const RETIRED_STORAGE_KEYS = [
  // The feed's URL (issue #13): the endpoint is the operator's choice, never a link's or storage's.
  'spot.feedUrl',
] as const;
