// The crash harness (issue 30): kills the exchange with SIGKILL at random crash points during
// trading, margin, liquidation, leveraged-token, grid, strategy and demo-fund steps, restarts it on
// the same data each time and checks, after every restart, every promise of invariants.ts, that
// every resting order is back on its book, and that every acknowledged request is still there.
// `npm test` runs a few dozen lives (tests/crash/crash.test.ts); `npm run test:crash` a thousand.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { AREAS, type Action, type Area } from './scenario.ts';
import type { LifeConfig } from './child.ts';

const HERE = fileURLToPath(new URL('.', import.meta.url));

export interface HarnessResult {
  lives: number;
  kills: number;
  /** Kills per area of the action that was running. */
  byArea: Record<Area, number>;
  /** Kills per crash point. */
  byPoint: Record<string, number>;
  /** Broken promises found after a restart, with the life that found them. */
  problems: string[];
  acks: number;
  seconds: number;
}

/**
 * Bundles the child once (a life then starts in a fraction of the time tsx would take), under
 * node_modules/.cache so that the bundle's `import 'better-sqlite3'` resolves.
 */
async function bundleChild(): Promise<string> {
  const out = join(HERE, '../../node_modules/.cache/crash-harness', `child-${process.pid}-${Date.now()}.mjs`);
  await build({
    entryPoints: [join(HERE, 'child.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile: out,
    external: ['better-sqlite3'],
    banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
    logLevel: 'warning',
  });
  return out;
}

function life(script: string, config: LifeConfig): Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    // Run from the project folder so that the bundle finds better-sqlite3 in node_modules.
    const child = spawn(process.execPath, [script, JSON.stringify(config)], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('exit', (code, signal) => resolve({ code, signal, stderr }));
  });
}

/**
 * Runs `lives` lives on one data folder; each aims its kill at the next area in turn. Returns what
 * happened; `problems` empty means nothing was lost or doubled across every restart.
 */
export async function runHarness(opts: { lives: number; seed?: number; keep?: boolean; onLife?: (i: number, r: HarnessResult) => void }): Promise<HarnessResult> {
  const started = Date.now();
  const work = mkdtempSync(join(tmpdir(), 'crash-harness-'));
  const dir = join(work, 'data');
  const journal = join(work, 'journal');
  const script = await bundleChild();
  const result: HarnessResult = {
    lives: 0, kills: 0, byArea: Object.fromEntries(AREAS.map((a) => [a, 0])) as Record<Area, number>, byPoint: {}, problems: [], acks: 0, seconds: 0,
  };
  let seed = opts.seed ?? 1;
  let read = 0;
  try {
    for (let i = 0; i <= opts.lives; i++) {
      const target = i < opts.lives ? AREAS[i % AREAS.length] : undefined;
      seed = (Math.imul(seed, 1_103_515_245) + 12_345) >>> 0;
      // Where in the action to die: any of its first 80 crash points, the early ones more often
      // (every action reaches those; only the biggest sweeps reach the 80th).
      const u = (seed >>> 8) / 2 ** 24;
      const config: LifeConfig = { dir, journal, seed, target, warmup: seed % 12, killAt: 1 + Math.floor(u * u * 80), maxActions: 240 };
      const r = await life(script, config);
      const lines = existsSync(journal) ? readFileSync(journal, 'utf8').split('\n').slice(read, -1) : [];
      read += lines.length;
      let area: Area | undefined;
      for (const line of lines) {
        if (line.startsWith('begin ')) area = line.split(' ')[2] as Area;
        if (line.startsWith('ack ')) result.acks++;
        if (line.startsWith('check ')) {
          const { problems } = JSON.parse(line.slice(6)) as { problems: string[] };
          for (const p of problems) result.problems.push(`life ${i}: ${p}`);
        }
        if (line.startsWith('killed ')) {
          const point = line.slice(7);
          result.kills++;
          result.byPoint[point] = (result.byPoint[point] ?? 0) + 1;
          if (area) result.byArea[area]++;
        }
      }
      const killed = r.signal === 'SIGKILL';
      if (!killed && r.code !== 0) result.problems.push(`life ${i} exited with ${r.code ?? r.signal}: ${r.stderr.slice(-2000)}`);
      result.lives++;
      opts.onLife?.(i, result);
      if (result.problems.length > 0) break;
    }
  } finally {
    result.seconds = (Date.now() - started) / 1000;
    rmSync(script, { force: true });
    if (!opts.keep) rmSync(work, { recursive: true, force: true });
  }
  return result;
}

/** Scripts of one money step each, the step to kill in last: the half-done steps. */
export const SCRIPTS: Record<string, { script: Action[]; arm: number }> = {
  // Both sides of a fill between two users, and the maker's Filled status with its last fill.
  twoUserTrade: {
    script: [
      { t: 'limit', who: 'bob', side: 'Sell', price: '97000.00', qty: '0.300000', tif: 'GTC', lev: false },
      { t: 'limit', who: 'eaa', side: 'Sell', price: '97001.00', qty: '0.100000', tif: 'GTC', lev: false },
      { t: 'limit', who: 'alice', side: 'Buy', price: '97001.00', qty: '0.350000', tif: 'GTC', lev: false },
    ],
    arm: 2,
  },
  // Cancellations, sales, repayment and the record of a liquidation with open orders (the demo
  // account: it holds little besides what it borrows against).
  liquidation: {
    script: [
      { t: 'demo', adjust: 1, coin: 'ETH', amount: '10' },
      { t: 'liquidity', side: 'Sell', price: '97000.00', qty: '3.000000' },
      { t: 'limit', who: 'demo', side: 'Buy', price: '97000.00', qty: '2.500000', tif: 'GTC', lev: true },
      { t: 'limit', who: 'demo', side: 'Sell', price: '99000.00', qty: '0.500000', tif: 'GTC', lev: false },
      { t: 'limit', who: 'demo', side: 'Sell', price: '100000.00', qty: '0.200000', tif: 'GTC', lev: false },
      { t: 'markPrice', pct: -70 },
    ],
    arm: 5,
  },
  // A TWAP slice: the child order, its link to the strategy and the progress.
  twapSlice: {
    script: [
      { t: 'liquidity', side: 'Sell', price: '97000.00', qty: '2.000000' },
      { t: 'strategy', who: 'alice', kind: 'twap', side: 'Buy', size: '0.100' },
      { t: 'strategyTick', seconds: 30 },
    ],
    arm: 2,
  },
  // A grid cell's fill, the bot's funds and its counter order.
  gridFill: {
    script: [
      { t: 'liquidity', side: 'Sell', price: '97000.00', qty: '1.000000' },
      { t: 'liquidity', side: 'Buy', price: '96990.00', qty: '0.100000' },
      { t: 'gridCreate', who: 'alice', low: 96000, width: 2000, cells: 4, quote: '4000' },
      { t: 'liquidity', side: 'Sell', price: '96000.00', qty: '0.300000' },
    ],
    arm: 3,
  },
};

/**
 * Kills one scripted step at each of its crash points in turn (or at `points` of them, spread
 * over the step), each on fresh data, then restarts and checks. Returns the broken promises.
 */
export async function runScripted(name: keyof typeof SCRIPTS, opts: { points?: number } = {}): Promise<{ points: number; kills: number; problems: string[] }> {
  const { script, arm } = SCRIPTS[name]!;
  const script_ = await bundleChild();
  const problems: string[] = [];
  let kills = 0;
  let total = 0;
  try {
    // A dry run counts the points the step reaches.
    const dry = mkdtempSync(join(tmpdir(), 'crash-script-'));
    const dryJournal = join(dry, 'journal');
    await life(script_, { dir: join(dry, 'data'), journal: dryJournal, seed: 1, script, armIndex: arm, warmup: 0, killAt: Number.MAX_SAFE_INTEGER, maxActions: 0 });
    total = Number(/reached (\d+)/.exec(readFileSync(dryJournal, 'utf8'))?.[1] ?? 0);
    rmSync(dry, { recursive: true, force: true });
    const want = Math.min(total, opts.points ?? total);
    const at = [...new Set(Array.from({ length: want }, (_, i) => 1 + Math.floor((i * total) / want)))];
    for (const k of at) {
      const work = mkdtempSync(join(tmpdir(), 'crash-script-'));
      const dir = join(work, 'data');
      const journal = join(work, 'journal');
      const r = await life(script_, { dir, journal, seed: 1, script, armIndex: arm, warmup: 0, killAt: k, maxActions: 0 });
      if (r.signal === 'SIGKILL') kills++;
      else problems.push(`${name} point ${k}: not killed (${r.code ?? r.signal}) ${r.stderr.slice(-1000)}`);
      await life(script_, { dir, journal, seed: 1, warmup: 0, killAt: 0, maxActions: 0 });
      for (const line of readFileSync(journal, 'utf8').split('\n')) {
        if (!line.startsWith('check ')) continue;
        for (const p of (JSON.parse(line.slice(6)) as { problems: string[] }).problems) problems.push(`${name}, killed at point ${k} of ${total}: ${p}`);
      }
      rmSync(work, { recursive: true, force: true });
    }
  } finally {
    rmSync(script_, { force: true });
  }
  return { points: total, kills, problems };
}
