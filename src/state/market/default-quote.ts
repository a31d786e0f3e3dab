// The stored default quote coin (spec 2.1, 2.17): the quote of the default pair BTC/{quote}, of
// the market list's default order and the OTC link's fromCoin. It is the quote of the last pair
// opened that BTC also trades against (so the default pair always exists), kept locally.
import { defaultQuoteFrom, isDefaultQuoteCandidate } from '../../core/default-quote.ts';
import { readStored, STORAGE_KEYS, writeStored } from '../storage.ts';

/** The stored default quote, or the fallback while nothing usable is stored. */
export function storedDefaultQuote(): string {
  return defaultQuoteFrom(readStored(STORAGE_KEYS.defaultQuote, (v): v is string => typeof v === 'string'));
}

/** Keeps `quote` as the default when BTC trades against it (called when a pair opens). */
export function rememberDefaultQuote(quote: string, symbols: ReadonlyArray<{ baseTokenName: string; quoteTokenName: string }>): void {
  if (!isDefaultQuoteCandidate(symbols, quote) || storedDefaultQuote() === quote) return;
  writeStored(STORAGE_KEYS.defaultQuote, quote);
}
