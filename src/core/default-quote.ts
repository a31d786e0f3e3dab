// Spec 2.1 / 2.17 / 9: the default pair is BTC with the default quote, and the default quote coin
// is a stored one (also the OTC link's default fromCoin). Pure: the state layer reads and writes
// the stored value (state/default-quote.ts).
import { DEFAULT_BASE, FALLBACK_QUOTE } from './constants.ts';

const COIN = /^[A-Za-z0-9]{1,20}$/;

/** The default quote a stored value names: a well-formed coin other than the default base, else the fallback. */
export function defaultQuoteFrom(stored: unknown): string {
  if (typeof stored !== 'string' || !COIN.test(stored)) return FALLBACK_QUOTE;
  const coin = stored.toUpperCase();
  return coin === DEFAULT_BASE ? FALLBACK_QUOTE : coin;
}

/**
 * Whether opening a pair with this quote should make it the stored default: only when the default
 * base trades against it, so the default pair (BTC/{quote}) always exists.
 */
export function isDefaultQuoteCandidate(symbols: ReadonlyArray<{ baseTokenName: string; quoteTokenName: string }>, quote: string): boolean {
  return quote !== DEFAULT_BASE && symbols.some((s) => s.baseTokenName === DEFAULT_BASE && s.quoteTokenName === quote);
}
