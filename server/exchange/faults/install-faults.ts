import type { AppContext } from '../../app.ts';
import { sendJson } from '../../http/reply.ts';
import { isLimitName, NAMED_LIMITS } from '../../http/limit-names.ts';
import { faultRoute } from '../../http/fault-api.ts';
import { plainDecimal } from '../../http/request.ts';
import { CSP_REPORT_PATH } from '../../http/security.ts';
import { faultScopeOf } from './scope.ts';
import { noticeTypeOverrides } from '../rest/symbol-notice-route.ts';
import { complianceOverrides } from '../rest/compliance-route.ts';
import { clearFiatRates, FIAT_RATES, setFiatRate } from '../rest/fiat-rates-route.ts';
import type { Markets } from '../sim/markets.ts';
import { MarketRules } from '../market-rules.ts';
import type { PublicWs, SocketFault } from '../ws/public-ws.ts';
import { pushCounts } from '../ws/client.ts';
import { TradeTopic } from '../ws/feed-topics.ts';
import { publicTradeTopic } from '../../../src/protocol/bybit-v5/topics.ts';

/** A REST fault on one path: answered after `delayMs`, or failed with the given status/body. */
export interface RestFault {
  delayMs: number;
  fail?: { status: number; retCode: number; retMsg: string };
  /** How many requests it still applies to; undefined = until cleared. */
  remaining?: number;
  /** When set, only requests whose `fault_scope` cookie has this value are affected. */
  scope?: string;
}

/** Other parts of the server (private streams) register here to be cut by /faults/drop-sockets. */
export type SocketDropper = () => number;
/** By account name: the reject reason and how many more orders get it. */
export type OrderRejects = Map<string, { reason: string; remaining: number }>;
/** By account name: where its next orders come from and how many more get it. */
export type OrderOrigins = Map<string, { origin: 'blockTrade' | 'futureSpread'; remaining: number }>;

/**
 * Fault controls for tests, only when config.faults: every endpoint is a JSON POST under /faults/,
 * its body's schema and its answer in the table of server/http/fault-api.ts (tests post them
 * through tests/support/faults.ts).
 *   /faults/drop-sockets {}                       cut every WebSocket
 *   /faults/pause {symbol} · /faults/resume {symbol}  silence / restore a symbol's feed (and flow);
 *                                                 with `scope`, only the public sockets of that
 *                                                 fault_scope cookie go quiet (the market runs on)
 *   /faults/skip-seq {topic}                      next orderbook push of topic skips one u
 *   /faults/restart-topic {topic}                 next push is a snapshot with u=1, then 2, 3, ...
 *   /faults/rest {path, delayMs?, fail?: {status?, retCode?, retMsg?}, times?, scope?}  delay or fail GET/POST to a path
 *                                                 (failures under /api/ come in the page envelope: success, code, message);
 *                                                 with `scope`, only requests carrying the cookie fault_scope=<scope>
 *   /faults/rest-clear {path?, scope?}            remove one or all REST faults
 *   /faults/price {symbol, price}                 fair price and book jump there; a trade prints there
 *   /faults/rate-limit {path, max, windowMs?}     set the rate limit of a path (per UID for private
 *                                                 endpoints, the IP budget for public ones) or of a
 *                                                 named budget (server/http/limit-names.ts: register, …)
 *   /faults/reject-orders {name, reason, times?}  the risk check rejects that account's next orders
 *   /faults/feed-stats {}                         market pushes sent (and skipped for slow readers) since start
 *                                                 (default 1) after accepting them: acknowledged,
 *                                                 pushed New, then Rejected with `reason`
 *   /faults/notice-type {symbol, noticeType, scope?}  the symbol's notice carries this type (1, 2 countdown,
 *                                                 3 pending) while it is not open; with `scope`, only for that cookie
 *   /faults/order-origin {name, origin, times?}  that account's next orders (default 1) come from a block
 *                                                 trade (blockTradeId set) or a future spread
 *                                                 (createType CreateByFutureSpread)
 *   /faults/compliance {scope?, liquidityShield?, ordersPanel?, displayOptions?, ocoCurrent?, ocoHistory?, ltRecords?, spotMargin?,
 *                       rewardsHub?, slippageCompensationSymbols?}  the compliance config's flags for that
 *                                                 scope (or every client); {scope, reset: true} drops them
 *   /faults/csp-violations {}                     CSP violation reports browsers sent to /faults/csp-report
 *   /faults/ban-side {symbol, buy, sell, scope?}  the exchange refuses that side's orders and lists the
 *                                                 symbol with isBanBuy / isBanSell; with `scope`, only for that cookie
 *   /faults/suspend {symbol, suspended, scope?}  the symbol's trading stops (listed Closed, orders refused)
 *                                                 or goes on again; with `scope`, only for that cookie
 *   /faults/maintenance {state, scope?, title?, durationMs?}  ongoing: /v5/system/status reports an ongoing
 *                                                 window and orders are refused; scheduled: announced only;
 *                                                 completed: ends it. With `scope`, only for that cookie
 *   /faults/trade-burst {symbol, count}          one publicTrade message of `count` (≤ 1024) trades around the
 *                                                 last price, to every subscriber (the tape's worst case)
 *   /faults/delist {symbol}                       takes the symbol off the market for every client: listed
 *                                                 Closed, orders refused, its grid bots and strategies closed
 *   /faults/socket {scope, mode}                  that scope's public sockets misbehave: refuse (the upgrade is
 *                                                 dropped), hang (never answered), mute (pings unanswered);
 *                                                 none: behave again (spec 8's socket close codes, e2e)
 *   /faults/fiat-rate {currency, rate}            one currency's rate to the US dollar on
 *                                                 /api/spot/exchange-rate ('': the table's again)
 *   /faults/reset {}                              clear all of the above
 */
export function installFaults(
  ctx: AppContext, markets: Markets, ws: PublicWs, droppers: SocketDropper[] = [], orderRejects: OrderRejects = new Map(), orderOrigins: OrderOrigins = new Map(),
  rules: MarketRules = new MarketRules(),
): void {
  // Keyed by scope (or '' for every client), then path.
  const restFaults = new Map<string, RestFault>();
  const keyOf = (scope: string | undefined, path: string) => `${scope ?? ''} ${path}`;

  ctx.intercept(async (request, res) => {
    const q = request.url.indexOf('?');
    const pathname = q < 0 ? request.url : request.url.slice(0, q);
    if (restFaults.size === 0 || pathname.startsWith('/faults/')) return false;
    const scope = faultScopeOf(request.headers.cookie);
    let key = keyOf(scope, pathname);
    let f = scope !== undefined ? restFaults.get(key) : undefined;
    if (!f) f = restFaults.get((key = keyOf(undefined, pathname)));
    if (!f) return false;
    if (f.remaining !== undefined && --f.remaining <= 0) restFaults.delete(key);
    if (f.delayMs > 0) await new Promise((r) => setTimeout(r, f.delayMs));
    if (!f.fail) return false;
    const { status, retCode, retMsg } = f.fail;
    // A failure must look like the path's own error, or the client under test fails on the shape
    // instead of exercising its error handling: page API paths (/api/) use the page envelope.
    if (pathname.startsWith('/api/') || pathname.startsWith('/spot/api/')) {
      sendJson(res, status, { success: false, code: retCode, message: retMsg, ret_code: retCode, ret_msg: retMsg, result: {} });
    } else {
      sendJson(res, status, { retCode, retMsg, result: {}, retExtInfo: {}, time: Date.now() });
    }
    return true;
  });


  // Browsers post CSP violation reports here (report-uri, with --faults only); tests read them back.
  const cspReports: unknown[] = [];
  ctx.router.post(CSP_REPORT_PATH, { bodyLimit: 64 * 1024, config: { api: 'faults' } }, (request, res) => {
    const raw = typeof request.body === 'string' ? request.body : '';
    let report: unknown = raw;
    try {
      report = JSON.parse(raw);
    } catch {
      /* kept as text */
    }
    if (cspReports.length < 200) cspReports.push(report);
    res.code(204).send();
  });

  const marketOf = (body: Record<string, unknown>) => {
    const m = typeof body.symbol === 'string' ? markets.bySymbol.get(body.symbol) : undefined;
    if (!m) throw new Error(`unknown symbol: ${String(body.symbol)}`);
    return m;
  };
  const bookTopicOf = (body: Record<string, unknown>) => {
    const t = typeof body.topic === 'string' ? ws.bookTopic(body.topic) : undefined;
    if (!t) throw new Error(`not an orderbook topic: ${String(body.topic)}`);
    return t;
  };

  faultRoute(ctx, 'drop-sockets', () => ({ dropped: ws.dropAll() + droppers.reduce((n, d) => n + d(), 0) }));
  const scopedOf = (b: Record<string, unknown>) => (typeof b.scope === 'string' && b.scope !== '' ? b.scope : undefined);
  faultRoute(ctx, 'pause', (b) => {
    const m = marketOf(b);
    const scope = scopedOf(b);
    if (scope === undefined) m.paused = true;
    else ws.silence(scope, m.def.symbol, true);
  });
  faultRoute(ctx, 'resume', (b) => {
    const m = marketOf(b);
    const scope = scopedOf(b);
    if (scope === undefined) m.paused = false;
    else ws.silence(scope, m.def.symbol, false);
  });
  faultRoute(ctx, 'skip-seq', (b) => {
    bookTopicOf(b).skipNext = true;
  });
  faultRoute(ctx, 'restart-topic', (b) => {
    bookTopicOf(b).restartNext = true;
  });
  faultRoute(ctx, 'price', (b) => {
    const m = marketOf(b);
    // A plain decimal ("0.5"), as every numeric field: never "0x10" or "1e3".
    const price = plainDecimal(b.price) !== undefined ? Number(b.price) : undefined;
    if (price === undefined || !(price > 0)) throw new Error('price must be a positive plain decimal');
    m.moveTo(price);
    return { lastPrice: m.lastTicks() !== undefined ? m.price(m.lastTicks()!) : null };
  });
  faultRoute(ctx, 'rest', (b) => {
    if (typeof b.path !== 'string' || !b.path.startsWith('/')) throw new Error('path must start with /');
    const delayMs = b.delayMs === undefined ? 0 : Number(b.delayMs);
    if (!Number.isFinite(delayMs) || delayMs < 0 || delayMs > 120_000) throw new Error('delayMs must be 0..120000');
    const f: RestFault = { delayMs };
    if (b.fail !== undefined && b.fail !== false) {
      const spec = (typeof b.fail === 'object' && b.fail ? b.fail : {}) as Record<string, unknown>;
      f.fail = {
        status: typeof spec.status === 'number' ? spec.status : 200,
        retCode: typeof spec.retCode === 'number' ? spec.retCode : 10016,
        retMsg: typeof spec.retMsg === 'string' ? spec.retMsg : 'Internal System Error.',
      };
    }
    if (b.times !== undefined) f.remaining = Math.max(1, Number(b.times) | 0);
    const scope = typeof b.scope === 'string' && b.scope !== '' ? b.scope : undefined;
    if (scope !== undefined) f.scope = scope;
    restFaults.set(keyOf(scope, b.path), f);
  });
  faultRoute(ctx, 'rest-clear', (b) => {
    const scope = typeof b.scope === 'string' && b.scope !== '' ? b.scope : undefined;
    if (typeof b.path === 'string') restFaults.delete(keyOf(scope, b.path));
    else if (scope === undefined) restFaults.clear();
    else for (const [k, f] of restFaults) if (f.scope === scope) restFaults.delete(k);
  });
  faultRoute(
    ctx,
    'rate-limit',
    (b) => {
      if (typeof b.path !== 'string' || !(b.path.startsWith('/') || isLimitName(b.path))) throw new Error(`path must start with / or name a limit (${Object.keys(NAMED_LIMITS).join(', ')})`);
      ctx.limits.override(b.path, { max: b.max as number, windowMs: (b.windowMs as number | undefined) ?? 1000 });
    },
  );
  faultRoute(ctx, 'csp-violations', () => ({ reports: cspReports.slice() }));
  faultRoute(ctx, 'feed-stats', () => ({ ...pushCounts }));
  faultRoute(ctx, 'reject-orders', (b) => {
    if (!/^EC_[A-Za-z]+$/.test(b.reason as string)) throw new Error('reason must look like EC_Something');
    orderRejects.set(b.name as string, { reason: b.reason as string, remaining: (b.times as number | undefined) ?? 1 });
  });

  faultRoute(ctx, 'notice-type', (b) => {
    const m = marketOf(b);
    noticeTypeOverrides.set(`${scopedOf(b) ?? ''} ${m.def.symbol}`, b.noticeType as number);
  });

  faultRoute(
    ctx,
    'compliance',
    (b) => {
      const key = scopedOf(b) ?? '';
      if (b.reset === true) return void complianceOverrides.delete(key);
      const { scope: _scope, reset: _reset, ...flags } = b;
      complianceOverrides.set(key, { ...complianceOverrides.get(key), ...flags });
    },
  );

  faultRoute(ctx, 'ban-side', (b) => {
    const m = marketOf(b);
    rules.setBan(m.def.symbol, { buy: b.buy === true, sell: b.sell === true }, scopedOf(b));
  });
  faultRoute(ctx, 'suspend', (b) => rules.setSuspended(marketOf(b).def.symbol, b.suspended === true, scopedOf(b)));
  faultRoute(
    ctx,
    'maintenance',
    (b) => rules.setMaintenance(b.state as 'scheduled' | 'ongoing' | 'completed', scopedOf(b), Date.now(), b.title as string | undefined, b.durationMs as number | undefined),
  );

  faultRoute(ctx, 'trade-burst', (b) => {
    const topic = ws.topics.get(publicTradeTopic(marketOf(b).def.symbol));
    if (!(topic instanceof TradeTopic)) throw new Error('no trade stream for that symbol');
    return { sent: topic.burst(b.count as number, Date.now()) };
  });

  faultRoute(ctx, 'delist', (b) => rules.delist(marketOf(b).def.symbol));

  faultRoute(ctx, 'fiat-rate', (b) => {
    if (!(b.currency in FIAT_RATES)) throw new Error(`unknown currency: ${b.currency}`);
    setFiatRate(b.currency, b.rate);
  });

  faultRoute(ctx, 'order-origin', (b) => {
    orderOrigins.set(b.name as string, { origin: b.origin as 'blockTrade' | 'futureSpread', remaining: (b.times as number | undefined) ?? 1 });
  });

  faultRoute(ctx, 'socket', (b) => {
    ws.setSocketFault(b.scope as string, b.mode === 'none' ? null : (b.mode as SocketFault));
  });

  faultRoute(ctx, 'reset', () => {
    restFaults.clear();
    orderOrigins.clear();
    noticeTypeOverrides.clear();
    complianceOverrides.clear();
    clearFiatRates();
    orderRejects.clear();
    rules.reset();
    ctx.limits.clearOverrides();
    cspReports.length = 0;
    for (const m of markets.list) m.paused = false;
    ws.silenceNone();
    ws.clearSocketFaults();
    for (const t of ws.topics.values()) {
      if ('skipNext' in t) {
        t.skipNext = false;
        t.restartNext = false;
      }
    }
  });
}
