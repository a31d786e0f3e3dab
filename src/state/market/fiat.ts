// Spec 2.10: legal-currency values in the currency the user chose (kept in this browser), at the
// exchange's rates (GET /api/spot/exchange-rate: what one US dollar buys). The rates are read
// while something shows a value, and again when another currency is chosen.
import { fetchFiatRates } from '../../api/fiat-rates.ts';
import { isFiatCurrency, type FiatCurrency } from '../../protocol/fiat-rates.ts';
import { createPoll } from '../poll.ts';
import { computed, signal } from '../signals.ts';
import { readStored, STORAGE_KEYS, writeStored } from '../storage.ts';

export { FIAT_CURRENCIES, type FiatCurrency } from '../../protocol/fiat-rates.ts';

/** The chosen currency; US dollars until one is chosen. */
export const fiatCurrency = signal<FiatCurrency>(readStored(STORAGE_KEYS.fiatCurrency, isFiatCurrency) ?? 'USD');

const rates = createPoll<ReadonlyMap<FiatCurrency, string>, ReadonlyMap<FiatCurrency, string> | null>({
  read: (signal) => fetchFiatRates(signal),
  everyMs: null,
  initial: null,
  keepOnStop: true,
});

/** Reads the rates while a value is shown; returns the release. */
export function watchFiatRates(): () => void {
  return rates.use();
}

/** Chooses (and remembers) the currency, and reads the rates again. */
export function chooseFiatCurrency(c: FiatCurrency): void {
  fiatCurrency.value = c;
  writeStored(STORAGE_KEYS.fiatCurrency, c);
  if (c !== 'USD') void rates.refresh();
}

/** What one US dollar buys in the chosen currency; null until the exchange said. */
export const fiatRate = computed<string | null>(() => (fiatCurrency.value === 'USD' ? '1' : (rates.data.value?.get(fiatCurrency.value) ?? null)));
