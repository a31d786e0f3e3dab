import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import '@fastify/rate-limit';
import { ApiError, ERR } from '../auth/errors.ts';
import { DEMO_APPLY_MONEY_PATH, DEMO_MONEY_INTERVAL_MS } from '../../src/protocol/bybit-v5/demo-money.ts';
import { NAMED_LIMITS, type Limit, type LimitName } from './limit-names.ts';

export type { Limit } from './limit-names.ts';

/** A named budget's answer: spent, or over its limit (then when the window ends). */
export interface BudgetVerdict {
  allowed: boolean;
  limit: Limit;
  /** Milliseconds until the key's window ends (0 when allowed). */
  retryAfterMs: number;
}

/**
 * Bybit's API rate limits per UID and endpoint (docs/v5/rate-limit, "API Rate Limit Table", the
 * spot column of a classic account): per second, counted per user. Paths not listed here get
 * DEFAULT_UID_LIMIT ("all other private endpoints").
 */
export const UID_LIMITS: Readonly<Record<string, number>> = {
  '/v5/order/create': 20,
  '/v5/order/amend': 10,
  '/v5/order/cancel': 20,
  '/v5/order/cancel-all': 20,
  '/v5/order/realtime': 20,
  '/v5/order/history': 20,
  '/v5/execution/list': 20,
  '/v5/account/wallet-balance': 20,
};
export const DEFAULT_UID_LIMIT = 20;
/** Endpoints whose window is not a second: demo funds, once a minute (docs/v5/demo.mdx). */
export const UID_WINDOW_LIMITS: Readonly<Record<string, Limit>> = {
  [DEMO_APPLY_MONEY_PATH]: { max: 1, windowMs: DEMO_MONEY_INTERVAL_MS },
};

/** Bybit's HTTP IP limit: 600 requests in any 5-second window, for the public (unauthenticated) API. */
export const IP_LIMIT: Limit = { max: 600, windowMs: 5000 };

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Counted against the client IP's budget (IP_LIMIT): the public market-data routes. */
    ipLimit?: boolean;
  }
}

type Check = ReturnType<FastifyInstance['createRateLimit']>;

/**
 * Bybit's rate-limit behaviour on top of @fastify/rate-limit's counters (one store per endpoint):
 *  - private endpoints count per UID and endpoint; every authenticated answer carries
 *    X-Bapi-Limit (the limit), X-Bapi-Limit-Status (requests left) and X-Bapi-Limit-Reset-Timestamp
 *    (when the window ends if exceeded, else now); past the limit the answer is HTTP 200 with
 *    retCode 10006 "Too many visits!";
 *  - public market data counts per IP (600 per 5 s); past it the answer is HTTP 403 "access too
 *    frequent", as Bybit's edge answers an IP over its limit (10006 in the envelope for clients
 *    that read JSON).
 * A test lowers (or raises) any limit with the fault control /faults/rate-limit.
 */
export class RateLimits {
  private readonly overrides = new Map<string, Limit>();
  private readonly uidChecks = new Map<string, Check>();
  private ipCheck: Check | undefined;
  private readonly budgets = new Map<string, Check>();

  /** `configured`: the operator's named limits (--limits), over NAMED_LIMITS' defaults. */
  constructor(
    private readonly app: FastifyInstance,
    private readonly configured: Partial<Record<string, Limit>> = {},
  ) {}

  /** The limit that applies to a path (or a named budget) now: a fault override, else the operator's, else the default. */
  limitFor(path: string, fallback: Limit): Limit {
    return this.overrides.get(path) ?? this.configured[path] ?? fallback;
  }

  /**
   * A named budget (limit-names.ts), counted per `keyOf(request)` in its own @fastify/rate-limit
   * store: each call spends one unit and says whether the key is still within its limit.
   */
  budget(name: LimitName, keyOf: (request: FastifyRequest) => string): (request: FastifyRequest) => Promise<BudgetVerdict> {
    const base = NAMED_LIMITS[name];
    // One counter per name: a second registration would count under the first one's keys.
    if (this.budgets.has(name)) throw new Error(`rate-limit budget ${name} is registered twice`);
    const run = this.app.createRateLimit({
      max: () => this.limitFor(name, base).max,
      timeWindow: () => this.limitFor(name, base).windowMs,
      keyGenerator: (req) => `${name}:${keyOf(req)}`,
    });
    this.budgets.set(name, run);
    return async (request) => {
      const limit = this.limitFor(name, base);
      const r = await run(request);
      if (r.isAllowed || !r.isExceeded) return { allowed: true, limit, retryAfterMs: 0 };
      return { allowed: false, limit, retryAfterMs: r.ttl };
    };
  }

  /** Fault control: replace the limit of a path (a private endpoint's per-UID one, or the IP budget of a public one) or of a named budget. */
  override(path: string, limit: Limit): void {
    this.overrides.set(path, limit);
  }

  clearOverrides(): void {
    this.overrides.clear();
  }

  /** Counts an authenticated request (request.userId set) against its user's budget for the route. */
  async checkUid(request: FastifyRequest): Promise<void> {
    if (request.userId === undefined) return;
    const path = request.routeOptions.url ?? request.url;
    let check = this.uidChecks.get(path);
    if (!check) {
      const base: Limit = UID_WINDOW_LIMITS[path] ?? { max: UID_LIMITS[path] ?? DEFAULT_UID_LIMIT, windowMs: 1000 };
      check = this.app.createRateLimit({
        max: () => this.limitFor(path, base).max,
        timeWindow: () => this.limitFor(path, base).windowMs,
        keyGenerator: (req) => `uid:${req.userId}`,
      });
      this.uidChecks.set(path, check);
    }
    const r = await check(request);
    if (r.isAllowed) return;
    const now = Date.now();
    request.bapiLimit = { limit: r.max, remaining: r.remaining, resetAt: r.isExceeded ? now + r.ttl : now };
    if (r.isExceeded) throw new ApiError(ERR.RATE_LIMIT, 'Too many visits!', 200);
  }

  /** onRequest hook: routes with config.ipLimit count against the client IP's budget. */
  readonly onRequest = async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    if (!request.routeOptions.config?.ipLimit) return;
    const path = request.routeOptions.url ?? request.url;
    this.ipCheck ??= this.app.createRateLimit({
      max: (req) => this.limitFor(req.routeOptions.url ?? '', IP_LIMIT).max,
      timeWindow: (req) => this.limitFor(req.routeOptions.url ?? '', IP_LIMIT).windowMs,
      keyGenerator: (req) => `ip:${req.ip}`,
    });
    const r = await this.ipCheck(request);
    if (!r.isAllowed && r.isExceeded) {
      throw new ApiError(ERR.RATE_LIMIT, `Too many visits! access too frequent: over ${this.limitFor(path, IP_LIMIT).max} requests per ${this.limitFor(path, IP_LIMIT).windowMs / 1000} s from this IP`, 403);
    }
  };

  /** onSend hook: the X-Bapi-Limit headers of an authenticated request, on success and error alike. */
  readonly onSend = async (request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> => {
    const l = request.bapiLimit;
    if (l) {
      reply.header('X-Bapi-Limit', String(l.limit));
      reply.header('X-Bapi-Limit-Status', String(l.remaining));
      reply.header('X-Bapi-Limit-Reset-Timestamp', String(l.resetAt));
    }
    return payload;
  };
}
