import type { FastifyReply } from 'fastify';
import type { ApiKind } from './request.ts';

/** Sends a JSON body as it is serialised here (key order is part of Bybit's shape); never cached. */
export function sendJson(reply: FastifyReply, status: number, body: unknown, headers: Record<string, string> = {}): FastifyReply {
  return reply
    .code(status)
    .headers({ 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers })
    .send(JSON.stringify(body));
}

/** Bybit's response envelope. */
export function bybitBody(retCode: number, retMsg: string, result: unknown = {}): Record<string, unknown> {
  return { retCode, retMsg, result, retExtInfo: {}, time: Date.now() };
}

/** The page API's envelope: the spec's page code reads code/success/message or ret_code/ret_msg. */
export function pageBody(code: number, message: string, result: unknown = {}): Record<string, unknown> {
  return { code, success: code === 0, message, ret_code: code, ret_msg: message, result };
}

/** An error in the envelope of the route's kind. */
export function errorBody(kind: ApiKind, code: number, message: string): Record<string, unknown> {
  if (kind === 'page') return pageBody(code, message);
  if (kind === 'faults') return { ok: false, error: message };
  return bybitBody(code, message);
}

export function sendHtml(reply: FastifyReply, status: number, html: string, headers: Record<string, string> = {}): FastifyReply {
  return reply
    .code(status)
    .headers({ 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', ...headers })
    .send(html);
}

export function redirect(reply: FastifyReply, location: string, headers: Record<string, string> = {}): FastifyReply {
  return reply.code(303).headers({ location, 'cache-control': 'no-store', ...headers }).send();
}
