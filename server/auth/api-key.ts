import type { IncomingMessage } from 'node:http';
import { signRest, sameSignature } from './hmac.ts';
import { ApiError, ERR } from './errors.ts';

export interface KeyRecord {
  secret: string;
  userId: number;
}

export type KeyLookup = (apiKey: string) => KeyRecord | undefined;

export const DEFAULT_RECV_WINDOW = 5000;
/** Bybit refuses timestamps more than 1 s ahead of its clock. */
export const FUTURE_TOLERANCE_MS = 1000;
const MAX_RECV_WINDOW = 60_000;

function header(req: IncomingMessage, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

/** True when the request carries Bybit API-key headers (so it is not a page-session request). */
export function hasApiKeyHeaders(req: IncomingMessage): boolean {
  return header(req, 'x-bapi-api-key') !== undefined;
}

/**
 * Verifies a v5 HMAC request. `payload` is the raw query string (GET, bytes after '?') or the raw
 * body (POST), exactly as received: clients differ in ordering and encoding, so never re-serialise.
 * Throws ApiError 10003 (key), 10002 (time window), 10004 (signature).
 */
export function verifyApiKeyRequest(req: IncomingMessage, payload: string, lookup: KeyLookup, now = Date.now()): number {
  const apiKey = header(req, 'x-bapi-api-key');
  const timestamp = header(req, 'x-bapi-timestamp');
  const sign = header(req, 'x-bapi-sign');
  const recvWindowText = header(req, 'x-bapi-recv-window') ?? String(DEFAULT_RECV_WINDOW);
  if (!apiKey) throw new ApiError(ERR.INVALID_KEY, 'API key is invalid.');
  const record = lookup(apiKey);
  if (!record) throw new ApiError(ERR.INVALID_KEY, 'API key is invalid.');
  if (!timestamp || !/^\d{1,16}$/.test(timestamp)) throw new ApiError(ERR.PARAM, 'Request parameter error: X-BAPI-TIMESTAMP missing or invalid.');
  if (!/^\d{1,9}$/.test(recvWindowText)) throw new ApiError(ERR.PARAM, 'Request parameter error: X-BAPI-RECV-WINDOW invalid.');
  const recvWindow = Math.min(Number(recvWindowText), MAX_RECV_WINDOW);
  const ts = Number(timestamp);
  // Bybit's rule: server_time - recv_window <= timestamp < server_time + 1000
  if (!(now - recvWindow <= ts && ts < now + FUTURE_TOLERANCE_MS)) {
    throw new ApiError(
      ERR.RECV_WINDOW,
      `invalid request, please check your server timestamp or recv_window param. req_timestamp[${timestamp}],server_timestamp[${now}],recv_window[${recvWindowText}]`,
    );
  }
  if (!sign) throw new ApiError(ERR.BAD_SIGN, 'Error sign, please check your signature generation algorithm.');
  const expected = signRest(record.secret, timestamp, apiKey, recvWindowText, payload);
  if (!sameSignature(expected, sign)) throw new ApiError(ERR.BAD_SIGN, 'Error sign, please check your signature generation algorithm.');
  return record.userId;
}
