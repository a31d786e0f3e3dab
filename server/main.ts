import { parseConfig } from './config.ts';
import { startServer, type Installer } from './app.ts';
import { readFileSync } from 'node:fs';
import { createExchangeInstaller } from './exchange/install.ts';
import { parseRecording, type Recording } from './exchange/replay/format.ts';
import { composeServer } from './compose.ts';
import { guardProcess } from './process-guard.ts';
import { RouteSet } from './net/route-set.ts';

/** Entry of the local exchange: `tsx server/main.ts [--port N] [--host H] [--data DIR] [--rate X] [--stress] [--faults] [--feed URL] [--dev] [--news seed|none] [--routes name[:latencyMs[:jitterMs[:loss[:port]]]],…|none] [--record FILE | --replay FILE [--speed 1-100]]`. */
async function main(): Promise<void> {
  let config;
  try {
    config = parseConfig(process.argv.slice(2), process.env);
  } catch (err) {
    console.error(`local exchange: ${(err as Error).message}`);
    process.exit(2);
  }
  let replay: Recording | undefined;
  if (config.replay) {
    try {
      replay = parseRecording(readFileSync(config.replay), config.replay);
    } catch (err) {
      console.error(`local exchange: cannot replay: ${(err as Error).message}`);
      process.exit(2);
    }
    if (replay.truncated) console.error(`local exchange: ${config.replay} is cut short; replaying up to its last whole event`);
  }
  guardProcess();
  // The route origins listen first: the page's CSP names their ports.
  const routes = await RouteSet.start(config, config.routes ?? []);
  config.routePorts = routes.ports();
  // The quality collector stores uploads in the accounts database.
  const installers: Installer[] = [createExchangeInstaller({ replay }), composeServer({ onReady: ({ db }) => (routes.db = db) }), routes.install];
  const running = await startServer(config, installers);
  routes.setTarget(running.url);
  console.log(`Spot trading page: ${running.url}en/trade/spot/BTC/USDT`);
  if (replay && !config.quiet) console.log(`Replaying ${config.replay} (${new Date(replay.header.startTime).toISOString()} to ${new Date(replay.endTime).toISOString()}) at ${config.replaySpeed ?? 1}×`);
  const stop = async () => {
    await running.close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((err) => {
  console.error('local exchange failed to start:', err);
  process.exit(1);
});
