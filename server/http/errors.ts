import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, ERR } from '../auth/errors.ts';
import { DRAIN_MS } from './client-error.ts';
import { errorBody, sendJson } from './reply.ts';
import type { ApiKind } from './request.ts';

/** The parts of an Ajv error the messages use (Ajv runs with `verbose`, so parentSchema is there). */
interface SchemaError {
  keyword: string;
  instancePath?: string;
  params?: Record<string, unknown>;
  message?: string;
  parentSchema?: { description?: unknown };
}

const TYPE_NAMES: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  integer: 'an integer',
  object: 'an object',
  array: 'an array',
  boolean: 'true or false',
  null: 'null',
};

/** One human sentence per schema error, naming the field: "limit must be a whole number". */
export function describeSchemaError(e: SchemaError, dataVar: string): string {
  const path = (e.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
  const field = e.keyword === 'required' ? [path, String(e.params?.missingProperty ?? '')].filter(Boolean).join('.') : path;
  if (e.keyword === 'required') return `${field} is required`;
  const what = field || dataVar;
  const hint = e.parentSchema?.description;
  if (field === '' && e.keyword === 'type') return dataVar === 'body' ? 'body must be a JSON object' : `${dataVar} must be ${TYPE_NAMES[String(e.params?.type)] ?? String(e.params?.type)}`;
  if (typeof hint === 'string' && hint !== '') return `${what} must be ${hint}`;
  switch (e.keyword) {
    case 'type': {
      const types = String(e.params?.type ?? '').split(',');
      return `${what} must be ${types.map((t) => TYPE_NAMES[t] ?? t).join(' or ')}`;
    }
    case 'enum':
      return `${what} must be one of ${((e.params?.allowedValues as unknown[]) ?? []).map(String).join(', ')}`;
    case 'maxLength':
      return `${what} must be at most ${String(e.params?.limit)} characters`;
    case 'maxItems':
      return `${what} must have at most ${String(e.params?.limit)} items`;
    case 'minimum':
    case 'maximum':
      return `${what} ${e.message ?? 'is out of range'}`;
    default:
      return `${what} ${e.message ?? 'is not valid'}`;
  }
}

/** Fastify's schemaErrorFormatter: the first problem as a sentence (the handler adds the envelope). */
export function formatSchemaErrors(errors: readonly SchemaError[], dataVar: string): Error {
  const first = errors[0];
  return new Error(first ? describeSchemaError(first, dataVar) : `${dataVar} is not valid`);
}

function kindOf(request: FastifyRequest): ApiKind {
  const configured = request.routeOptions?.config?.api;
  if (configured) return configured;
  if (request.routeOptions?.url) return 'bybit';
  // Unmatched requests (no route) answer by path.
  const url = request.url ?? '';
  return url.startsWith('/api/') || url.startsWith('/spot/api/') ? 'page' : url.startsWith('/faults/') ? 'faults' : 'bybit';
}

/**
 * Every error of every route ends here, so no answer is ever Fastify's default body: a schema
 * failure is retCode 10001 naming the field (in the route's envelope), a refusal keeps its Bybit
 * code and status, a body over the limit is 413, and anything unexpected is logged and answered
 * 10016 without details.
 */
export function handleError(err: FastifyError | ApiError | Error, request: FastifyRequest, reply: FastifyReply): void {
  const kind = kindOf(request);
  const bybitPrefix = kind === 'bybit' ? 'Request parameter error: ' : '';
  if ('validation' in err && err.validation) {
    const status = request.routeOptions?.config?.paramStatus ?? (kind === 'bybit' ? 200 : 400);
    sendJson(reply, status, errorBody(kind, ERR.PARAM, `${bybitPrefix}${err.message}`));
    return;
  }
  if (err instanceof ApiError) {
    sendJson(reply, err.httpStatus, errorBody(kind, err.retCode, err.message));
    return;
  }
  const status = (err as FastifyError).statusCode;
  if (status === 413) {
    keepReadingBody(request, reply);
    sendJson(reply, 413, errorBody(kind, ERR.PARAM, `request body over ${request.routeOptions?.bodyLimit ?? 'the limit of'} bytes`));
    return;
  }
  if (typeof status === 'number' && status >= 400 && status < 500) {
    sendJson(reply, status, errorBody(kind, ERR.PARAM, err.message));
    return;
  }
  console.error('request failed:', request.method, request.url, err);
  sendJson(reply, 500, errorBody(kind, ERR.SERVER, 'internal error'));
}

/**
 * A body over the limit: Fastify answers with `connection: close`, and closing a socket whose
 * input is still unread resets the connection, so a client (or a route edge forwarding the body)
 * may lose the 413 to the reset. Instead the connection stays open and Node reads and drops the
 * rest of the body (as it does for any answer given before the body ended); a body still arriving
 * after DRAIN_MS closes it.
 */
function keepReadingBody(request: FastifyRequest, reply: FastifyReply): void {
  const req = request.raw;
  if (req.complete) return;
  reply.removeHeader('connection');
  const timer = setTimeout(() => req.socket?.destroy(), DRAIN_MS);
  timer.unref();
  const done = () => clearTimeout(timer);
  req.once('end', done);
  req.once('close', done);
}
