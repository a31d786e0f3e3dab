// npm run dev: the local exchange on :8787 plus Vite with hot reload, proxying the exchange's paths.
import { ensureDeps, run, runForever, bin } from './lib.mjs';
import { spawn } from 'node:child_process';

ensureDeps();
run('npm', ['run', '--silent', 'build:wasm']);
const args = process.argv.slice(2);
// `--feed URL` goes to the exchange and to Vite, whose index.html then names that market-data
// endpoint in its exchange-feed meta tag (scripts/vite-feed-meta.ts).
const feedAt = args.findIndex((a) => a === '--feed' || a.startsWith('--feed='));
const feed = feedAt < 0 ? undefined : args[feedAt] === '--feed' ? args[feedAt + 1] : args[feedAt].slice('--feed='.length);
if (feed !== undefined) process.env.EXCHANGE_FEED_URL = feed;
const server = spawn(bin('tsx'), ['watch', 'server/main.ts', ...args], { stdio: 'inherit' });
const code = await runForever(bin('vite'), []);
server.kill('SIGTERM');
process.exit(code);
