/** A failed call: the server's message when it gave one, else what went wrong on the way. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly code: number | string,
    readonly status: number,
    /** When a refusal for now (429) says when to come back (its Retry-After, in whole seconds). */
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST';
  body?: unknown;
  timeoutMs?: number;
  signal?: AbortSignal;
  /** Extra request headers (a cancel's `traceparent`, spec 7.4). */
  headers?: Record<string, string>;
}

const DEFAULT_TIMEOUT_MS = 10_000;
/** Bybit's retCode for a request over its endpoint's rate limit. */
const TOO_MANY_VISITS = 10006;

/** Set by the route picker (state/net-route.ts): true when a request dropped unanswered may go again, on the route Auto moved to. */
let retryDropped: ((url: string, opts: RequestOptions, startedAt: number) => Promise<boolean>) | null = null;
export const setRetryDropped = (fn: typeof retryDropped) => void (retryDropped = fn);

/** Fetches JSON from our origin (or a configured endpoint) with a timeout; never throws raw errors. */
export async function requestJson(url: string, opts: RequestOptions = {}): Promise<unknown> {
  const t = Date.now();
  try {
    return await requestOnce(url, opts);
  } catch (err) {
    if ((err as ApiError).code !== 'network' || !(await retryDropped?.(url, opts, t))) throw err;
    return requestOnce(url, opts);
  }
}

async function requestOnce(url: string, opts: RequestOptions): Promise<unknown> {
  const ctrl = new AbortController();
  const timer = setTimeout(() => ctrl.abort(new DOMException('timeout', 'TimeoutError')), opts.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const onAbort = () => ctrl.abort(opts.signal?.reason);
  opts.signal?.addEventListener('abort', onAbort, { once: true });
  let res: Response;
  try {
    res = await fetch(url, {
      method: opts.method ?? 'GET',
      credentials: 'same-origin',
      headers: { ...(opts.body === undefined ? { 'x-requested-with': 'spot-web' } : { 'content-type': 'application/json', 'x-requested-with': 'spot-web' }), ...opts.headers },
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      signal: ctrl.signal,
    });
  } catch (err) {
    const timedOut = ctrl.signal.reason instanceof DOMException && ctrl.signal.reason.name === 'TimeoutError';
    throw new ApiError(timedOut ? 'request timed out' : `network error: ${(err as Error).message}`, timedOut ? 'timeout' : 'network', 0);
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', onAbort);
  }
  let data: unknown;
  try {
    data = await res.json();
  } catch {
    throw new ApiError(`bad response (${res.status})`, 'parse', res.status);
  }
  if (!res.ok) {
    // Bybit's envelope (retCode, retMsg) or the page API's (code, message).
    const msg = isRecord(data) && typeof data.retMsg === 'string' ? data.retMsg : isRecord(data) && typeof data.message === 'string' ? data.message : `HTTP ${res.status}`;
    const code = isRecord(data) && typeof data.retCode === 'number' ? data.retCode : isRecord(data) && typeof data.code === 'number' ? data.code : res.status;
    const retryAfter = res.headers.get('retry-after');
    throw new ApiError(msg, code, res.status, retryAfter !== null && /^\d{1,9}$/.test(retryAfter) ? Number(retryAfter) * 1000 : undefined);
  }
  // Bybit's "Too many visits!" (retCode 10006, HTTP 200): when the window ends is in
  // X-Bapi-Limit-Reset-Timestamp (ms); kept on the error so the page can say when to try again.
  if (isRecord(data) && data.retCode === TOO_MANY_VISITS) {
    const reset = res.headers.get('x-bapi-limit-reset-timestamp');
    const waitMs = reset !== null && /^\d{1,15}$/.test(reset) ? Number(reset) - Date.now() : Number.NaN;
    throw new ApiError(typeof data.retMsg === 'string' ? data.retMsg : 'request failed', TOO_MANY_VISITS, res.status, waitMs > 0 ? waitMs : undefined);
  }
  return data;
}

export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Unwraps Bybit's v5 envelope {retCode, retMsg, result}; a non-zero retCode is an ApiError. */
export function v5Result(data: unknown): Record<string, unknown> {
  if (!isRecord(data) || typeof data.retCode !== 'number') throw new ApiError('bad response envelope', 'parse', 200);
  if (data.retCode !== 0) throw new ApiError(typeof data.retMsg === 'string' ? data.retMsg : 'request failed', data.retCode, 200);
  if (!isRecord(data.result)) throw new ApiError('bad response result', 'parse', 200);
  return data.result;
}

