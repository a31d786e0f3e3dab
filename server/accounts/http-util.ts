import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBody, sendJson } from '../http/router.ts';
import { PAGE_HEADERS } from '../http/static.ts';

/** Largest JSON or form body any accounts endpoint accepts (layouts are the big ones). */
export const BODY_LIMIT = 300 * 1024;

/** The page API's envelope: the spec's page code reads code/success/message or ret_code/ret_msg. */
export function sendPage(res: ServerResponse, status: number, code: number, message: string, result: unknown = {}, headers: Record<string, string> = {}): void {
  sendJson(res, status, { code, success: code === 0, message, ret_code: code, ret_msg: message, result }, headers);
}

export function sendHtml(res: ServerResponse, status: number, html: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, {
    ...PAGE_HEADERS,
    'content-type': 'text/html; charset=utf-8',
    'content-length': Buffer.byteLength(html),
    'cache-control': 'no-store',
    ...headers,
  });
  res.end(html);
}

export function redirect(res: ServerResponse, location: string, headers: Record<string, string> = {}): void {
  res.writeHead(303, { location, 'cache-control': 'no-store', 'content-length': 0, ...headers });
  res.end();
}

export class JsonBodyError extends Error {}

/** Reads and parses a JSON object body; throws JsonBodyError for anything else. */
export async function readJsonObject(req: IncomingMessage, limit = BODY_LIMIT): Promise<{ raw: string; body: Record<string, unknown> }> {
  const raw = await readBody(req, limit);
  let body: unknown;
  try {
    body = raw.trim() === '' ? {} : JSON.parse(raw);
  } catch {
    throw new JsonBodyError('malformed JSON body');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new JsonBodyError('body must be a JSON object');
  return { raw, body: body as Record<string, unknown> };
}

export async function readForm(req: IncomingMessage, limit = 16 * 1024): Promise<URLSearchParams> {
  return new URLSearchParams(await readBody(req, limit));
}
