// The composition root of everything with a database: it opens the accounts database, seeds it,
// builds and starts the trading side's services (trading, margin, grid bots, upgrades, leveraged
// tokens, strategies, convert), and installs every route module with one RouteContext. Install
// after installExchange, so orders meet the simulated books (the engines come from
// exchangeHandle()); without an exchange, standalone engines stand in.
import type { Installer } from './app.ts';
import { openDb, type Db } from './accounts/db.ts';
import { installAccountRoutes } from './accounts/routes.ts';
import { ensureMarketLiquidity, seedIfEmpty } from './accounts/seed.ts';
import { getUser } from './accounts/users.ts';
import { keyLookupFor } from './auth/resolve.ts';
import { exchangeHandle } from './exchange/install.ts';
import { LeveragedTokens } from './exchange/lt/tokens.ts';
import { MatchingEngine } from './exchange/matching/engine.ts';
import { SYMBOLS, SYMBOL_BY_NAME } from './exchange/symbols.ts';
import { installNews } from './news/install.ts';
import { LeverTokenService } from './private/engines/lever-tokens.ts';
import { MarginService } from './private/engines/margin.ts';
import { TradingService, type EngineSource, type OrderOrigin } from './private/engines/trading.ts';
import { UtaUpgrades } from './private/engines/uta-upgrade.ts';
import { installAccountFaults } from './private/faults/accounts.ts';
import { installLeverTokenFaults } from './private/faults/lever-tokens.ts';
import { installMarginFaults } from './private/faults/margin.ts';
import { installStrategyFaults } from './private/faults/strategy.ts';
import { installSeedOrders } from './private/faults/seed-orders.ts';
import { seedGridBotsIfEmpty } from './private/grid/bots.ts';
import { GridEngine } from './private/grid/engine.ts';
import { installGridRoutes } from './private/grid/routes.ts';
import { installPrivateAccountRoutes } from './private/routes/account.ts';
import { createRouteContext, type RouteContext, type Services } from './private/routes/context.ts';
import { installConvertRoutes } from './private/routes/convert.ts';
import { installLeverTokenRoutes } from './private/routes/lever-tokens.ts';
import { installMarginRoutes } from './private/routes/margin.ts';
import { installOrderRoutes } from './private/routes/orders.ts';
import { installOtcPages } from './private/routes/otc-pages.ts';
import { installPrivateWs, type PrivateWsOptions } from './private/routes/private-ws.ts';
import { ConvertService } from './private/services/convert.ts';
import { StrategyEngine } from './private/strategy/engine.ts';
import { installStrategyRoutes } from './private/strategy/routes.ts';
import { installWebhooks } from './private/strategy/webhook.ts';
import { AlertService } from './private/alerts/service.ts';
import { installAlertRoutes } from './private/alerts/routes.ts';
import { installRewards } from './rewards/install.ts';
import { installSupport } from './support/install.ts';

export interface ComposeOptions {
  /** Where the matching engines come from; default: the running exchange, else standalone engines. */
  readonly engines?: EngineSource;
  /** Receives the running parts (tests inspect balances and drive engines through it). */
  readonly onReady?: (parts: ServerParts) => void;
  /** The strategies' clock and tick period (tests drive both; tick 0 = the caller ticks). */
  readonly strategyClock?: () => number;
  readonly strategyTickMs?: number;
  /** Spot margin's wall clock (tests); default Date.now. /faults/margin-clock advances it further. */
  readonly marginClock?: () => number;
  /** The grid bots' clock (tests drive it), also the routes' (convert quotes, webhook timestamps); default Date.now. */
  readonly gridClock?: () => number;
  /** Limits of the private stream (tests shorten the auth timeout and the topic cap). */
  readonly privateWs?: PrivateWsOptions;
  /** The leveraged tokens' NAV engine; default: the running exchange's, else one at the listed start prices. */
  readonly leveragedTokens?: LeveragedTokens;
  /** Clock and settle delay of leveraged-token orders (tests). */
  readonly ltClock?: () => number;
  readonly ltSettleMs?: number;
  /** The alerts' clock (tests drive a % move's window); default Date.now. */
  readonly alertClock?: () => number;
}

/** The database and the services, as onReady hands them over. */
export type ServerParts = { readonly db: Db } & Services;

/** Standalone engines (one per symbol) for when no exchange simulator is installed. */
export function standaloneEngines(): EngineSource {
  const map = new Map(SYMBOLS.map((s) => [s.symbol, new MatchingEngine({ symbol: s.symbol, idPrefix: `${s.symbol}:` })]));
  return (symbol) => map.get(symbol);
}

/**
 * Accounts (login, page state), news, support, and the trading side: its services and every route
 * module, private REST and stream, the page's trading pages, rewards and (with --faults) the test
 * controls. The order of the route modules is the order their routes are registered in.
 */
export function composeServer(opts: ComposeOptions = {}): Installer {
  return (ctx) => {
    const db = openDb(ctx.config.dataDir);
    seedIfEmpty(db);
    ensureMarketLiquidity(db);
    seedGridBotsIfEmpty(db);
    installAccountRoutes(ctx, db);
    const handle = exchangeHandle();
    installNews(ctx, db, handle?.publicWs);
    installSupport(ctx, db);
    const engines: EngineSource =
      opts.engines ?? (handle ? (symbol) => handle.markets.bySymbol.get(symbol)?.engine : standaloneEngines());
    // With --faults, /faults/reject-orders makes the risk check refuse an account's next orders,
    // and /faults/order-origin makes them a block trade or a future spread.
    const takeReject = armedFor(db, handle?.orderRejects);
    const riskCheck = takeReject && ((userId: number): string | undefined => takeReject(userId)?.reason);
    const takeOrigin = armedFor(db, handle?.orderOrigins);
    const originOf = takeOrigin && ((userId: number): OrderOrigin | undefined => takeOrigin(userId)?.origin);
    // TradingService.start sets each matching engine's transact: every fill is one transaction.
    const trading = new TradingService(db, engines, riskCheck, originOf);
    const margin = new MarginService(db, trading, opts.marginClock);
    trading.margin = margin;
    trading.start();
    margin.start();
    const gridClock = opts.gridClock ?? Date.now;
    const grid = new GridEngine(db, trading, engines, { now: gridClock });
    grid.start();
    const upgrades = new UtaUpgrades(db);
    upgrades.resume();
    const tokens = opts.leveragedTokens ?? handle?.markets.leveragedTokens ?? new LeveragedTokens({ priceOf: (s) => SYMBOL_BY_NAME.get(s)?.startPrice, now: Date.now() });
    const lt = new LeverTokenService(db, trading, tokens, opts.ltClock, opts.ltSettleMs);
    lt.start();
    const strategies = new StrategyEngine(db, trading, engines, { now: opts.strategyClock, tickMs: opts.strategyTickMs, rules: handle?.marketRules });
    strategies.start();
    // A delisted symbol (/faults/delist) closes the bots and strategies that trade it.
    handle?.marketRules.onDelist((symbol) => {
      grid.closeSymbolBots(symbol);
      strategies.terminateSymbol(symbol);
    });
    const convert = new ConvertService(db, trading, gridClock);
    // Alerts (issue 35 item 3): checked against the trades, the order pushes, the margin state and bots ending.
    const alerts = new AlertService(db, {
      engines,
      onOrderPush: (l) => trading.onPush((userId, topic, data) => {
        if (topic === 'order') l(userId, data as ReadonlyArray<{ orderId: string; symbol: string; orderStatus: string }>);
      }),
      riskState: (userId) => margin.reportedState(userId).state,
      onBotFinished: (l) => grid.onFinished(l),
      onStrategyPush: (l) => strategies.onPush(l),
    }, opts.alertClock);
    alerts.start();
    const services: Services = { trading, margin, upgrades, lt, grid, strategies, convert, alerts };

    const rc = createRouteContext(ctx, db, services, { keys: keyLookupFor(db), rules: handle?.marketRules, now: gridClock });
    for (const install of ROUTES) install(rc);
    const dropSockets = installPrivateWs(rc, opts.privateWs);
    handle?.socketDroppers.push(dropSockets);
    // With --faults: /faults/uta-upgrade, /faults/liability, /faults/innovation-quota and
    // /faults/account-flags (faults/accounts.ts), /faults/lever-token and /faults/lt-order
    // (faults/lever-tokens.ts), the margin-* controls (faults/margin.ts) and /faults/seed-orders
    // (faults/seed-orders.ts).
    if (ctx.config.faults) for (const install of FAULTS) install(rc);
    opts.onReady?.({ db, ...services });
    ctx.onClose(() => {
      alerts.stop();
      strategies.stop();
      lt.stop();
      upgrades.stop();
      grid.stop();
      margin.stop();
      trading.stop();
      db.close();
    });
  };
}

/** The trading side's route modules, in the order they register. */
const ROUTES: ReadonlyArray<(rc: RouteContext) => void> = [
  installOrderRoutes, // /v5/order/*, /v5/execution/list
  installPrivateAccountRoutes, // wallet, positions, closed P&L, demo money, upgrade, account info, innovation quota
  installGridRoutes, // /v5/grid/*, the page's bot list
  installLeverTokenRoutes, // /v5/spot-lever-token/*
  installConvertRoutes, // /v5/asset/exchange/*
  installOtcPages, // /user/assets/otc/* and the other Tools pages
  installStrategyRoutes, // /v5/strategy/*
  installWebhooks, // /api/strategy/webhook, /webhook/tv/:token
  installMarginRoutes, // spot margin, unified asset
  installRewards, // /api/rewards/*
  installAlertRoutes, // /v5/local/alert/*
];

/** The test controls of the trading side (only with --faults). */
const FAULTS: ReadonlyArray<(rc: RouteContext) => void> = [installAccountFaults, installLeverTokenFaults, installMarginFaults, installStrategyFaults, installSeedOrders];

/**
 * A fault armed per account name for that account's next orders (a fault control fills `armed`):
 * each call for a user of that name uses one up and returns it, until none remain.
 */
function armedFor<T extends { remaining: number }>(db: Db, armed: Map<string, T> | undefined): ((userId: number) => T | undefined) | undefined {
  if (!armed) return undefined;
  return (userId) => {
    if (armed.size === 0) return undefined;
    const name = getUser(db, userId)?.name ?? '';
    const r = armed.get(name);
    if (!r) return undefined;
    if (--r.remaining <= 0) armed.delete(name);
    return r;
  };
}
