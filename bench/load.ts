/**
 * First-load benchmark (issue 13, item 6): this tree's build against the build of a base commit
 * (the commit before the first-load work), both served by this tree's local exchange.
 * `npm run bench:load [-- --runs N] [--rates 1,4] [--base 33459ec] [--old-dist DIR] [--new-dist DIR] [--rebuild] [--idle S] [--renderer webgl]`
 *
 * `--renderer webgl` loads `?renderer=webgl` with SwiftShader enabled: the bytes a machine with a GPU
 * fetches (its renderer code), written to load-webgl.json/md; its times are software WebGL's.
 *
 * For each build and CPU rate (CDP Emulation.setCPUThrottlingRate; Chromium throttles the main
 * thread only, not workers) it makes N cold loads of /en/trade/spot/BTC/USDT, alternating the
 * builds, each in a new browser context (an empty HTTP cache: nothing from an earlier load, while
 * a file the page and a worker both fetch is fetched once, as on a real first visit). It records
 * - the time from navigation to the first order-book row and to the first candle on screen
 *   (bench/lib/load-marks.ts: the canvas calls that draw them, in the page and in the canvas worker);
 * - every file fetched, by the page and its workers, until the network was idle for --idle s;
 *   compressed sizes are the transfer sizes when the server sends content-encoding, else computed
 *   (gzip -6, and brotli q11) from the served files (bench/lib/load-bytes.ts).
 * Prints medians, new/old ratios and the budgets; writes bench/results/load.json and load.md.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type CDPSession, type Page, type Request, type Worker } from 'playwright-core';
import { freePort, startExchange } from './lib/exchange.ts';
import { baseBuild, currentBuild, type Build } from './lib/load-builds.ts';
import { compressedSizes, kindOf, staticBody, total, type ByteTotals, type Fetched } from './lib/load-bytes.ts';
import { PAGE_MARKS, WORKER_MARKS, type PageMarks, type WorkerMarks } from './lib/load-marks.ts';
import { renderLoadReport, type LoadOutput, type RunResult } from './lib/load-report.ts';
import { flag } from './lib/cli.ts';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const RENDERER = flag('renderer');
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', ...(RENDERER ? ['--enable-unsafe-swiftshader'] : [])];
const VIEWPORT = { width: 1440, height: 900 };
const PATH = `/en/trade/spot/BTC/USDT${RENDERER ? `?renderer=${encodeURIComponent(RENDERER)}` : ''}`;
const OUT = RENDERER ? `load-${RENDERER}` : 'load';
/** Ports for the two exchanges (the range kept for manual servers). */
const PORTS = [8836, 8837, 8838, 8839, 8835, 8834];

const RUNS = Math.max(1, Number(flag('runs') ?? 7));
const RATES = (flag('rates') ?? '1,4').split(',').map(Number);
const BASE = flag('base') ?? '33459ec';
const IDLE_S = Number(flag('idle') ?? 5);
const REBUILD = process.argv.includes('--rebuild');
export const BUDGET = { beforeBookKb: 250, everythingKb: 450 };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Served {
  build: Build;
  proc: ChildProcess;
  base: string;
  data: string;
}

async function serve(build: Build, port: number): Promise<Served> {
  const data = mkdtempSync(join(tmpdir(), 'bench-load-data-'));
  const { proc, base } = await startExchange(ROOT, ['--port', String(port), '--data', data, '--web', build.dist, '--quiet'], `exchange for ${build.label}`);
  return { build, proc, base, data };
}

/** One cold load: marks and fetched files. */
async function measure(browser: Browser, s: Served, rate: number): Promise<RunResult> {
  const context = await browser.newContext({ viewport: VIEWPORT, deviceScaleFactor: 1 });
  await context.addInitScript(PAGE_MARKS);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  const workers: Worker[] = [];
  page.on('worker', (w) => workers.push(w));
  const fetched: Fetched[] = [];
  const pending: Array<Promise<void>> = [];
  let lastRequest = Date.now();
  page.on('request', () => (lastRequest = Date.now()));
  page.on('requestfinished', (req) => pending.push(record(req, s.build.dist, fetched)));
  const cdp = await context.newCDPSession(page);
  try {
    await instrumentWorkers(cdp);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate });
    await page.goto(s.base + PATH, { waitUntil: 'commit', timeout: 60_000 });
    const deadline = Date.now() + 60_000;
    let marks: { page: PageMarks; canvas: WorkerMarks | null } | null = null;
    while (Date.now() < deadline) {
      await sleep(250);
      marks = await readMarks(page, workers);
      if (marks.page.candle && (marks.page.bookRowMain || marks.canvas?.bookRow)) break;
    }
    // Everything the page loads: until no request has started for IDLE_S seconds (at most 30 s more).
    const idleBy = Date.now() + 30_000;
    while (Date.now() - lastRequest < IDLE_S * 1000 && Date.now() < idleBy) await sleep(250);
    marks = await readMarks(page, workers);
    const renderer = await page.evaluate(() => document.documentElement.dataset.renderer ?? '');
    await Promise.all(pending);
    const origin = marks.page.timeOrigin;
    const at = (t: number | undefined) => (t ? Math.round(t - origin) : null);
    // On a GPU renderer rows are textured quads, not fillText: the book's table mirror (filled from
    // the same frames, at most 0.5 s later) stands in, so its figure is an upper bound.
    const drawnRow = Math.min(marks.page.bookRowMain || Infinity, marks.canvas?.bookRow || Infinity);
    const bookRowEpoch = Number.isFinite(drawnRow) || !RENDERER ? drawnRow : marks.page.mirrorRow || Infinity;
    const code = (f: Fetched) => f.kind === 'js' || f.kind === 'wasm' || f.kind === 'css';
    const before = fetched.filter((f) => code(f) && f.start < bookRowEpoch);
    const staticFiles = fetched.filter((f) => f.kind !== 'data' && f.kind !== 'other');
    return {
      build: s.build.label,
      rate,
      renderer,
      bookRowMs: Number.isFinite(bookRowEpoch) ? Math.round(bookRowEpoch - origin) : null,
      bookRowBy: marks.canvas?.bookRow && marks.canvas.bookRow === bookRowEpoch ? 'canvas worker' : marks.page.bookRowMain ? 'main thread' : Number.isFinite(bookRowEpoch) ? 'table mirror' : 'none',
      candleMs: at(marks.page.candle),
      mirrorRowMs: at(marks.page.mirrorRow),
      workerMarksLate: marks.canvas?.late ?? false,
      bytes: {
        beforeBookRow: total(before),
        beforeBookRowJs: total(before.filter((f) => f.kind === 'js')),
        everything: total(staticFiles),
        everythingJs: total(staticFiles.filter((f) => f.kind === 'js')),
        data: total(fetched.filter((f) => f.kind === 'data')),
      },
      encodings: [...new Set(fetched.map((f) => f.encoding).filter((e): e is string => !!e))],
      files: fetched
        .filter((f) => f.kind !== 'data')
        .sort((a, b) => a.start - b.start)
        .map((f) => ({ path: f.path, kind: f.kind, startMs: Math.round(f.start - origin), raw: f.raw, transfer: f.transfer, gzip: f.gzip, br: f.br })),
      errors,
    };
  } finally {
    await context.close();
  }
}

/**
 * Every worker the page starts waits until WORKER_MARKS is installed in it (CDP auto-attach with
 * waitForDebuggerOnStart), so the marks are there before the worker's own code runs. Playwright's
 * worker.evaluate comes only once a module worker has run its module: too late for the first row.
 */
async function instrumentWorkers(cdp: CDPSession): Promise<void> {
  let id = 1;
  cdp.on('Target.attachedToTarget', (ev: { sessionId: string; targetInfo: { type: string }; waitingForDebugger: boolean }) => {
    const send = (method: string, params: object) => cdp.send('Target.sendMessageToTarget', { sessionId: ev.sessionId, message: JSON.stringify({ id: id++, method, params }) });
    const run = () => send('Runtime.runIfWaitingForDebugger', {});
    if (ev.targetInfo.type !== 'worker') return void run().catch(() => undefined);
    send('Runtime.evaluate', { expression: WORKER_MARKS }).then(run, run).catch(() => undefined);
  });
  await cdp.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: true, flatten: false });
}

async function readMarks(page: Page, workers: readonly Worker[]): Promise<{ page: PageMarks; canvas: WorkerMarks | null }> {
  const p = (await page.evaluate(() => ({ ...(window as unknown as { __loadMarks: object }).__loadMarks }))) as PageMarks;
  const w = workers.find((x) => /canvas-worker-[^/]*\.js/.test(x.url()));
  const canvas = w ? ((await w.evaluate('({ ...(self.__loadMarks ?? { bookRow: 0, late: true }) })').catch(() => null)) as WorkerMarks | null) : null;
  return { page: p, canvas };
}

/** Adds a finished request that came over the network (cache hits are not fetches). */
async function record(req: Request, dist: string, out: Fetched[]): Promise<void> {
  const res = await req.response();
  if (!res || res.status() !== 200 || req.url().startsWith('data:')) return;
  const sizes = await req.sizes().catch(() => null);
  // A body answered from the HTTP cache has no bytes on the wire (a negative size here); a
  // worker's own script reports 0 (unknown), and is read from the served folder.
  if (!sizes || sizes.responseBodySize < 0) return;
  const url = new URL(req.url());
  const path = url.pathname + url.search;
  const headers = await res.allHeaders();
  const encoding = headers['content-encoding'] ?? null;
  const file = staticBody(dist, path);
  if (sizes.responseBodySize === 0 && !file) return;
  const body = file ?? (await res.body().catch(() => Buffer.alloc(0)));
  const key = file ? `${dist}:${path}` : undefined;
  const { gzip, br } = compressedSizes(body, key);
  out.push({
    path,
    kind: kindOf(url.pathname, headers['content-type'] ?? ''),
    start: req.timing().startTime,
    raw: body.length,
    transfer: encoding && sizes.responseBodySize > 0 ? sizes.responseBodySize : null,
    encoding,
    gzip,
    br,
  });
}

async function main(): Promise<void> {
  const started = new Date();
  const loadBefore = loadavg().map((n) => Math.round(n * 100) / 100);
  const fresh = currentBuild(ROOT, REBUILD, flag('new-dist'));
  const old = baseBuild(ROOT, BASE, REBUILD, flag('old-dist'));
  console.log(`load bench: ${old.label} (${old.made}, ${relative(ROOT, old.dist) || '.'}) vs ${fresh.label} (${fresh.made}, ${relative(ROOT, fresh.dist)}), ${RUNS} cold loads each at CPU ×${RATES.join(', ×')}; load average ${loadBefore.join(' ')}`);
  const ports = new Set<number>();
  const servers: Served[] = [];
  let browser: Browser | null = null;
  const runs: RunResult[] = [];
  try {
    for (const b of [old, fresh]) {
      const port = await freePort(PORTS, ports);
      ports.add(port);
      servers.push(await serve(b, port));
    }
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ARGS });
    for (const rate of RATES) {
      // One unrecorded load each first: the exchange's and the disk's first answers are slower.
      for (const s of servers) await measure(browser, s, rate);
      for (let i = 0; i < RUNS; i++) {
        const order = i % 2 === 0 ? servers : [...servers].reverse();
        for (const s of order) {
          const r = await measure(browser, s, rate);
          runs.push(r);
          console.log(
            `  ${s === servers[0] ? 'old' : 'new'} ×${rate} #${i + 1}: book row ${r.bookRowMs} ms (${r.bookRowBy}), candle ${r.candleMs} ms, before row ${kb(r.bytes.beforeBookRow)}, everything ${kb(r.bytes.everything)}${r.errors.length ? `, ${r.errors.length} page errors` : ''}`,
          );
        }
      }
    }
  } finally {
    await browser?.close();
    for (const s of servers) {
      s.proc.kill('SIGTERM');
      rmSync(s.data, { recursive: true, force: true });
    }
  }
  const out: LoadOutput = {
    name: 'load',
    date: started.toISOString(),
    config: {
      runs: RUNS,
      rates: RATES,
      path: PATH,
      viewport: VIEWPORT,
      chromium: CHROMIUM,
      flags: ARGS,
      idle_seconds: IDLE_S,
      cold_load: 'a new browser context per load (empty HTTP cache and code cache); builds alternate',
      load_average_before: loadBefore,
      load_average_after: loadavg().map((n) => Math.round(n * 100) / 100),
    },
    old: { label: old.label, commit: old.commit, dist: relative(ROOT, old.dist) },
    new: { label: fresh.label, commit: fresh.commit, dist: relative(ROOT, fresh.dist) },
    budget: BUDGET,
    runs,
  };
  const { json, md, table, pass } = renderLoadReport(out);
  const dir = join(ROOT, 'bench/results');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, `${OUT}.json`), JSON.stringify(json, null, 2) + '\n');
  writeFileSync(join(dir, `${OUT}.md`), md);
  console.log(`\n${table}`);
  if (!pass) {
    console.error('\nbudget exceeded (see above)');
    process.exitCode = 1;
  }
}

const kb = (t: ByteTotals) => `${(t.br / 1000).toFixed(1)} kB`;

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
