// The test controls (only with --faults): every POST /faults/<name>, the schema of its JSON body
// and what it answers besides {ok: true}. The server registers each control against this table
// (faultRoute: the handler gets the body typed from its schema), and the tests' client
// (tests/support/faults.ts) is typed from it, so a control's name, fields and answer are checked
// on both sides. A thrown error answers 400 {ok: false, error}.
import type { AppContext } from '../app.ts';
import type { MaintenanceRecord } from '../exchange/market-rules.ts';
import type { LinkQuality } from '../net/route-links.ts';
import { MARGIN_MODES, RISK_STATES } from '../../src/protocol/bybit-v5/margin.ts';
import type { LtReferenceWire } from '../../src/protocol/bybit-v5/lever-token.ts';
import { MAX_TRADES_PER_MESSAGE } from '../../src/protocol/bybit-v5/public-trade.ts';
import { ORDER_LIMIT_CODES } from '../../src/protocol/bybit-v5/trade-limits.ts';
import { sendJson } from './reply.ts';
import { jsonBody } from './request.ts';
import { AMOUNT, bool, int, list, num, object, oneOf, shaped, text, type Infer } from './schemas.ts';

const NONE = object({});
const NAME = text(64);
const SCOPE = text(64);
const SYMBOL = text(64);
const SCOPED_SYMBOL = object({ symbol: SYMBOL, scope: SCOPE }, ['symbol']);
const TOPIC = object({ topic: text(128) }, ['topic']);
const TAG = oneOf(['', 'FAIL', 'PROCESS', 'SUCCESS'], "'', FAIL, PROCESS or SUCCESS");
const LOCALE = text(16);
const PERCENT = int(0, 99);

export const FAULT_BODIES = {
  // The exchange (exchange/faults/install-faults.ts).
  /** Cut every WebSocket, public and private. */
  'drop-sockets': NONE,
  /** Silence a symbol's feed (and flow); with `scope`, only that fault scope's public sockets go quiet. */
  pause: SCOPED_SYMBOL,
  resume: SCOPED_SYMBOL,
  /** The topic's next orderbook push skips one `u`. */
  'skip-seq': TOPIC,
  /** The topic's next push is a snapshot with u=1, then 2, 3, … */
  'restart-topic': TOPIC,
  /** Fair price and book jump there; a trade prints there. */
  price: object({ symbol: SYMBOL, price: AMOUNT }, ['symbol', 'price']),
  /** Delay or fail GET/POST to a path (`times` requests, or until cleared); with `scope`, that cookie's requests only. */
  rest: object(
    {
      path: text(512), delayMs: num(0, 120_000), fail: shaped<{ status?: number; retCode?: number; retMsg?: string } | boolean>({ type: ['object', 'boolean'] }),
      times: int(1), scope: SCOPE,
    },
    ['path'],
  ),
  /** Remove one path's REST fault, a scope's, or all. */
  'rest-clear': object({ path: text(512), scope: SCOPE }),
  /** The rate limit of a path (per UID for private endpoints, the IP budget for public ones) or of a named budget. */
  'rate-limit': object({ path: text(512), max: int(0, 1_000_000), windowMs: int(1, 3_600_000) }, ['path', 'max']),
  /** The CSP violation reports browsers sent to /faults/csp-report. */
  'csp-violations': NONE,
  /** Market pushes sent (and skipped for slow readers) since start. */
  'feed-stats': NONE,
  /** The risk check rejects that account's next `times` (1) orders with `reason` after accepting them. */
  'reject-orders': object({ name: NAME, reason: NAME, times: int(1, 100) }, ['name', 'reason']),
  /** The symbol's notice carries this type (1, 2 countdown, 3 pending) while it is not open. */
  'notice-type': object({ symbol: SYMBOL, noticeType: int(0, 9), scope: SCOPE }, ['symbol', 'noticeType']),
  /** The compliance config's flags for a scope (or every client); {scope, reset: true} drops them. */
  compliance: object({
    scope: SCOPE, reset: bool(), liquidityShield: bool(), ordersPanel: bool(), displayOptions: bool(),
    ocoCurrent: bool(), ocoHistory: bool(), rewardsHub: bool(), ltRecords: bool(), spotMargin: bool(),
    slippageCompensationSymbols: list(text(40), 100),
  }),
  /** The exchange refuses that side's orders and lists the symbol with isBanBuy / isBanSell. */
  'ban-side': object({ symbol: SYMBOL, buy: bool(), sell: bool(), scope: SCOPE }, ['symbol']),
  /** The symbol's trading stops (listed Closed, orders refused) or, suspended false, goes on again. */
  suspend: object({ symbol: SYMBOL, suspended: bool(), scope: SCOPE }, ['symbol', 'suspended']),
  /** ongoing: /v5/system/status reports a window and orders are refused; scheduled: announced; completed: ends it. */
  maintenance: object({ state: oneOf(['scheduled', 'ongoing', 'completed']), scope: SCOPE, title: text(120), durationMs: int(1000, 86_400_000) }, ['state']),
  /** One publicTrade message of `count` trades around the last price, to every subscriber. */
  'trade-burst': object({ symbol: SYMBOL, count: int(1, MAX_TRADES_PER_MESSAGE) }, ['symbol', 'count']),
  /** Takes the symbol off the market: listed Closed, orders refused, its grid bots and strategies closed. */
  delist: object({ symbol: SYMBOL }, ['symbol']),
  /** That account's next `times` (1) orders come from a block trade or a future spread. */
  'order-origin': object({ name: NAME, origin: oneOf(['blockTrade', 'futureSpread']), times: int(1, 100) }, ['name', 'origin']),
  /** That scope's public sockets refuse the upgrade, hang, or leave pings unanswered; none: behave again. */
  socket: object({ scope: SCOPE, mode: oneOf(['refuse', 'hang', 'mute', 'none']) }, ['scope', 'mode']),
  /** One currency's rate to the US dollar on /api/spot/exchange-rate ('': the exchange's own again). */
  'fiat-rate': object({ currency: text(8), rate: shaped<string>({ type: 'string', pattern: '^(|\\d{1,12}(\\.\\d{1,12})?)$' }) }, ['currency', 'rate']),
  /** Clears all of the exchange's controls above. */
  reset: NONE,

  // News (news/install.ts): content for every client or one fault scope.
  notice: object({ symbolName: text(400), info: text(500), url: text(2000), locale: LOCALE, scope: SCOPE }, ['info']),
  'notice-clear': object({ scope: SCOPE }),
  announcement: object(
    { title: text(200), description: text(1000), type: text(32), tags: list(text(64), 10), url: text(2000), ageMs: int(0), locale: LOCALE, scope: SCOPE },
    ['title'],
  ),
  'announcement-clear': object({ scope: SCOPE }),

  // Route origins, acceleration and the quality collector (net/).
  /** A route's latency, jitter, loss or death, for every client or one scope; reset clears. */
  route: object({ name: text(40), scope: SCOPE, latencyMs: num(0, 60_000), jitterMs: num(0, 60_000), loss: num(0, 1), dead: bool(), reset: bool() }),
  /** The acceleration proxy switch's answer, for every client or one scope; reset clears. */
  accel: object({ scope: SCOPE, errCode: PERCENT, resCode: PERCENT, monitorSwitch: PERCENT, fail: bool(), reset: bool() }),
  /** What a device uploaded to the quality collector. */
  'net-quality': object({ deviceId: text(64) }, ['deviceId']),

  // Accounts (private/faults/accounts.ts), each naming the account it touches.
  /** The account's next upgrade pushes `push` ('3400324' in progress, another code fails it); upgrades take durationMs. */
  'uta-upgrade': object({ name: NAME, push: text(16), durationMs: int(0, 600_000) }, ['name']),
  /** An outstanding spot liability ('0' clears it). */
  liability: object({ name: NAME, coin: text(16), amount: AMOUNT }, ['name', 'coin', 'amount']),
  /** The account's innovation quota from now on, in USDT ('-1': unlimited). */
  'innovation-quota': object({ name: NAME, total: shaped<string>({ type: 'string', pattern: '^(-1|\\d{1,12}(\\.\\d{1,8})?)$' }) }, ['name', 'total']),
  /** Gray flag, offline switch, leader flags, member tags, trading ban, unified balance polling, unified (false: classic). */
  'account-flags': object(
    {
      name: NAME, upgradeGray: bool(), standardOffline: bool(), newLeader: bool(), copyLeader: bool(), tagUta: TAG, tagUtaInverse: TAG, tradingBanned: bool(),
      balancePollMs: int(0, 3_600_000), balancePollForced: bool(), unified: bool(),
      /** The account's orders are refused with this spec-8 code (32241, -2172, 12240, 170348, 32329) until it is set to 0. */
      tradeLimitCode: oneOf([0, ...ORDER_LIMIT_CODES]),
      /** Makes the account a sub-account of that account ('' : a main account again). */
      parentName: text(64),
    },
    ['name'],
  ),

  // Leveraged tokens (private/faults/lever-tokens.ts).
  /** A token's status (1-5; 0 clears), risk state, risk switch, NAV of zero or a rebalance; with `scope`, that cookie's only. */
  'lever-token': object(
    { ltCoin: text(16), scope: SCOPE, ltStatus: int(0, 5), riskState: int(0, 5), riskSwitchStatus: int(0, 1), navZero: bool(), rebalance: bool(), clear: bool() },
    ['ltCoin'],
  ),
  /** The account's next `fail` orders fail when they settle; they settle after settleMs; release settles them now. */
  'lt-order': object({ name: NAME, fail: int(0, 100), settleMs: int(0, 600_000), release: bool() }, ['name']),

  // Strategies (private/faults/strategy.ts).
  /** The account's live strategies take their next step now (a TWAP's next slice, an iceberg's or chase's re-pricing). */
  'strategy-step': object({ name: NAME }, ['name']),

  // Spot margin (private/faults/margin.ts).
  /** Advances the margin clock (interest per whole hour) and runs the risk engine. */
  'margin-clock': object({ hours: int(0, 24 * 366) }, ['hours']),
  /** A coin's USD mark price for margin ('' or absent: the market's again); the risk engine runs. */
  'margin-price': object({ coin: text(16), price: AMOUNT }, ['coin']),
  /** The risk state the account reports ('' clears); refuses new borrowing, liquidates nothing. */
  'margin-risk': object({ name: NAME, state: oneOf(['', ...RISK_STATES], "'' or a risk state") }, ['name', 'state']),
  'margin-mode': object({ name: NAME, mode: oneOf(MARGIN_MODES, 'a margin mode') }, ['name', 'mode']),
  /** The account's liquidation records. */
  'margin-liquidations': object({ name: NAME }, ['name']),

  // The tables bench (private/faults/seed-orders.ts).
  /** A long past (filled orders, a fill each) and resting orders for that account on that symbol. */
  'seed-orders': object({ name: NAME, symbol: SYMBOL, history: int(0, 20_000), trades: int(0, 20_000), open: int(0, 2_000) }, ['name', 'symbol']),
} as const;

/** What a control answers besides {ok: true}; a control not listed answers {ok: true} only. */
export interface FaultResults {
  'drop-sockets': { dropped: number };
  price: { lastPrice: string | null };
  'csp-violations': { reports: unknown[] };
  'feed-stats': { sent: number; skipped: number };
  maintenance: MaintenanceRecord;
  'trade-burst': { sent: number };
  notice: { id: number };
  'notice-clear': { removed: number };
  announcement: { id: number };
  'announcement-clear': { removed: number };
  route: { quality: LinkQuality };
  'net-quality': { totals: unknown[]; stayUploads: number; lastStay: unknown; sockets: unknown[]; events: unknown[] };
  'lever-token': { reference: LtReferenceWire };
  'margin-clock': { now: number };
  'strategy-step': { stepped: number };
  'margin-liquidations': { list: LiquidationRecord[] };
  'seed-orders': { history: number; trades: number; open: number; ms: number };
}

/** One liquidation as engines/margin.ts records it. */
export interface LiquidationRecord {
  mmRate: string;
  createdTime: number;
  cancelled: string[];
  sales: Array<{ sold: string; qty: string; price: string; for: string; got: string }>;
  repaid: Array<{ coin: string; amount: string }>;
  shortfall: Array<{ coin: string; amount: string }>;
}

export type FaultName = keyof typeof FAULT_BODIES;
/** The body of /faults/<N>, as its schema admits it. */
export type FaultBody<N extends FaultName> = Infer<(typeof FAULT_BODIES)[N]>;
/** What /faults/<N> answers besides {ok: true}. */
export type FaultResult<N extends FaultName> = N extends keyof FaultResults ? FaultResults[N] : Record<never, never>;

/**
 * Registers POST /faults/<name>: the JSON body is checked against the table's schema, `fn`'s result
 * is merged into {ok: true}, and a thrown error answers 400 {ok: false, error}.
 */
export function faultRoute<N extends FaultName>(ctx: AppContext, name: N, fn: (body: FaultBody<N>) => FaultResult<N> | void): void {
  ctx.router.post(
    `/faults/${name}`,
    { bodyLimit: 16 * 1024, schema: { body: FAULT_BODIES[name] }, config: { api: 'faults' }, preValidation: jsonBody('faults') },
    (request, res) => {
      try {
        sendJson(res, 200, { ok: true, ...(fn(request.body as FaultBody<N>) as object | undefined) });
      } catch (err) {
        sendJson(res, 400, { ok: false, error: (err as Error).message });
      }
    },
  );
}
