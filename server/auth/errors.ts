/** Bybit v5 error codes the local exchange answers with (docs/v5/error.mdx, see 03_private_api.md). */
export const ERR = {
  PARAM: 10001,
  RECV_WINDOW: 10002,
  INVALID_KEY: 10003,
  BAD_SIGN: 10004,
  PERMISSION: 10005,
  RATE_LIMIT: 10006,
  SERVER: 10016,
  /** "Demo trading are not supported.": a demo account used what demo trading lacks. */
  DEMO_NOT_SUPPORTED: 10032,
  /** "Transactions are banned": the account may not trade (/faults/account-flags tradingBanned). */
  TRADING_BANNED: 10027,
  ORDER_NOT_FOUND: 110001,
  ORDER_DONE: 110008,
  INVALID_SYMBOL: 170121,
  BALANCE_INSUFFICIENT: 170131,
  PRICE_DECIMAL: 170134,
  QTY_TOO_LOW: 170136,
  QTY_DECIMAL: 170137,
  VALUE_TOO_LOW: 170140,
  DUPLICATE_LINK_ID: 170141,
  ORDER_CANCELLED: 170142,
  SPOT_ORDER_NOT_FOUND: 170213,
} as const;

/** A refusal carrying Bybit's retCode and message; handlers turn it into the usual envelope. */
export class ApiError extends Error {
  constructor(
    readonly retCode: number,
    message: string,
    readonly httpStatus = 200,
  ) {
    super(message);
  }
}

/** Bybit's response envelope. */
export function envelope(retCode: number, retMsg: string, result: unknown = {}): Record<string, unknown> {
  return { retCode, retMsg, result, retExtInfo: {}, time: Date.now() };
}
