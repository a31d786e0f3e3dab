import { decodeFiatRates, FIAT_RATES_PATH, type FiatCurrency } from '../protocol/fiat-rates.ts';
import { requestJson } from './http.ts';
import { pageResult } from './page-envelope.ts';

/** GET /api/spot/exchange-rate (page envelope): what one US dollar buys in each currency. */
export async function fetchFiatRates(signal?: AbortSignal): Promise<ReadonlyMap<FiatCurrency, string>> {
  return decodeFiatRates(pageResult(await requestJson(FIAT_RATES_PATH, { signal }), 'exchange-rate request'));
}
