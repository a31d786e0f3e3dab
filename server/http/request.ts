import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, ERR } from '../auth/errors.ts';
import { parseAmount } from '../../src/core/decimal.ts';

/**
 * Which envelope a route answers its errors in:
 *  - `bybit`: `{retCode, retMsg, result, retExtInfo, time}`; parameter errors with HTTP 200, as Bybit does;
 *  - `page`: the page API's `{code, success, message, ret_code, ret_msg, result}`; parameter errors 400;
 *  - `faults`: the test controls' `{ok: false, error}`, 400.
 */
export type ApiKind = 'bybit' | 'page' | 'faults';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The envelope of this route's errors (default `bybit`). */
    api?: ApiKind;
    /** HTTP status of a parameter (schema) error on this route, when not the kind's default. */
    paramStatus?: number;
  }
  interface FastifyRequest {
    /** The body exactly as received, '' when there was none (signatures cover these bytes). */
    rawBody: string;
    /** The authenticated user of a private request, once known. */
    userId: number | undefined;
    /** Bybit's X-Bapi-Limit* headers for this request, set by the per-UID rate limit. */
    bapiLimit: { limit: number; remaining: number; resetAt: number } | undefined;
  }
}

/** Every body arrives as a string (see app.ts); hooks below turn it into the route's shape. */
export function takeRawBody(request: FastifyRequest): string {
  const raw = typeof request.body === 'string' ? request.body : '';
  request.rawBody = raw;
  return raw;
}

/** A JSON object body; '' is `{}` when `emptyIsObject`. Throws ApiError (10001) otherwise. */
export function parseJsonObject(raw: string, status: number, prefix: string, emptyIsObject = true): Record<string, unknown> {
  let body: unknown;
  if (raw.trim() === '' && emptyIsObject) return {};
  try {
    body = JSON.parse(raw);
  } catch {
    throw new ApiError(ERR.PARAM, `${prefix}malformed JSON body`, status);
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new ApiError(ERR.PARAM, `${prefix}body must be a JSON object`, status);
  return body as Record<string, unknown>;
}

/** The first value of each key, as URLSearchParams.get reads it (a repeated key never becomes an array). */
export function firstValues(params: URLSearchParams): Record<string, string> {
  const seen = new Map<string, string>();
  for (const [k, v] of params) if (!seen.has(k)) seen.set(k, v);
  // fromEntries defines own properties, so a key such as "__proto__" is data, not a prototype.
  return Object.fromEntries(seen);
}

/** Query strings parse like URLSearchParams (first value wins), so validation sees what handlers read. */
export function parseQuery(text: string): Record<string, string> {
  return firstValues(new URLSearchParams(text));
}

/** The raw query string of a request (the bytes after '?'), as a v5 GET signature covers it. */
export function rawQuery(request: FastifyRequest): string {
  const u = request.raw.url ?? '';
  const i = u.indexOf('?');
  return i < 0 ? '' : u.slice(i + 1);
}

/** The request's query as URLSearchParams (handlers written for the old router read it this way). */
export function searchParams(request: FastifyRequest): URLSearchParams {
  return new URLSearchParams(rawQuery(request));
}

/** preValidation hook: a JSON-object body (page and faults routes answer their own envelopes). */
export function jsonBody(kind: ApiKind) {
  const status = kind === 'bybit' ? 200 : 400;
  const prefix = kind === 'bybit' ? 'Request parameter error: ' : kind === 'faults' ? 'bad body: ' : '';
  return async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    request.body = parseJsonObject(takeRawBody(request), status, prefix);
  };
}

/** preValidation hook: an application/x-www-form-urlencoded body (login and sign-up forms). */
export async function formBody(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  request.body = firstValues(new URLSearchParams(takeRawBody(request)));
}

/** Plain decimal digits: how a whole-number field may be written (no sign, hex, exponent, space or fraction). */
const PLAIN_INT_RE = /^\d{1,16}$/;

/**
 * A whole number from a request field, read strictly: a JSON integer, or a string of plain decimal
 * digits ("16"). Anything else is undefined: "0x10", "1e1", " 16", "16 ", "+16", "-1", "16.0",
 * "Infinity", "", and numbers past Number.MAX_SAFE_INTEGER. Every numeric request field of the
 * exchange goes through this or plainDecimal, never Number().
 */
export function plainInt(v: unknown): number | undefined {
  if (typeof v === 'number') return Number.isSafeInteger(v) ? v : undefined;
  if (typeof v !== 'string' || !PLAIN_INT_RE.test(v)) return undefined;
  const n = Number(v);
  return Number.isSafeInteger(n) ? n : undefined;
}

/**
 * A decimal amount from a request field, read strictly: digits with an optional fraction ("0.5",
 * parseAmount's form), or a finite JSON number whose text is that; the exchange's fixed-point
 * value, undefined otherwise ("1e3", "0x1", ".5", "+1", " 1", "Infinity", "NaN").
 */
export function plainDecimal(v: unknown): bigint | undefined {
  const text = typeof v === 'number' && Number.isFinite(v) ? String(v) : v;
  return typeof text === 'string' ? parseAmount(text) : undefined;
}
