import type { AppContext } from './app.ts';
import { exchangeHandle } from './exchange/install.ts';
import { MatchingEngine } from './exchange/matching/engine.ts';
import { SYMBOLS, SYMBOL_BY_NAME } from './exchange/symbols.ts';
import { LeveragedTokens } from './exchange/lt/tokens.ts';
import { LeverTokenService } from './private/engines/lever-tokens.ts';
import { installLeverTokenFaults } from './private/faults/lever-tokens.ts';
import { keyLookupFor } from './auth/resolve.ts';
import { seedGridBotsIfEmpty } from './private/grid/bots.ts';
import { installPrivateRest } from './private/routes/orders.ts';
import { StrategyEngine } from './private/strategy/engine.ts';
import { TERMINATE } from '../src/protocol/strategy.ts';
import { TradingService, type EngineSource, type OrderOrigin } from './private/engines/trading.ts';
import { GridEngine } from './private/grid/engine.ts';
import { installPrivateWs, type PrivateWsOptions } from './private/routes/private-ws.ts';
import { UtaUpgrades } from './private/engines/uta-upgrade.ts';
import { MarginService } from './private/engines/margin.ts';
import { installMarginFaults } from './private/faults/margin.ts';
import { installHistorySeed } from './private/faults/seed-orders.ts';
import { installAccountFaults } from './private/faults/accounts.ts';
import { openDb, type Db } from './accounts/db.ts';
import { installAccountRoutes } from './accounts/routes.ts';
import { ensureMarketLiquidity, seedIfEmpty } from './accounts/seed.ts';
import { getUser } from './accounts/users.ts';
import { installNews } from './news/install.ts';
import { installSupport } from './support/install.ts';
import { installRewards } from './rewards/install.ts';

export interface AccountsOptions {
  /** Where the matching engines come from; default: the running exchange, else standalone engines. */
  readonly engines?: EngineSource;
  /** Receives the running parts (tests inspect balances and drive engines through it). */
  readonly onReady?: (parts: { db: Db; trading: TradingService; upgrades: UtaUpgrades; lt: LeverTokenService; grid: GridEngine; strategies: StrategyEngine; margin: MarginService }) => void;
  /** The strategies' clock and tick period (tests drive both; tick 0 = the caller ticks). */
  readonly strategyClock?: () => number;
  readonly strategyTickMs?: number;
  /** Spot margin's wall clock (tests); default Date.now. /faults/margin-clock advances it further. */
  readonly marginClock?: () => number;
  /** The grid bots' clock (tests drive it); default Date.now. */
  readonly gridClock?: () => number;
  /** Limits of the private stream (tests shorten the auth timeout and the topic cap). */
  readonly privateWs?: PrivateWsOptions;
  /** The leveraged tokens' NAV engine; default: the running exchange's, else one at the listed start prices. */
  readonly leveragedTokens?: LeveragedTokens;
  /** Clock and settle delay of leveraged-token orders (tests). */
  readonly ltClock?: () => number;
  readonly ltSettleMs?: number;
}

/** Standalone engines (one per symbol) for when no exchange simulator is installed. */
export function standaloneEngines(): EngineSource {
  const map = new Map(SYMBOLS.map((s) => [s.symbol, new MatchingEngine({ symbol: s.symbol, idPrefix: `${s.symbol}:` })]));
  return (symbol) => map.get(symbol);
}

/**
 * Accounts, login, page state and private trading. Install after installExchange so orders meet
 * the simulated books: the engines are taken from exchangeHandle().
 */
export function createAccountsInstaller(opts: AccountsOptions = {}): (ctx: AppContext) => void {
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
    const lookup = keyLookupFor(db);
    installPrivateRest(ctx, db, lookup, trading, upgrades, lt, grid, gridClock, handle?.marketRules, strategies, margin);
    installRewards(ctx, db, trading);
    const dropSockets = installPrivateWs(ctx, db, lookup, trading, opts.privateWs, upgrades, lt, strategies);
    handle?.socketDroppers.push(dropSockets);
    // With --faults, /faults/uta-upgrade, /faults/liability and /faults/account-flags (faults.ts),
    // the margin-* controls (margin-faults.ts) and /faults/seed-orders (history-seed.ts).
    if (ctx.config.faults) {
      installAccountFaults(ctx, db, upgrades, (userId) => {
        grid.closeUserBots(userId, 'CLOSED_USER_BAN');
        strategies.terminateUser(userId, TERMINATE.userTradingBanned);
      });
      installLeverTokenFaults(ctx, db, lt);
      installMarginFaults(ctx, db, margin);
      installHistorySeed(ctx, db, trading);
    }
    opts.onReady?.({ db, trading, upgrades, lt, grid, strategies, margin });
    ctx.onClose(() => {
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

export const installAccounts = createAccountsInstaller();

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
