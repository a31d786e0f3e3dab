// The page API's envelope, apart from http.ts: only clients loaded after the first book row read it.
import { ApiError, isRecord } from './http.ts';

/**
 * Unwraps the page API's envelope {success, code, message, result}; a failure is an ApiError with
 * the exchange's message and code. `what` names the request in the fallback message.
 */
export function pageResult(data: unknown, what = 'request'): Record<string, unknown> {
  if (!isRecord(data) || data.success !== true || !isRecord(data.result)) {
    const msg = isRecord(data) && typeof data.message === 'string' ? data.message : `${what} failed`;
    throw new ApiError(msg, isRecord(data) && typeof data.code === 'number' ? data.code : 'parse', 200);
  }
  return data.result;
}
