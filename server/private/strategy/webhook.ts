// Webhook strategies (issue 17 item 1): a unified account may have one secret URL that accepts
// TradingView-style JSON alerts, each placing the spot order it describes (createType
// CreateByTVSignal). An alert is signed (x-tv-signature: hex HMAC-SHA256 of `${timestamp}.${body}`
// with the account's webhook secret, x-tv-timestamp within 30 s), replay-protected (each alert `id`
// is accepted once) and rate-limited (10 a minute per account). The signature is checked before
// the account's budget is touched: a caller without the secret (unknown URL, bad timestamp or
// signature) spends its own address's budget ('webhook-unsigned'), never the owner's. Every
// alert is recorded with what became of it, which the page lists.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendPage } from '../../accounts/http-util.ts';
import { getUser } from '../../accounts/users.ts';
import { ApiError } from '../../auth/errors.ts';
import { isSameOrigin } from '../../auth/same-origin.ts';
import { sessionUserId } from '../../auth/session.ts';
import { sendJson } from '../../http/reply.ts';
import { takeRawBody } from '../../http/request.ts';
import { TokenBucket } from '../../socket-limits.ts';
import { checkMarketGates } from '../services/market-gates.ts';
import type { RouteContext } from '../routes/context.ts';
import { planCreate } from '../services/validate.ts';
import { recentSignals, recordSignal, saveWebhook, signalSeen, webhookByToken, webhookOf } from './webhook-rows.ts';

export const WEBHOOK_PATH = '/api/strategy/webhook';
export const WEBHOOK_ALERT_PREFIX = '/webhook/tv/';
/** How far an alert's timestamp may be from the exchange's clock. */
export const WEBHOOK_WINDOW_MS = 30_000;
const ALERTS_PER_MINUTE = 10;
const ID_RE = /^[A-Za-z0-9_-]{1,40}$/;

export interface WebhookSignal {
  id: string;
  receivedAt: number;
  status: 'placed' | 'refused';
  orderId: string;
  code: number;
  msg: string;
  symbol: string;
  side: string;
  qty: string;
}

export function signAlert(secret: string, timestamp: string, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

export function installWebhooks(rc: RouteContext): void {
  const { db, rules, now } = rc;
  const { trading } = rc.services;
  const app = rc.router;
  const buckets = new Map<number, TokenBucket>();

  const pageUser = (request: FastifyRequest, res: FastifyReply, changing: boolean): number | undefined => {
    const id = sessionUserId(db, request.raw);
    if (id === undefined) return void sendPage(res, 401, 10003, 'not logged in');
    if (changing && !isSameOrigin(request.raw)) return void sendPage(res, 403, 10005, 'cross-origin request refused');
    const u = getUser(db, id);
    if (u?.is_uta !== 1 || u.is_demo === 1) return void sendPage(res, 403, 10005, 'Webhook strategies need a unified, non-demo account.');
    return id;
  };
  const view = (userId: number) => {
    const row = webhookOf(db, userId);
    const signals = recentSignals(db, userId);
    return {
      path: row ? `${WEBHOOK_ALERT_PREFIX}${row.token}` : '',
      secret: row?.secret ?? '',
      signals: signals.map((s): WebhookSignal => ({ id: s.id, receivedAt: s.received_at, status: s.status, orderId: s.order_id, code: s.code, msg: s.msg, symbol: s.symbol, side: s.side, qty: s.qty })),
    };
  };

  app.get(WEBHOOK_PATH, { config: { api: 'page' } }, (request, res) => {
    const userId = pageUser(request, res, false);
    if (userId !== undefined) sendPage(res, 200, 0, 'OK', view(userId));
  });
  // Creates the account's webhook, or replaces it (the old URL and secret stop working at once).
  app.post(WEBHOOK_PATH, { config: { api: 'page' }, bodyLimit: 1024 }, (request, res) => {
    const userId = pageUser(request, res, true);
    if (userId === undefined) return;
    const token = randomBytes(18).toString('base64url');
    const secret = randomBytes(24).toString('base64url');
    saveWebhook(db, userId, token, secret, now());
    sendPage(res, 200, 0, 'OK', view(userId));
  });

  const unsigned = rc.limits.budget('webhook-unsigned', (request) => request.ip);
  /** A refusal of a caller without the secret: counted against its address, 429 past that budget. */
  const refuseUnsigned = async (request: FastifyRequest, res: FastifyReply, status: number, msg: string): Promise<FastifyReply> => {
    const v = await unsigned(request);
    if (v.allowed) return sendJson(res, status, { ok: false, msg });
    const wait = Math.max(1, Math.ceil(v.retryAfterMs / 1000));
    return sendJson(res, 429, { ok: false, msg: `too many refused alerts from this address: at most ${v.limit.max} in ${v.limit.windowMs / 1000} s; retry in ${wait} s` }, { 'retry-after': String(wait) });
  };

  app.post(`${WEBHOOK_ALERT_PREFIX}:token`, { config: { api: 'page' }, bodyLimit: 4096 }, async (request, res) => {
    const raw = takeRawBody(request);
    const token = (request.params as { token?: string }).token ?? '';
    const hook = webhookByToken(db, token);
    if (!hook) return refuseUnsigned(request, res, 404, 'unknown webhook');
    // Timestamp and signature first: only an alert signed with the account's secret reaches its budget.
    const ts = String(request.headers['x-tv-timestamp'] ?? '');
    const sig = String(request.headers['x-tv-signature'] ?? '');
    if (!/^\d{13}$/.test(ts) || Math.abs(now() - Number(ts)) > WEBHOOK_WINDOW_MS) return refuseUnsigned(request, res, 401, 'x-tv-timestamp missing or more than 30 s away');
    const want = Buffer.from(signAlert(hook.secret, ts, raw), 'hex');
    const got = /^[0-9a-f]{64}$/.test(sig) ? Buffer.from(sig, 'hex') : Buffer.alloc(0);
    if (got.length !== want.length || !timingSafeEqual(got, want)) return refuseUnsigned(request, res, 401, 'bad signature');
    const bucket = buckets.get(hook.user_id) ?? new TokenBucket(ALERTS_PER_MINUTE, ALERTS_PER_MINUTE / 60, now());
    buckets.set(hook.user_id, bucket);
    if (!bucket.take(now())) return sendJson(res, 429, { ok: false, msg: `at most ${ALERTS_PER_MINUTE} alerts a minute` });
    let alert: Record<string, unknown>;
    try {
      const parsed: unknown = JSON.parse(raw);
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('not an object');
      alert = parsed as Record<string, unknown>;
    } catch {
      return sendJson(res, 400, { ok: false, msg: 'the body must be a JSON object' });
    }
    const id = typeof alert.id === 'string' && ID_RE.test(alert.id) ? alert.id : '';
    if (!id) return sendJson(res, 400, { ok: false, msg: 'id: 1-40 of [A-Za-z0-9_-], unique per alert' });
    const record = (status: 'placed' | 'refused', orderId: string, code: number, msg: string) =>
      recordSignal(db, hook.user_id, {
        id, receivedAt: now(), status, order_id: orderId, code, msg: msg.slice(0, 200), symbol: String(alert.symbol ?? '').slice(0, 32), side: String(alert.side ?? '').slice(0, 8), qty: String(alert.qty ?? '').slice(0, 40),
      });
    if (signalSeen(db, hook.user_id, id)) return sendJson(res, 409, { ok: false, msg: 'this alert id was already received' });
    try {
      const plan = planCreate({
        category: 'spot', symbol: alert.symbol, side: alert.side, orderType: alert.orderType ?? 'Market', qty: alert.qty, price: alert.price,
        marketUnit: alert.marketUnit, timeInForce: alert.timeInForce, orderLinkId: `tv-${id}`,
      });
      plan.createType = 'CreateByTVSignal';
      checkMarketGates(db, rules, hook.user_id, plan, undefined, trading.lastPrice(plan.market));
      const { orderId } = trading.create(hook.user_id, plan);
      record('placed', orderId, 0, 'OK');
      return sendJson(res, 200, { ok: true, orderId });
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      record('refused', '', err.retCode, err.message);
      return sendJson(res, 400, { ok: false, code: err.retCode, msg: err.message });
    }
  });
}
