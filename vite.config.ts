import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { feedMetaPlugin } from './scripts/vite-feed-meta.ts';
import { REACT_MODULES, earlyEntry, moduleWorkers, preloadAssets } from './scripts/module-workers.ts';
import { pixiDeepImports } from './scripts/pixi-imports.ts';
import { machineFactor } from './e2e/support/machine.ts';
import { availableParallelism } from 'node:os';

const EXCHANGE = process.env.EXCHANGE_URL ?? 'http://127.0.0.1:8787';
/** Paths the local exchange answers; everything else is the page. */
const EXCHANGE_PATHS = ['/v5', '/api', '/spot/api', '/faults', '/healthz', '/login', '/register'];

export default defineConfig(({ command, mode }) => ({
  // One compile-time flag for the debug hooks (src/build-flags.d.ts): the dev server and test builds
  // (Playwright, the benches, vitest) have them; production folds it to false in every module, so
  // what only the hooks import is dropped from its bundle.
  define: { __DEBUG_HOOKS__: JSON.stringify(command === 'serve' || mode === 'test') },
  plugins: [
    react(),
    // npm run dev -- --feed URL: the dev server writes the exchange-feed meta tag as the exchange does.
    feedMetaPlugin(),
    // The canvas worker shares the page's chunks (PixiJS, widgets) and never loads React.
    moduleWorkers({ entries: ['src/render/offscreen/canvas-worker.ts'], deny: REACT_MODULES }),
    // Only the PixiJS renderer in use is fetched (see the plugin).
    pixiDeepImports(),
    preloadAssets({ assets: [{ source: 'build/wasm/book.release.wasm', as: 'fetch', type: 'application/wasm' }] }),
    // Starts the workers before the rest of the page's code is fetched and compiled.
    earlyEntry({ entry: 'src/app/boot.ts' }),
  ],
  worker: { format: 'es' },
  build: {
    target: 'es2022',
    // No source maps in the production build (`vite` in dev serves its own).
    sourcemap: false,
    assetsInlineLimit: 0,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // The few small modules the page and the canvas worker both use (row text, book
            // geometry, tape, the preload helper) in a chunk of their own: left to itself the
            // bundler put them in one chunk with PixiJS's core, which the page then fetched before
            // its first book row though only the worker draws with it (bench:load, issue 13).
            { name: 'book-shared', test: /\/src\/(core\/(book-rows|order-book)|render\/(order-book\/layout|trades\/tape))\.ts$|vite\/preload-helper/, priority: 10 },
          ],
        },
      },
    },
  },
  server: {
    host: '127.0.0.1',
    port: 5173,
    headers: {
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-embedder-policy': 'require-corp',
    },
    proxy: Object.fromEntries(EXCHANGE_PATHS.map((p) => [p, { target: EXCHANGE, ws: true, changeOrigin: false }])),
  },
  test: {
    include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx'],
    environment: 'node',
    // Budgets follow the machine (issue 38), as Playwright's do: measured only when vitest runs.
    testTimeout: 20_000 * (process.env.VITEST ? machineFactor() : 1),
    hookTimeout: 30_000 * (process.env.VITEST ? machineFactor() : 1),
    pool: 'forks',
    // vitest's default is one worker fewer than the cores: one on a 2-core machine, where most test
    // files spend their time waiting on a server, a socket or SQLite (a run used 0.85 of a core over
    // 296 s). Three workers at least: tests/accounts and tests/server took 109 s with three against
    // 144 s with two on the 2-core machine, side by side (VITEST_WORKERS overrides).
    maxWorkers: Number(process.env.VITEST_WORKERS) || Math.max(3, availableParallelism()),
  },
}));
