// Bybit v5 demo-trading funds (docs/v5/demo.mdx, "Request Demo Trading Funds"): the path, the coins
// and each coin's most per request, shared by the local exchange and the page's recharge form.

export const DEMO_APPLY_MONEY_PATH = '/v5/account/demo-apply-money';

/** adjustType: 0 adds funds (the default), 1 takes them away. */
export type DemoAdjustType = 0 | 1;

/** The coins a demo account can be given, and the most of each one request may move. */
export const DEMO_MONEY_CAPS = { BTC: '15', ETH: '200', USDT: '100000', USDC: '100000' } as const;
export type DemoCoin = keyof typeof DEMO_MONEY_CAPS;
export const DEMO_COINS = Object.keys(DEMO_MONEY_CAPS) as DemoCoin[];

export const isDemoCoin = (c: unknown): c is DemoCoin => typeof c === 'string' && Object.hasOwn(DEMO_MONEY_CAPS, c);

/** One request a minute per account (Bybit's limit for the endpoint). */
export const DEMO_MONEY_INTERVAL_MS = 60_000;

/**
 * Spec 7.5 and 8: the answer's result carries the funding service's own `resultCode`: 0 applied;
 * 3410020 its specific refusal (read here: the account's demo funds are at their ceiling); any
 * other code a generic refusal. A request the exchange refuses outright has a non-zero retCode.
 */
export const DEMO_RESULT_OK = 0;
export const DEMO_RESULT_CEILING = 3410020;
