import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { feedMetaPlugin } from './scripts/vite-feed-meta.ts';

const EXCHANGE = process.env.EXCHANGE_URL ?? 'http://127.0.0.1:8787';
/** Paths the local exchange answers; everything else is the page. */
const EXCHANGE_PATHS = ['/v5', '/api', '/faults', '/healthz', '/login', '/register'];

export default defineConfig({
  plugins: [react(), feedMetaPlugin()],
  worker: { format: 'es' },
  build: {
    target: 'es2022',
    sourcemap: true,
    assetsInlineLimit: 0,
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
    testTimeout: 20_000,
    hookTimeout: 30_000,
    pool: 'forks',
  },
});
