import type { FastifyReply } from 'fastify';
import { bybitBody, sendJson } from '../../http/reply.ts';

/** Bybit answers business errors with HTTP 200 and a non-zero retCode. */
export function ok(res: FastifyReply, result: unknown): void {
  sendJson(res, 200, bybitBody(0, 'OK', result));
}

export function fail(res: FastifyReply, retCode: number, retMsg: string): void {
  sendJson(res, 200, bybitBody(retCode, retMsg));
}

/** Parameter error (Bybit's 10001). */
export const PARAM_ERROR = 10001;

/** Reads an optional integer parameter; NaN when present but not an integer. */
export function intParam(url: URL, name: string): number | undefined {
  const v = url.searchParams.get(name);
  if (v === null || v === '') return undefined;
  return /^-?\d+$/.test(v) ? Number(v) : Number.NaN;
}
