import type { FastifyInstance } from 'fastify';
import { FIAT_RATES_PATH, type FiatCurrency } from '../../../src/protocol/fiat-rates.ts';
import { sendJson } from '../../http/reply.ts';

/**
 * What one US dollar buys in each currency the page offers (the local exchange's own table: it
 * has no foreign-exchange market; the figures are fixed, of late 2026's order of size).
 * /faults/fiat-rate changes one while the exchange runs.
 */
export const FIAT_RATES: Record<Exclude<FiatCurrency, 'USD'>, string> = {
  EUR: '0.92', JPY: '155.3', CNY: '7.24', KRW: '1385.5', TRY: '34.2', BRL: '5.68', GBP: '0.79', INR: '84.1', RUB: '96.5', VND: '25350',
};
const overrides = new Map<string, string>();

/** Sets (or, with '', drops) a currency's rate for every client (/faults/fiat-rate). */
export function setFiatRate(currency: string, rate: string): void {
  if (rate === '') overrides.delete(currency);
  else overrides.set(currency, rate);
}

/** Drops every rate /faults/fiat-rate set (/faults/reset). */
export function clearFiatRates(): void {
  overrides.clear();
}

/** GET /api/spot/exchange-rate (spec 2.10, 7.6): {base: 'USD', rates: [{currency, rate}]} in the page envelope. */
export function installFiatRatesRoute(app: FastifyInstance): void {
  app.get(FIAT_RATES_PATH, { config: { api: 'page', ipLimit: true } }, (_request, res) => {
    const rates = Object.entries(FIAT_RATES).map(([currency, rate]) => ({ currency, rate: overrides.get(currency) ?? rate }));
    sendJson(res, 200, { success: true, code: 0, message: 'success', result: { base: 'USD', rates, time: Date.now() } });
  });
}
