import { parseConfig } from './config.ts';
import { startServer, type Installer } from './app.ts';
import { installExchange } from './exchange/install.ts';
import { installAccounts } from './accounts/install.ts';
import { guardProcess } from './process-guard.ts';

/** Entry of the local exchange: `tsx server/main.ts [--port N] [--host H] [--data DIR] [--rate X] [--stress] [--faults] [--feed URL] [--dev] [--news seed|none]`. */
async function main(): Promise<void> {
  let config;
  try {
    config = parseConfig(process.argv.slice(2), process.env);
  } catch (err) {
    console.error(`local exchange: ${(err as Error).message}`);
    process.exit(2);
  }
  guardProcess();
  const installers: Installer[] = [installExchange, installAccounts];
  const running = await startServer(config, installers);
  console.log(`Spot trading page: ${running.url}en/trade/spot/BTC/USDT`);
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
