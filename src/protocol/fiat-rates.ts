// Spec 2.10 / 5.12: the legal-currency value beside the price, in the currency the user chose.
// The local exchange's exchange-rate read (spec 7.6 names an "exchange-rate" path and shows none;
// Bybit's v5 API has no fiat rates): GET FIAT_RATES_PATH answers, in the page envelope, how much
// of each currency one US dollar buys: {base: 'USD', rates: [{currency, rate}]}, rates as decimals.

export const FIAT_RATES_PATH = '/api/spot/exchange-rate';

/** The currencies the page offers, USD first (the value the exchange's prices are in). */
export const FIAT_CURRENCIES = ['USD', 'EUR', 'JPY', 'CNY', 'KRW', 'TRY', 'BRL', 'GBP', 'INR', 'RUB', 'VND'] as const;
export type FiatCurrency = (typeof FIAT_CURRENCIES)[number];

export const isFiatCurrency = (v: unknown): v is FiatCurrency => typeof v === 'string' && (FIAT_CURRENCIES as readonly string[]).includes(v);

const RATE = /^\d{1,12}(\.\d{1,12})?$/;

/** The rates in an answer's result, by currency (USD is 1); unknown currencies and malformed rates are left out. */
export function decodeFiatRates(result: Record<string, unknown>): ReadonlyMap<FiatCurrency, string> {
  const out = new Map<FiatCurrency, string>([['USD', '1']]);
  if (result.base !== 'USD' || !Array.isArray(result.rates)) return out;
  for (const row of result.rates) {
    if (typeof row !== 'object' || row === null) continue;
    const { currency, rate } = row as Record<string, unknown>;
    if (isFiatCurrency(currency) && typeof rate === 'string' && RATE.test(rate) && !/^0+(\.0+)?$/.test(rate)) out.set(currency, rate);
  }
  return out;
}
