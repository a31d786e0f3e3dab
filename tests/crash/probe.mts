import { startServer } from '../../server/app.ts';
import { createAccountsInstaller, standaloneEngines } from '../../server/accounts/install.ts';
import { mkdtempSync } from 'node:fs';
const t0 = performance.now();
const dataDir = mkdtempSync('/tmp/crash-probe-');
let parts: any;
const running = await startServer({ host: '127.0.0.1', port: 0, dataDir, webDir: dataDir + '/no-web', rate: 0, stress: false, faults: true, quiet: true } as any, [createAccountsInstaller({ engines: standaloneEngines(), onReady: (p) => (parts = p), strategyTickMs: 0 })]);
console.log('started in', (performance.now() - t0).toFixed(0), 'ms; since process start', (performance.now()).toFixed(0));
await running.close();
