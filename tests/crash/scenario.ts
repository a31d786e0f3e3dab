// Random money-moving actions against a real exchange (the accounts, HTTP routes and engines of
// `server/`, standalone books without the simulated flow), for the invariant property test and the
// crash harness: orders and fills of several users, leveraged orders that borrow, repayments, demo
// funds given and taken back, leveraged-token subscriptions and their settlement, grid bots, TWAP /
// iceberg / chase strategies on a test clock, and mark-price moves that liquidate. Requests go
// through the signed v5 API, so what a request's answer acknowledged can be checked afterwards.
import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { startServer, type RunningServer } from '../../server/app.ts';
import { composeServer, standaloneEngines } from '../../server/compose.ts';
import type { Db } from '../../server/accounts/db.ts';
import type { ServerConfig } from '../../server/config.ts';
import type { EngineSource, TradingService } from '../../server/private/engines/trading.ts';
import type { MarginService } from '../../server/private/engines/margin.ts';
import type { LeverTokenService } from '../../server/private/engines/lever-tokens.ts';
import type { GridEngine } from '../../server/private/grid/engine.ts';
import type { StrategyEngine } from '../../server/private/strategy/engine.ts';
import { OPEN_STATUS_SQL } from '../../src/protocol/bybit-v5/vocabulary.ts';
import { allInvariants } from './invariants.ts';

export interface Who {
  id: number;
  key: string;
  secret: string;
}
export const ALICE: Who = { id: 100001, key: 'LOCALALICEKEY00001', secret: 'local-alice-secret-0000000000000001' };
export const BOB: Who = { id: 100002, key: 'LOCALBOBKEY0000002', secret: 'local-bob-secret-00000000000000002' };
export const DEMO: Who = { id: 100003, key: 'LOCALDEMOKEY000003', secret: 'local-demo-secret-0000000000000003' };
export const EAA: Who = { id: 100006, key: 'LOCALEAAKEY0000006', secret: 'local-eaa-secret-00000000000000006' };
const TRADERS = { alice: ALICE, bob: BOB, demo: DEMO, eaa: EAA } as const;
type Trader = keyof typeof TRADERS;

/** Paths the actions use, with their rate limits lifted (the harness sends faster than a person). */
const PATHS = [
  '/v5/order/create', '/v5/order/cancel', '/v5/account/repay', '/v5/account/demo-apply-money', '/v5/spot-lever-token/purchase', '/v5/spot-lever-token/redeem',
  '/v5/grid/create-grid', '/v5/grid/close-grid', '/v5/strategy/create', '/v5/strategy/stop', '/v5/spot-margin-trade/switch-mode', '/v5/spot-margin-trade/set-leverage',
];

export interface Exchange {
  url: string;
  db: Db;
  engines: EngineSource;
  trading: TradingService;
  margin: MarginService;
  lt: LeverTokenService;
  grid: GridEngine;
  strategies: StrategyEngine;
  /** The test clock of strategies, bots, loans and tokens (ms). */
  clock: { now: number };
  running: RunningServer;
  stop(): Promise<void>;
}

/** Starts the accounts with standalone books on port 0 over `dataDir` (a restart when it holds data). */
export async function startExchange(dataDir: string, clockStart: number): Promise<Exchange> {
  const engines = standaloneEngines();
  const clock = { now: clockStart };
  const now = () => clock.now;
  const config: ServerConfig = { host: '127.0.0.1', port: 0, dataDir, webDir: `${dataDir}/no-web`, rate: 0, stress: false, faults: false, quiet: true };
  let parts!: Omit<Exchange, 'url' | 'engines' | 'clock' | 'running' | 'stop'>;
  const running = await startServer(config, [
    (ctx) => {
      for (const path of PATHS) ctx.limits.override(path, { max: 1_000_000, windowMs: 1000 });
    },
    composeServer({
      engines, onReady: (p) => (parts = p), strategyClock: now, strategyTickMs: 0, gridClock: now, marginClock: now, ltClock: now, ltSettleMs: 1_000_000_000,
    }),
  ]);
  // The margin service's own timer ticks every second; the actions tick it themselves.
  parts.margin.stop();
  const url = running.url.replace(/\/$/, '');
  return { url, engines, clock, running, ...parts, stop: () => running.close() };
}

function sign(who: Who, ts: string, payload: string): string {
  return createHmac('sha256', who.secret).update(ts + who.key + '5000' + payload).digest('hex');
}

/** A signed v5 POST; resolves with the answer's body. */
export async function post(ex: Exchange, who: Who, path: string, body: Record<string, unknown>): Promise<{ retCode: number; retMsg: string; result: any }> {
  const ts = String(Date.now());
  const payload = JSON.stringify(body);
  const res = await fetch(`${ex.url}${path}`, {
    method: 'POST',
    headers: { 'x-bapi-api-key': who.key, 'x-bapi-timestamp': ts, 'x-bapi-sign': sign(who, ts, payload), 'x-bapi-recv-window': '5000', 'content-type': 'application/json' },
    body: payload,
  });
  return (await res.json()) as { retCode: number; retMsg: string; result: any };
}

// ---- actions ---------------------------------------------------------------------------------

export type Action =
  | { t: 'limit'; who: Trader; side: 'Buy' | 'Sell'; price: string; qty: string; tif: 'GTC' | 'IOC' | 'PostOnly'; lev: boolean }
  | { t: 'market'; who: Trader; side: 'Buy' | 'Sell'; qty: string; lev: boolean }
  | { t: 'cancel'; who: Trader; pick: number }
  | { t: 'liquidity'; side: 'Buy' | 'Sell'; price: string; qty: string }
  | { t: 'repay'; who: 'alice' | 'demo' }
  | { t: 'demo'; adjust: 0 | 1; coin: 'USDT' | 'BTC' | 'ETH'; amount: string }
  | { t: 'ltBuy'; who: Trader; amount: string }
  | { t: 'ltRedeem'; who: Trader; qty: string }
  | { t: 'ltSettle'; pick: number }
  | { t: 'gridCreate'; who: 'alice' | 'eaa'; low: number; width: number; cells: number; quote: string }
  | { t: 'gridClose'; pick: number; mode: 2 | 3 | 4 }
  | { t: 'strategy'; who: 'alice' | 'eaa'; kind: 'twap' | 'iceberg' | 'chaseOrder'; side: 'Buy' | 'Sell'; size: string }
  | { t: 'strategyTick'; seconds: number }
  | { t: 'strategyStop'; pick: number }
  | { t: 'markPrice'; pct: number };

/** The kind of money step an action is, for the crash harness's spread of kill points. */
export type Area = 'trading' | 'margin' | 'liquidation' | 'lt' | 'grid' | 'twap' | 'demo';
export const AREAS: readonly Area[] = ['trading', 'margin', 'liquidation', 'lt', 'grid', 'twap', 'demo'];
export function areaOf(a: Action): Area {
  switch (a.t) {
    case 'limit':
    case 'market':
      return a.lev ? 'margin' : 'trading';
    case 'repay':
      return 'margin';
    case 'cancel':
    case 'liquidity':
      return 'trading';
    case 'markPrice':
      return 'liquidation';
    case 'ltBuy':
    case 'ltRedeem':
    case 'ltSettle':
      return 'lt';
    case 'gridCreate':
    case 'gridClose':
      return 'grid';
    case 'strategy':
    case 'strategyTick':
    case 'strategyStop':
      return 'twap';
    case 'demo':
      return 'demo';
  }
}

const trader = fc.constantFrom<Trader>('alice', 'alice', 'eaa', 'demo', 'bob');
const side = fc.constantFrom<'Buy' | 'Sell'>('Buy', 'Sell');
/** Within a few hundred dollars of 97,000, so orders of different users cross often. */
const price = fc.integer({ min: 9_680_000, max: 9_720_000 }).map((t) => (t / 100).toFixed(2));
const qty = fc.integer({ min: 100, max: 400_000 }).map((l) => (l / 1e6).toFixed(6));

export const actionArb: fc.Arbitrary<Action> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ t: fc.constant('limit' as const), who: trader, side, price, qty, tif: fc.constantFrom<'GTC' | 'IOC' | 'PostOnly'>('GTC', 'GTC', 'IOC', 'PostOnly'), lev: fc.boolean() }) },
  { weight: 3, arbitrary: fc.record({ t: fc.constant('market' as const), who: trader, side, qty, lev: fc.boolean() }) },
  // Buys bigger than the account's cash: they borrow (the market's sellers must be there first).
  {
    weight: 3,
    arbitrary: fc.record({
      t: fc.constant('limit' as const), who: fc.constantFrom<Trader>('alice', 'demo'), side: fc.constant<'Buy'>('Buy'), price: fc.integer({ min: 9_700_000, max: 9_730_000 }).map((t) => (t / 100).toFixed(2)),
      qty: fc.integer({ min: 500_000, max: 3_000_000 }).map((l) => (l / 1e6).toFixed(6)), tif: fc.constantFrom<'GTC' | 'IOC'>('GTC', 'IOC'), lev: fc.constant(true),
    }),
  },
  { weight: 2, arbitrary: fc.record({ t: fc.constant('liquidity' as const), side: fc.constant<'Sell'>('Sell'), price: fc.integer({ min: 9_690_000, max: 9_710_000 }).map((t) => (t / 100).toFixed(2)), qty: fc.constant('3.000000') }) },
  { weight: 3, arbitrary: fc.record({ t: fc.constant('cancel' as const), who: trader, pick: fc.nat() }) },
  { weight: 5, arbitrary: fc.record({ t: fc.constant('liquidity' as const), side, price, qty: qty.map((q) => (Number(q) * 4).toFixed(6)) }) },
  // A sweep: the market moves through several levels (grid cells fill, stops trigger, collateral reprices).
  { weight: 2, arbitrary: fc.record({ t: fc.constant('liquidity' as const), side, price: fc.integer({ min: 9_400_000, max: 10_000_000 }).map((t) => (t / 100).toFixed(2)), qty: fc.constant('0.800000') }) },
  { weight: 2, arbitrary: fc.record({ t: fc.constant('repay' as const), who: fc.constantFrom<'alice' | 'demo'>('alice', 'demo') }) },
  {
    weight: 2,
    arbitrary: fc.record({ t: fc.constant('demo' as const), adjust: fc.constantFrom<0 | 1>(0, 1), coin: fc.constantFrom<'USDT' | 'BTC' | 'ETH'>('USDT', 'BTC', 'ETH'), amount: fc.integer({ min: 1, max: 40 }).map((k) => String(k / 4)) }),
  },
  // Taking back most of what the demo account holds (after it borrowed, the loans need it).
  { weight: 2, arbitrary: fc.record({ t: fc.constant('demo' as const), adjust: fc.constant<1>(1), coin: fc.constantFrom<'BTC' | 'ETH'>('BTC', 'ETH'), amount: fc.integer({ min: 2, max: 8 }).map(String) }) },
  { weight: 2, arbitrary: fc.record({ t: fc.constant('ltBuy' as const), who: trader, amount: fc.integer({ min: 100, max: 3000 }).map(String) }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('ltRedeem' as const), who: trader, qty: fc.integer({ min: 40, max: 400 }).map(String) }) },
  { weight: 2, arbitrary: fc.record({ t: fc.constant('ltSettle' as const), pick: fc.nat() }) },
  {
    weight: 2,
    arbitrary: fc.record({
      t: fc.constant('gridCreate' as const), who: fc.constantFrom<'alice' | 'eaa'>('alice', 'eaa'), low: fc.integer({ min: 95_000, max: 96_900 }), width: fc.integer({ min: 400, max: 4000 }),
      cells: fc.integer({ min: 2, max: 8 }), quote: fc.integer({ min: 500, max: 6000 }).map(String),
    }),
  },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('gridClose' as const), pick: fc.nat(), mode: fc.constantFrom<2 | 3 | 4>(2, 3, 4) }) },
  {
    weight: 2,
    arbitrary: fc.record({
      t: fc.constant('strategy' as const), who: fc.constantFrom<'alice' | 'eaa'>('alice', 'eaa'), kind: fc.constantFrom<'twap' | 'iceberg' | 'chaseOrder'>('twap', 'twap', 'iceberg', 'chaseOrder'), side,
      size: fc.integer({ min: 20, max: 400 }).map((k) => (k / 1000).toFixed(3)),
    }),
  },
  { weight: 3, arbitrary: fc.record({ t: fc.constant('strategyTick' as const), seconds: fc.constantFrom(1, 30, 30, 60) }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('strategyStop' as const), pick: fc.nat() }) },
  { weight: 2, arbitrary: fc.record({ t: fc.constant('markPrice' as const), pct: fc.integer({ min: -70, max: 10 }) }) },
);

/** What an answer acknowledged: a row that must be in the database from then on. */
export interface Ack {
  kind: 'order' | 'cancel' | 'lt' | 'grid' | 'gridClosed' | 'strategy' | 'strategyStopped' | 'demo';
  id: string;
}

/** Leverage on for the accounts that borrow (alice, demo), at 5×. Idempotent. */
export async function setup(ex: Exchange): Promise<void> {
  for (const who of [ALICE, DEMO]) {
    await post(ex, who, '/v5/spot-margin-trade/switch-mode', { spotMarginMode: '1' });
    await post(ex, who, '/v5/spot-margin-trade/set-leverage', { leverage: '5' });
  }
}

const pickOf = <T>(list: readonly T[], k: number): T | undefined => (list.length === 0 ? undefined : list[k % list.length]);

/** Performs one action; resolves with what the exchange acknowledged (undefined for a refusal or an exchange-side step). */
export async function perform(ex: Exchange, a: Action): Promise<Ack | undefined> {
  const ok = (r: { retCode: number }, ack: Ack): Ack | undefined => (r.retCode === 0 ? ack : undefined);
  switch (a.t) {
    case 'limit': {
      const r = await post(ex, TRADERS[a.who], '/v5/order/create', { category: 'spot', symbol: 'BTCUSDT', side: a.side, orderType: 'Limit', qty: a.qty, price: a.price, timeInForce: a.tif, ...(a.lev ? { isLeverage: 1 } : {}) });
      return ok(r, { kind: 'order', id: r.result?.orderId });
    }
    case 'market': {
      const r = await post(ex, TRADERS[a.who], '/v5/order/create', { category: 'spot', symbol: 'BTCUSDT', side: a.side, orderType: 'Market', qty: a.qty, marketUnit: 'baseCoin', ...(a.lev ? { isLeverage: 1 } : {}) });
      return ok(r, { kind: 'order', id: r.result?.orderId });
    }
    case 'cancel': {
      const open = ex.db.prepare(`SELECT order_id FROM orders WHERE user_id = ? AND status IN (${OPEN_STATUS_SQL}) AND create_type = 'CreateByUser' AND order_link_id NOT LIKE 'g%' ORDER BY order_id`).all(TRADERS[a.who].id) as Array<{ order_id: string }>;
      const o = pickOf(open, a.pick);
      if (!o) return undefined;
      const r = await post(ex, TRADERS[a.who], '/v5/order/cancel', { category: 'spot', symbol: 'BTCUSDT', orderId: o.order_id });
      return ok(r, { kind: 'cancel', id: o.order_id });
    }
    case 'liquidity':
      ex.engines('BTCUSDT')!.submit({ type: 'Limit', side: a.side, priceTicks: Math.round(Number(a.price) * 100), qtyLots: Math.round(Number(a.qty) * 1e6), timeInForce: 'GTC' });
      return undefined;
    case 'repay':
      await post(ex, TRADERS[a.who], '/v5/account/repay', { coin: 'USDT' });
      return undefined;
    case 'demo': {
      const r = await post(ex, DEMO, '/v5/account/demo-apply-money', { adjustType: a.adjust, utaDemoApplyMoney: [{ coin: a.coin, amountStr: a.amount }] });
      return r.retCode === 0 && r.result?.resultCode === 0 ? { kind: 'demo', id: `${a.adjust}:${a.coin}:${a.amount}` } : undefined;
    }
    case 'ltBuy': {
      const r = await post(ex, TRADERS[a.who], '/v5/spot-lever-token/purchase', { ltCoin: 'BTC3L', amount: a.amount });
      return ok(r, { kind: 'lt', id: r.result?.purchaseId ?? r.result?.redeemId });
    }
    case 'ltRedeem': {
      const r = await post(ex, TRADERS[a.who], '/v5/spot-lever-token/redeem', { ltCoin: 'BTC3L', quantity: a.qty });
      return ok(r, { kind: 'lt', id: r.result?.purchaseId ?? r.result?.redeemId });
    }
    case 'ltSettle': {
      const pending = ex.db.prepare('SELECT order_id FROM lt_orders WHERE status = 2 ORDER BY order_id').all() as Array<{ order_id: string }>;
      const o = pickOf(pending, a.pick);
      if (o) ex.lt.settle(o.order_id);
      return undefined;
    }
    case 'gridCreate': {
      const r = await post(ex, TRADERS[a.who], '/v5/grid/create-grid', {
        symbol: 'BTCUSDT', min_price: String(a.low), max_price: String(a.low + a.width), cell_number: a.cells, invest_mode: 0, quote_investment: a.quote,
      });
      return ok(r, { kind: 'grid', id: r.result?.grid_id });
    }
    case 'gridClose': {
      const live = ex.db.prepare(`SELECT bot_id, user_id FROM grid_runs WHERE state IN ('RUNNING', 'AWAIT_ACTIVATION', 'NEW') ORDER BY bot_id`).all() as Array<{ bot_id: string; user_id: number }>;
      const b = pickOf(live, a.pick);
      if (!b) return undefined;
      const who = Object.values(TRADERS).find((t) => t.id === b.user_id)!;
      const r = await post(ex, who, '/v5/grid/close-grid', { grid_id: b.bot_id, close_mode: a.mode });
      return ok(r, { kind: 'gridClosed', id: b.bot_id });
    }
    case 'strategy': {
      const kind = a.kind === 'twap' ? { duration: 300, interval: 30 } : a.kind === 'iceberg' ? { orderCount: 4 } : {};
      const r = await post(ex, TRADERS[a.who], '/v5/strategy/create', { category: 'UTA_SPOT', symbol: 'BTCUSDT', side: a.side, strategyType: a.kind, size: a.size, ...kind });
      return ok(r, { kind: 'strategy', id: r.result?.strategyId });
    }
    case 'strategyTick':
      ex.clock.now += a.seconds * 1000;
      ex.strategies.tick();
      return undefined;
    case 'strategyStop': {
      const live = ex.db.prepare('SELECT strategy_id, user_id FROM strategies WHERE status IN (2, 6) ORDER BY strategy_id').all() as Array<{ strategy_id: string; user_id: number }>;
      const s = pickOf(live, a.pick);
      if (!s) return undefined;
      const who = Object.values(TRADERS).find((t) => t.id === s.user_id)!;
      const r = await post(ex, who, '/v5/strategy/stop', { strategyId: s.strategy_id });
      return ok(r, { kind: 'strategyStopped', id: s.strategy_id });
    }
    case 'markPrice': {
      const last = ex.margin.priceOf('BTC');
      ex.margin.setPrice('BTC', (last * BigInt(100 + a.pct)) / 100n);
      ex.margin.tick();
      return undefined;
    }
  }
}

/** Lets what an action set off inside the exchange (bots' and strategies' reactions) run, then the risk tick. */
export async function quiesce(ex: Exchange): Promise<void> {
  for (let i = 0; i < 3; i++) await new Promise((r) => setImmediate(r));
  ex.margin.tick();
  for (let i = 0; i < 2; i++) await new Promise((r) => setImmediate(r));
}

/**
 * After a withdrawal-like move (demo funds taken back) and before anything else moves prices: what
 * stayed still carries the account's loans (initial margin ≤ equity). A withdrawal that leaves less
 * would be paid for by the exchange at the next liquidation.
 */
export function withdrawalCovered(ex: Exchange, a: Action, ack: Ack | undefined): string[] {
  if (a.t !== 'demo' || a.adjust !== 1 || !ack) return [];
  const r = ex.margin.risk(DEMO.id);
  return r.debt > 0n && r.im > r.equity ? [`demo took back ${a.amount} ${a.coin} leaving equity ${r.equity} under the loans' initial margin ${r.im}`] : [];
}

/** Every promise of the exchange at a quiet moment. */
export function check(ex: Exchange): string[] {
  return allInvariants(ex.db, (coin) => ex.margin.priceOf(coin));
}

/** Acknowledged requests that the database does not show. */
export function missingAcks(db: Db, acks: readonly Ack[]): string[] {
  const out: string[] = [];
  const has = (sql: string, id: string) => db.prepare(sql).get(id) !== undefined;
  let demo = 0;
  for (const a of acks) {
    if (a.kind === 'order' && !has('SELECT 1 FROM orders WHERE order_id = ?', a.id)) out.push(`order ${a.id} was acknowledged and is gone`);
    if (a.kind === 'cancel' && !has(`SELECT 1 FROM orders WHERE order_id = ? AND status NOT IN (${OPEN_STATUS_SQL})`, a.id)) out.push(`cancel of ${a.id} was acknowledged and the order is open`);
    if (a.kind === 'lt' && !has('SELECT 1 FROM lt_orders WHERE order_id = ?', a.id)) out.push(`leveraged-token order ${a.id} was acknowledged and is gone`);
    if (a.kind === 'grid' && !has('SELECT 1 FROM grid_bots WHERE bot_id = ?', a.id)) out.push(`grid bot ${a.id} was acknowledged and is gone`);
    if (a.kind === 'gridClosed' && !has(`SELECT 1 FROM grid_runs WHERE bot_id = ? AND state = 'COMPLETED'`, a.id)) out.push(`close of grid bot ${a.id} was acknowledged and it runs`);
    if (a.kind === 'strategy' && !has('SELECT 1 FROM strategies WHERE strategy_id = ?', a.id)) out.push(`strategy ${a.id} was acknowledged and is gone`);
    if (a.kind === 'strategyStopped' && !has('SELECT 1 FROM strategies WHERE strategy_id = ? AND status IN (3, 4)', a.id)) out.push(`stop of strategy ${a.id} was acknowledged and it runs`);
    if (a.kind === 'demo') demo++;
  }
  const recorded = (db.prepare(`SELECT COUNT(*) AS k FROM mints WHERE reason IN ('demo-funds', 'demo-take-back')`).get() as { k: number }).k;
  if (recorded < demo) out.push(`${demo} demo-fund requests were acknowledged, ${recorded} are recorded`);
  return out;
}

