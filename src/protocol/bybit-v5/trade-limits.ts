// The order result codes that say an account may trade no more for now (spec 8): the exchange
// answers with them (with --faults, /faults/account-flags tradeLimitCode) and the page sets its
// trade-limit-reached or standard-account-limit flag on them.

/** Codes that set the trade-limit-reached flag. */
export const TRADE_LIMIT_CODES = [32241, -2172, 12240, 170348] as const;
/** The code that sets the standard-account-limit flag. */
export const STANDARD_ACCOUNT_LIMIT_CODE = 32329;

export type TradeLimitCode = (typeof TRADE_LIMIT_CODES)[number] | typeof STANDARD_ACCOUNT_LIMIT_CODE;
export const ORDER_LIMIT_CODES: readonly TradeLimitCode[] = [...TRADE_LIMIT_CODES, STANDARD_ACCOUNT_LIMIT_CODE];

/** The exchange's message with each code. */
export const TRADE_LIMIT_MESSAGES: Readonly<Record<TradeLimitCode, string>> = {
  32241: 'Trade limit reached: this account has placed as many orders as it may for now.',
  [-2172]: 'Trade limit reached: the order value is over what this account may trade today.',
  12240: 'Trade limit reached: this account may not open new orders at the moment.',
  170348: 'Trade limit reached: this account is restricted from trading this symbol.',
  32329: 'Standard account limit: a standard (classic) account may not place this order; upgrade to a unified trading account.',
};

export function isOrderLimitCode(n: number): n is TradeLimitCode {
  return (ORDER_LIMIT_CODES as readonly number[]).includes(n);
}
