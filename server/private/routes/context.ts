// What every route installer of the trading side takes: one RouteContext, built once by the
// composition root (server/compose.ts). Routes parse and check the request, call a service or an
// engine, and shape the answer; the SQL is in services/ and rows/.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app.ts';
import type { Db } from '../../accounts/db.ts';
import type { KeyLookup } from '../../auth/api-key.ts';
import { authenticate } from '../../auth/resolve.ts';
import type { MarketRules } from '../../exchange/market-rules.ts';
import { bybitBody, sendJson } from '../../http/reply.ts';
import { parseJsonObject, rawQuery, searchParams, takeRawBody } from '../../http/request.ts';
import type { Schema } from '../../http/schemas.ts';
import type { LeverTokenService } from '../engines/lever-tokens.ts';
import type { MarginService } from '../engines/margin.ts';
import type { TradingService } from '../engines/trading.ts';
import type { UtaUpgrades } from '../engines/uta-upgrade.ts';
import type { GridEngine } from '../grid/engine.ts';
import type { ConvertService } from '../services/convert.ts';
import type { StrategyEngine } from '../strategy/engine.ts';
import type { AlertService } from '../alerts/service.ts';

/** The running parts the routes call: built and started by server/compose.ts, stopped when the server closes. */
export interface Services {
  readonly trading: TradingService;
  readonly margin: MarginService;
  readonly upgrades: UtaUpgrades;
  readonly lt: LeverTokenService;
  readonly grid: GridEngine;
  readonly strategies: StrategyEngine;
  readonly convert: ConvertService;
  readonly alerts: AlertService;
}

/** A preValidation hook that authenticates the request and sets request.userId. */
export type AuthHook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/** The server (router, sockets, rate limits, config, onClose) and what the trading routes need besides. */
export interface RouteContext extends AppContext {
  readonly db: Db;
  readonly services: Services;
  /** The running exchange's maintenance windows, banned sides and delistings; undefined without a simulator. */
  readonly rules: MarketRules | undefined;
  /** API key → user and secret (signed requests, the private stream's `auth`). */
  readonly keys: KeyLookup;
  /**
   * Authentication of private endpoints: a signature over the raw query (`get`) or body (`post`,
   * which then parses the JSON), or the page's session; then the user's rate limit for the path.
   */
  readonly auth: { readonly get: AuthHook; readonly post: AuthHook };
  /** The routes' clock: grid figures, convert quotes, webhook timestamps (tests drive it). */
  readonly now: () => number;
}

/** Bybit private bodies are small; anything past this is refused before it is parsed. */
export const PRIVATE_BODY_LIMIT = 16 * 1024;

export function createRouteContext(ctx: AppContext, db: Db, services: Services, opts: { keys: KeyLookup; rules?: MarketRules; now?: () => number }): RouteContext {
  const { keys } = opts;
  const get: AuthHook = async (request, _reply) => {
    request.userId = authenticate(request.raw, rawQuery(request), db, keys, false).userId;
    await ctx.limits.checkUid(request);
  };
  const post: AuthHook = async (request, _reply) => {
    // The signature covers the raw bytes, so it is checked before the JSON is even parsed.
    const raw = takeRawBody(request);
    request.userId = authenticate(request.raw, raw, db, keys, true).userId;
    await ctx.limits.checkUid(request);
    request.body = parseJsonObject(raw, 200, 'Request parameter error: ', false);
  };
  return { ...ctx, db, services, rules: opts.rules, keys, auth: { get, post }, now: opts.now ?? Date.now };
}

export type GetFn = (userId: number, q: URLSearchParams) => unknown;
export type PostFn = (userId: number, body: Record<string, unknown>, request: FastifyRequest) => unknown;

/**
 * A Bybit v5 private GET: authenticated first (a signature over the raw query bytes, or the
 * session), counted against the user's limit, its query checked against `schema`, then answered
 * with `fn`'s result in Bybit's envelope.
 */
export function privateGet(rc: RouteContext, path: string, schema: Schema, fn: GetFn): void {
  rc.router.get(path, { preValidation: rc.auth.get, schema: { querystring: schema } }, (request, res) => {
    sendJson(res, 200, bybitBody(0, 'OK', fn(request.userId!, searchParams(request))));
  });
}

/** A Bybit v5 private POST: as privateGet, the signature over the raw body, which is then parsed and checked. */
export function privatePost(rc: RouteContext, path: string, schema: Schema, fn: PostFn): void {
  rc.router.post(path, { bodyLimit: PRIVATE_BODY_LIMIT, preValidation: rc.auth.post, schema: { body: schema } }, (request, res) => {
    sendJson(res, 200, bybitBody(0, 'OK', fn(request.userId!, request.body as Record<string, unknown>, request)));
  });
}
