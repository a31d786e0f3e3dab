import { defineConfig } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const PORT = Number(process.env.E2E_PORT ?? 8799);
/**
 * The built page to serve (several builds can live side by side: E2E_WEB=dist-x). By default the
 * test build (`npm run build` makes it beside dist/): the same page with window.__spotDebug.
 */
const WEB = process.env.E2E_WEB ?? 'dist-test';
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// A fresh database for every run, so tests never see a developer's data.
const DATA = process.env.E2E_DATA ?? mkdtempSync(join(tmpdir(), 'spot-e2e-'));
process.env.E2E_DATA = DATA;

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 2,
  // A test that passes only on retry has a race: it fails here instead of hiding.
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: '.test-report/playwright.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    launchOptions: { executablePath: CHROMIUM, args: CHROMIUM_ARGS },
    viewport: { width: 1440, height: 900 },
    trace: 'retain-on-failure',
  },
  webServer: {
    // Every test signs up its own accounts from this one address: the sign-up budgets are wide here.
    command: `node node_modules/.bin/tsx server/main.ts --port ${PORT} --data ${DATA} --faults --quiet --news none --web ${WEB} --limits register=100000/1h,register-total=1000000/1d`,
    url: `http://127.0.0.1:${PORT}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
