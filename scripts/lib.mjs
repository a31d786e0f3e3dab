// Shared steps of `npm start`, `npm test` and `npm run dev`: plain Node, no dependencies,
// because they run before node_modules exists.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const STAMP = join(ROOT, 'node_modules', '.install-stamp');

function manifestHash() {
  const h = createHash('sha256');
  for (const f of ['package.json', 'package-lock.json']) {
    const p = join(ROOT, f);
    if (existsSync(p)) h.update(readFileSync(p));
  }
  h.update(process.version);
  return h.digest('hex');
}

/** Runs a command in the project folder, inheriting output; throws with its name when it fails. */
export function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { cwd: ROOT, stdio: 'inherit', ...opts });
  if (r.error) throw new Error(`${cmd} ${args.join(' ')}: ${r.error.message}`);
  if (r.status !== 0) {
    const err = new Error(`${cmd} ${args.join(' ')} exited with ${r.status ?? r.signal}`);
    err.step = `${cmd} ${args.join(' ')}`;
    throw err;
  }
}

/** Installs dependencies when node_modules is missing or older than package.json / the lockfile. */
export function ensureDeps() {
  const want = manifestHash();
  if (existsSync(STAMP) && readFileSync(STAMP, 'utf8') === want) return;
  console.log('Installing dependencies (node_modules is missing or stale)…');
  const ci = existsSync(join(ROOT, 'package-lock.json'));
  run('npm', [ci ? 'ci' : 'install', '--no-audit', '--no-fund']);
  writeFileSync(STAMP, manifestHash());
}

export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/** Makes sure Debian's Chromium is there for Playwright; installs it when we are root. */
export function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    throw new Error(
      `Chromium is missing at ${CHROMIUM}. Install Debian's package (sudo apt-get install -y chromium) ` +
        'or set CHROMIUM_PATH to a Chromium binary, then run npm test again.',
    );
  }
  console.log("Installing Debian's chromium for the browser tests…");
  run('apt-get', ['update', '-qq']);
  run('apt-get', ['install', '-y', '-qq', 'chromium'], { env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  if (!existsSync(CHROMIUM)) throw new Error(`apt-get installed chromium but ${CHROMIUM} is still missing`);
}

/** Starts a long-running child, forwarding signals, and resolves with its exit code. */
export function runForever(cmd, args, opts = {}) {
  const child = spawn(cmd, args, { cwd: ROOT, stdio: 'inherit', ...opts });
  const forward = (sig) => child.kill(sig);
  process.on('SIGINT', forward);
  process.on('SIGTERM', forward);
  return new Promise((resolve) => child.on('exit', (code) => resolve(code ?? 1)));
}

export const bin = (name) => join(ROOT, 'node_modules', '.bin', name);
