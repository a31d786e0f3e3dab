import type { ServerResponse } from 'node:http';
import { sendJson } from '../../http/router.ts';

/** Bybit answers business errors with HTTP 200 and a non-zero retCode. */
export function ok(res: ServerResponse, result: unknown): void {
  sendJson(res, 200, { retCode: 0, retMsg: 'OK', result, retExtInfo: {}, time: Date.now() });
}

export function fail(res: ServerResponse, retCode: number, retMsg: string): void {
  sendJson(res, 200, { retCode, retMsg, result: {}, retExtInfo: {}, time: Date.now() });
}

/** Parameter error (Bybit's 10001). */
export const PARAM_ERROR = 10001;

/** Reads an optional integer parameter; NaN when present but not an integer. */
export function intParam(url: URL, name: string): number | undefined {
  const v = url.searchParams.get(name);
  if (v === null || v === '') return undefined;
  return /^-?\d+$/.test(v) ? Number(v) : Number.NaN;
}
