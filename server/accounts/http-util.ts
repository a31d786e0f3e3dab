import type { FastifyReply } from 'fastify';
import { pageBody, sendJson } from '../http/reply.ts';

/** Largest JSON or form body any accounts endpoint accepts (layouts are the big ones). */
export const BODY_LIMIT = 300 * 1024;
/** Login and sign-up forms are a few fields. */
export const FORM_LIMIT = 16 * 1024;

/** The page API's envelope: the spec's page code reads code/success/message or ret_code/ret_msg. */
/** Returns the reply, so that an async route can return it (else Fastify may send again after compression: ERR_HTTP_HEADERS_SENT). */
export function sendPage(res: FastifyReply, status: number, code: number, message: string, result: unknown = {}, headers: Record<string, string> = {}): FastifyReply {
  return sendJson(res, status, pageBody(code, message, result), headers);
}

export { redirect, sendHtml } from '../http/reply.ts';
