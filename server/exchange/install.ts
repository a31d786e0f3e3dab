import type { AppContext } from '../app.ts';
import { installFaults, type OrderOrigins, type OrderRejects, type SocketDropper } from './faults/install-faults.ts';
import { installMarketRoutes } from './rest/market-routes.ts';
import { installSymbolNoticeRoute } from './rest/symbol-notice-route.ts';
import { installOpenPriceRoute } from './rest/open-price-route.ts';
import { installComplianceRoute } from './rest/compliance-route.ts';
import { installFiatRatesRoute } from './rest/fiat-rates-route.ts';
import { Markets } from './sim/markets.ts';
import { MarketRules } from './market-rules.ts';
import { NavTopic } from './lt/nav-topic.ts';
import { LT_DEFS } from './lt/tokens.ts';
import { PublicWs, type PublicWsOptions } from './ws/public-ws.ts';
import { SPOT_PUBLIC_WS_PATH } from '../../src/protocol/bybit-v5/topics.ts';
import type { Recording } from './replay/format.ts';
import { startRecording } from './replay/recorder.ts';
import { installReplayRoutes } from './replay/routes.ts';
import { ReplaySession } from './replay/session.ts';

/** What the exchange hands to later installers (accounts hook onto markets.bySymbol.get(s).engine). */
export interface ExchangeHandle {
  readonly markets: Markets;
  readonly publicWs: PublicWs;
  /** Private streams register here so /faults/drop-sockets cuts them too. */
  readonly socketDroppers: SocketDropper[];
  /** Accounts whose next orders the risk check rejects after accepting them (/faults/reject-orders). */
  readonly orderRejects: OrderRejects;
  /** Accounts whose next orders come from a block trade or a future spread (/faults/order-origin). */
  readonly orderOrigins: OrderOrigins;
  /** Banned sides and maintenance windows (/faults/ban-side, /faults/maintenance), which orders must honour. */
  readonly marketRules: MarketRules;
  /** The session played instead of the simulator (`--replay FILE`). */
  readonly replay: ReplaySession | undefined;
}

let current: ExchangeHandle | undefined;

/** The running exchange (for installers that come after it), or undefined before installExchange ran. */
export function exchangeHandle(): ExchangeHandle | undefined {
  return current;
}

export interface ExchangeOptions {
  /** Limits of the public stream (tests lower the subscription cap). */
  readonly publicWs?: PublicWsOptions;
  /** A recording to serve instead of the simulator (main.ts reads `--replay FILE`). */
  readonly replay?: Recording;
}

/** Registers the simulated markets, the public REST market data, the symbol notice, the public spot stream and (with --faults) the fault controls. */
export function createExchangeInstaller(opts: ExchangeOptions = {}): (ctx: AppContext) => void {
  return (ctx) => install(ctx, opts);
}

export const installExchange = createExchangeInstaller();

function install(ctx: AppContext, opts: ExchangeOptions): void {
  const rec = opts.replay;
  let session: ReplaySession | undefined;
  // A replay's markets start where the recording did (the same candle history) and keep its clock.
  const markets = rec
    ? new Markets({ rate: ctx.config.rate, stress: false, startTime: rec.header.startTime, autoStart: false, clock: () => session!.now() })
    : new Markets({ rate: ctx.config.rate, stress: ctx.config.stress });
  if (rec) session = new ReplaySession(markets, rec, { speed: ctx.config.replaySpeed ?? 1 });
  // Stress keeps Bybit's per-topic push cadence; its volume comes from extra symbols (symbols.ts).
  const publicWs = new PublicWs(markets, opts.publicWs);
  const socketDroppers: SocketDropper[] = [];
  const orderRejects: OrderRejects = new Map();
  const orderOrigins: OrderOrigins = new Map();
  const marketRules = new MarketRules();
  ctx.upgrades.set(SPOT_PUBLIC_WS_PATH, (req, socket, head) => publicWs.handleUpgrade(req, socket, head));
  for (const def of LT_DEFS) publicWs.addTopic(new NavTopic(markets, def.coin));
  installMarketRoutes(ctx.router, markets, marketRules);
  installSymbolNoticeRoute(ctx.router, markets);
  installOpenPriceRoute(ctx.router, markets);
  installComplianceRoute(ctx.router);
  installFiatRatesRoute(ctx.router);
  installReplayRoutes(ctx.router, session);
  if (ctx.config.faults) installFaults(ctx, markets, publicWs, socketDroppers, orderRejects, orderOrigins, marketRules);
  current = { markets, publicWs, socketDroppers, orderRejects, orderOrigins, marketRules, replay: session };
  if (session) {
    // After a seek the pages resubscribe, so their books, tapes and candles come from the new time.
    session.onSeek(() => publicWs.dropAll());
    session.seek(rec!.header.startTime);
    session.start();
    ctx.onClose(() => session.stop());
  }
  const recording = ctx.config.record ? startRecording(markets, ctx.config.record) : undefined;
  if (recording) ctx.onClose(() => recording.close());
  ctx.onClose(() => {
    markets.stop();
    publicWs.close();
    if (current?.markets === markets) current = undefined;
  });
}
