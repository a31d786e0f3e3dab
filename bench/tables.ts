/**
 * Tables and tape-burst benchmark (issue 21 items 4 and 5).
 * `npm run bench:tables [-- --rebuild] [--history N] [--open N] [--pushes N] [--bursts N] [--bursts-only] [--profile] [--trace]`
 *
 * Starts the local exchange (normal rate, --faults) on a free port in 8860–8869 with a temp data
 * dir and the page built into dist-bench/, signs up a unified account, seeds it through the
 * exchange (/faults/seed-orders: 10,000 filled orders with a fill each, 1,000 resting orders) and
 * measures the real page in Debian Chromium (flags as bench/browser.ts):
 * - first render of each orders-panel table: tab click to its rows painted (the history tabs
 *   include reading their first page), unthrottled and at CPU ×4;
 * - the history tables read to their 10,000th row by scrolling (pages of 100 through the v5 cursor),
 *   then scrolled down from the top for 300 frames at CPU ×4: rAF frame-time p95, DOM nodes while scrolled;
 * - one live push (a new resting order, pushed on the private stream) into the 1,000-row
 *   open-orders table: main-thread script and task time (CDP Performance metrics), with every
 *   market's feed paused and an idle window of the same length subtracted; with the chart's
 *   open-order lines shown (the default) and hidden (the table's own share);
 * - /faults/trade-burst: one publicTrade message of 1,024 trades, at CPU ×4: the longest main-thread
 *   and canvas-worker frame around it.
 * Writes bench/results/tables.json and tables.md (with --profile or --trace, whose overhead
 * slows what they watch: tables-profiled.json and .md, with what they found).
 */
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type CDPSession, type Page } from 'playwright-core';
import { BENCH_WEB, ensureBenchBuild } from './lib/browser-build.ts';
import { freePort, portRange, startExchange } from './lib/exchange.ts';
import { frameStats, percentile, sourceMapLoader, summarizeProfile, summarizeTrace, type CpuProfile, type TraceEvent } from './lib/browser-stats.ts';
import { renderTablesReport, type TablesOutput } from './lib/tables-report.ts';
import { flag } from './lib/cli.ts';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** The browser bench's flags (bench/browser.ts). */
const BASE_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
const VIEWPORT = { width: 1920, height: 1080 };
/** The bursts' page: wide enough for the book and the tape side by side (as bench/browser.ts). */
const WIDE = { width: 2048, height: 1152 };
const SYMBOL = 'BTCUSDT';
const PATH = '/en/trade/spot/BTC/USDT';

const HISTORY = Number(flag('history') ?? 10_000);
const OPEN = Number(flag('open') ?? 1_000);
const PUSHES = Number(flag('pushes') ?? 10);
const BURSTS = Number(flag('bursts') ?? 5);
/** Profiles the scroll and the pushes at CPU ×4 and prints where the time went (not in the result). */
const PROFILE = process.argv.includes('--profile');
/** Only the tape bursts (item 5), e.g. to rerun them alone. */
const BURSTS_ONLY = process.argv.includes('--bursts-only');
const mapFor = sourceMapLoader(join(ROOT, BENCH_WEB));
/** Traces the scrolls (what the main thread's native time is made of) and prints the top events. */
const TRACE = process.argv.includes('--trace');
/** What --profile and --trace found, by what was measured; such a run writes tables-profiled.* instead. */
const findings: Record<string, unknown> = {};

async function traced<T>(cdp: CDPSession, what: string, fn: () => Promise<T>): Promise<T> {
  if (!TRACE) return fn();
  const events: TraceEvent[] = [];
  const onData = (e: { value: Array<Record<string, unknown>> }) => void events.push(...(e.value as unknown as TraceEvent[]));
  cdp.on('Tracing.dataCollected', onData);
  const done = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
  await cdp.send('Tracing.start', { transferMode: 'ReportEvents', traceConfig: { includedCategories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'blink', 'cc', '__metadata'] } });
  const r = await fn();
  await cdp.send('Tracing.end');
  await done;
  cdp.off('Tracing.dataCollected', onData);
  const sum = summarizeTrace(events, 25);
  findings[`trace ${what}`] = sum;
  console.log(`  trace of ${what}: ${sum.traced_ms} ms, tasks ${sum.tasks_pct} %`);
  for (const e of sum.top_events) console.log(`    ${e.ms} ms ${e.pct_of_wall} % ${e.event}`);
  return r;
}

/** Runs `fn` under the CDP sampling profiler when --profile, printing the top functions. */
async function profiled<T>(cdp: CDPSession, what: string, fn: () => Promise<T>): Promise<T> {
  if (!PROFILE) return fn();
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  const r = await fn();
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: CpuProfile };
  await cdp.send('Profiler.disable');
  const sum = summarizeProfile(profile, mapFor, 18);
  findings[`profile ${what}`] = { ...sum, by_area: sum.by_area.slice(0, 10) };
  console.log(`  profile of ${what}: ${sum.profiled_ms} ms, busy ${sum.busy_pct} %`);
  for (const a of sum.by_area) console.log(`    area ${a.area}: ${a.ms} ms (${a.pct_of_busy} %)`);
  for (const f of sum.top_functions) console.log(`    ${f.ms} ms ${f.pct_of_busy} % ${f.function} ${f.where}`);
  return r;
}
/** Scroll speed of the measured scroll: px per animation frame (≈ 3.7 rows, a brisk wheel). */
const SCROLL_PX_PER_FRAME = 100;
/** Frames of the measured scroll (300 × 100 px ≈ 1,100 rows). */
const SCROLL_FRAMES = 300;

const r1 = (n: number, d = 1) => Math.round(n * 10 ** d) / 10 ** d;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** rAF timestamps and long animation frames, on demand (as bench/browser.ts records them). */
const INSTRUMENT = `(() => {
  // tsx names the functions it compiles with __name(); the page-side callbacks below need it too.
  globalThis.__name = (f) => f;
  const buf = []; const loafs = []; let on = false;
  const tick = (t) => { if (on) buf.push(t); requestAnimationFrame(tick); };
  requestAnimationFrame(tick);
  try { new PerformanceObserver((l) => { if (on) for (const e of l.getEntries()) loafs.push(Math.round(e.duration)); }).observe({ type: 'long-animation-frame' }); } catch {}
  Object.defineProperty(window, '__bench', { value: {
    start() { buf.length = 0; loafs.length = 0; on = true; },
    stop() { on = false; return { ts: buf.slice(), loafs: loafs.slice() }; },
  } });
})();`;

type Rec = { ts: number[]; loafs: number[] };
const startRec = (page: Page) => page.evaluate(() => (window as unknown as { __bench: { start(): void } }).__bench.start());
const stopRec = (page: Page) => page.evaluate(() => (window as unknown as { __bench: { stop(): Rec } }).__bench.stop());

async function post(base: string, path: string, body: unknown): Promise<Record<string, unknown>> {
  const res = await fetch(base + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const json = (await res.json()) as Record<string, unknown>;
  if (!res.ok || json.ok === false) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

async function signUp(context: BrowserContext, base: string): Promise<string> {
  const name = `bench${Date.now().toString(36)}`;
  const res = await context.request.post(`${base}/register`, { form: { name, account_type: 'uta', redirect_url: '/' }, headers: { origin: base }, maxRedirects: 0 });
  if (res.status() !== 303) throw new Error(`register: ${res.status()} ${await res.text()}`);
  return name;
}

const TABLE = '.orders-panel table.orders-table';
const rowCount = (page: Page) => page.evaluate((sel) => Number(document.querySelector(sel)?.getAttribute('aria-rowcount') ?? 0) - 1, TABLE);

/** Clicks a tab of the orders panel and times it to the frame after its table's rows are in the DOM. */
async function firstRender(page: Page, tab: RegExp, label: string): Promise<number> {
  // Elsewhere first, so the table mounts anew.
  await page.getByRole('tab', { name: /^Positions/ }).click();
  await page.waitForFunction((sel) => !document.querySelector(sel), TABLE);
  const handle = await page.getByRole('tab', { name: tab }).elementHandle();
  return page.evaluate(
    ({ el, sel, label }) =>
      new Promise<number>((resolve) => {
        const t0 = performance.now();
        (el as HTMLElement).click();
        const poll = () => {
          const t = document.querySelector(`${sel}[aria-label="${label}"]`);
          if (t && t.querySelector('tbody tr[aria-rowindex]')) requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - t0)));
          else requestAnimationFrame(poll);
        };
        poll();
      }),
    { el: handle, sel: TABLE, label },
  );
}

/** Scrolls the visible table's box to its end until the list holds `want` rows (pages read as it goes). */
async function readAll(page: Page, want: number): Promise<{ ms: number; rows: number; frames: ReturnType<typeof frameStats> }> {
  const t0 = Date.now();
  await startRec(page);
  await page.evaluate(
    ({ sel, want }) =>
      new Promise<void>((resolve) => {
        const box = document.querySelector('.orders-panel .table-scroll')!;
        const deadline = performance.now() + 120_000;
        const step = () => {
          box.scrollTop = box.scrollHeight;
          const n = Number(document.querySelector(sel)?.getAttribute('aria-rowcount') ?? 0) - 1;
          if (n >= want || performance.now() > deadline) resolve();
          else requestAnimationFrame(step);
        };
        step();
      }),
    { sel: TABLE, want },
  );
  const rec = await stopRec(page);
  return { ms: Date.now() - t0, rows: await rowCount(page), frames: frameStats(rec.ts) };
}

/** Scrolls the table's box down at SCROLL_PX_PER_FRAME for SCROLL_FRAMES frames (or to its end), recording frames; DOM counts half-way. */
async function scrollThrough(page: Page) {
  await page.evaluate(() => (document.querySelector('.orders-panel .table-scroll')!.scrollTop = 0));
  await sleep(300);
  await startRec(page);
  const dom = await page.evaluate(
    ({ sel, px, frames }) =>
      new Promise<{ page: number; table: number; rows: number; visibleRows: number; seconds: number }>((resolve) => {
        const box = document.querySelector('.orders-panel .table-scroll')!;
        const t0 = performance.now();
        let mid: { page: number; table: number; rows: number; visibleRows: number } | null = null;
        let n = 0;
        const step = () => {
          box.scrollTop += px;
          n++;
          if (!mid && (n >= frames / 2 || box.scrollTop > box.scrollHeight / 2)) {
            const table = document.querySelector(sel)!;
            const rowH = table.querySelector('tbody tr[aria-rowindex]')?.getBoundingClientRect().height || 27;
            mid = {
              page: document.getElementsByTagName('*').length,
              table: table.getElementsByTagName('*').length,
              rows: table.querySelectorAll('tbody tr[aria-rowindex]').length,
              visibleRows: Math.ceil(box.clientHeight / rowH),
            };
          }
          if (n >= frames || box.scrollTop + box.clientHeight >= box.scrollHeight - 1) resolve({ ...mid!, seconds: (performance.now() - t0) / 1000 });
          else requestAnimationFrame(step);
        };
        requestAnimationFrame(step);
      }),
    { sel: TABLE, px: SCROLL_PX_PER_FRAME, frames: SCROLL_FRAMES },
  );
  const rec = await stopRec(page);
  const fs = frameStats(rec.ts);
  return { frame_ms_p50: fs.frame_ms_p50, frame_ms_p95: fs.frame_ms_p95, frame_ms_max: fs.frame_ms_max, frames: fs.frames, loaf_count: rec.loafs.length, seconds: r1(dom.seconds, 2), dom_nodes_page: dom.page, dom_nodes_table: dom.table, rows_in_dom: dom.rows, rows_visible: dom.visibleRows };
}

async function allSymbols(base: string): Promise<string[]> {
  const r = (await (await fetch(`${base}/v5/market/tickers?category=spot`)).json()) as { result: { list: Array<{ symbol: string }> } };
  return r.result.list.map((t) => t.symbol);
}

type Metrics = Record<string, number>;
async function metrics(cdp: CDPSession): Promise<Metrics> {
  const { metrics: list } = (await cdp.send('Performance.getMetrics')) as { metrics: Array<{ name: string; value: number }> };
  return Object.fromEntries(list.map((m) => [m.name, m.value]));
}

/** Script and task ms of the main thread over `fn` (CDP Performance metrics). */
async function costOf(cdp: CDPSession, fn: () => Promise<void>): Promise<{ script: number; task: number }> {
  const a = await metrics(cdp);
  await fn();
  const b = await metrics(cdp);
  return { script: (b.ScriptDuration! - a.ScriptDuration!) * 1000, task: (b.TaskDuration! - a.TaskDuration!) * 1000 };
}

/** One new resting order pushed into the open-orders table: its main-thread cost, less an idle window's. */
async function pushCosts(page: Page, cdp: CDPSession, base: string, name: string) {
  const settle = () => page.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r, 150)))));
  const script: number[] = [];
  const task: number[] = [];
  const idleScript: number[] = [];
  for (let i = 0; i < PUSHES; i++) {
    const before = await rowCount(page);
    const t0 = Date.now();
    const push = await costOf(cdp, async () => {
      await post(base, '/faults/seed-orders', { name, symbol: SYMBOL, open: 1 });
      await page.waitForFunction(({ sel, n }) => Number(document.querySelector(sel)?.getAttribute('aria-rowcount') ?? 0) - 1 > n, { sel: TABLE, n: before }, { polling: 'raf' });
      await settle();
    });
    const span = Date.now() - t0;
    const idle = await costOf(cdp, async () => {
      await sleep(Math.max(0, span - 150));
      await settle();
    });
    script.push(push.script - idle.script);
    task.push(push.task - idle.task);
    idleScript.push(idle.script);
  }
  const med = (xs: number[]) => r1(percentile([...xs].sort((a, b) => a - b), 50), 2);
  return { pushes: PUSHES, script_ms_median: med(script), script_ms_max: r1(Math.max(...script), 2), task_ms_median: med(task), task_ms_max: r1(Math.max(...task), 2), idle_window_script_ms_median: med(idleScript) };
}

/** The longest main-thread and canvas-worker frame in `ms` of recording, with `during` run half a second in. */
async function frameWindow(page: Page, ms: number, during?: () => Promise<void>) {
  await startRec(page);
  await page.evaluate(() => window.__spotDebug?.probeWorkerFrames(true));
  await sleep(500);
  await during?.();
  await sleep(ms - 500);
  const rec = await stopRec(page);
  const worker = (await page.evaluate(() => window.__spotDebug?.probeWorkerFrames(false))) ?? [];
  return { main_max_ms: frameStats(rec.ts).frame_ms_max, worker_max_ms: worker.length > 1 ? frameStats(worker).frame_ms_max : NaN, loafs: rec.loafs };
}

/**
 * Bursts of 1,024 trades at CPU ×4 on a visitor's page (book, tape and chart; no orders): the
 * longest main-thread and canvas-worker frame within 2 s of each, beside a window of the same
 * length just before it without one (what this machine's load alone costs).
 */
async function bursts(page: Page, base: string) {
  const out: Array<{ quiet: Awaited<ReturnType<typeof frameWindow>>; burst: Awaited<ReturnType<typeof frameWindow>> }> = [];
  for (let i = 0; i < BURSTS; i++) {
    const quiet = await frameWindow(page, 2000);
    const burst = await frameWindow(page, 2000, async () => {
      const sent = await post(base, '/faults/trade-burst', { symbol: SYMBOL, count: 1024 });
      if (sent.sent !== 1024) throw new Error(`burst sent ${String(sent.sent)}`);
    });
    out.push({ quiet, burst });
  }
  const over = (w: { main_max_ms: number; worker_max_ms: number }) => (w.main_max_ms > 33 ? 1 : 0) + (w.worker_max_ms > 33 ? 1 : 0);
  return {
    bursts: BURSTS,
    trades_per_burst: 1024,
    main_frame_max_ms: Math.max(...out.map((b) => b.burst.main_max_ms)),
    worker_frame_max_ms: Math.max(...out.map((b) => b.burst.worker_max_ms)),
    frames_over_33ms: out.reduce((n, b) => n + over(b.burst), 0),
    quiet_main_frame_max_ms: Math.max(...out.map((b) => b.quiet.main_max_ms)),
    quiet_worker_frame_max_ms: Math.max(...out.map((b) => b.quiet.worker_max_ms)),
    quiet_frames_over_33ms: out.reduce((n, b) => n + over(b.quiet), 0),
    per_burst: out.map((b) => ({ burst: { main_max_ms: b.burst.main_max_ms, worker_max_ms: b.burst.worker_max_ms, loafs_ms: b.burst.loafs }, quiet: { main_max_ms: b.quiet.main_max_ms, worker_max_ms: b.quiet.worker_max_ms, loafs_ms: b.quiet.loafs } })),
  };
}

/** Items 4's figures: the orders panel's three tables of an account seeded through the exchange. */
async function measureTables(browser: Browser, base: string, errors: string[]) {
  const context = await browser.newContext({ viewport: VIEWPORT, deviceScaleFactor: 1 });
  await context.addInitScript(INSTRUMENT);
  const name = await signUp(context, base);
  const seeded = await post(base, '/faults/seed-orders', { name, symbol: SYMBOL, history: HISTORY, trades: HISTORY, open: OPEN });
  console.log(`seeded through the exchange in ${String(seeded.ms)} ms`);
  const page = await context.newPage();
  page.on('pageerror', (e) => errors.push(String(e)));
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable', { timeDomain: 'timeTicks' });
  await page.goto(base + PATH, { waitUntil: 'load', timeout: 60_000 });
  await page.waitForFunction(({ sel, n }) => Number(document.querySelector(sel)?.getAttribute('aria-rowcount') ?? 0) - 1 >= n, { sel: TABLE, n: OPEN }, { timeout: 60_000 });
  await page.locator('[data-region="orders"]').scrollIntoViewIfNeeded();
  await sleep(2000);

  const tables = [
    { key: 'open_orders', tab: /^Open orders/, label: 'Open orders' },
    { key: 'order_history', tab: /^Order history/, label: 'Order history' },
    { key: 'trade_history', tab: /^Trade history/, label: 'Trade history' },
  ];
  const first: Record<string, Record<string, number>> = {};
  for (const rate of [1, 4]) {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate });
    for (const t of tables) {
      const runs: number[] = [];
      for (let i = 0; i < 3; i++) runs.push(await firstRender(page, t.tab, t.label));
      (first[t.key] ??= {})[`x${rate}_ms_median`] = r1(percentile([...runs].sort((a, b) => a - b), 50));
      first[t.key]![`x${rate}_ms_max`] = r1(Math.max(...runs));
      console.log(`  first render ${t.key} CPU ×${rate}: ${runs.map((r) => r1(r)).join(', ')} ms`);
    }
  }

  // What the page's frames are at CPU ×4 with nothing scrolled (the live market runs): the floor under the scroll figures.
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await startRec(page);
  await sleep(3000);
  const idleFs = frameStats((await stopRec(page)).ts);
  const idle = { frame_ms_p50: idleFs.frame_ms_p50, frame_ms_p95: idleFs.frame_ms_p95, frame_ms_max: idleFs.frame_ms_max };
  console.log(`  idle page CPU ×4: p95 ${idle.frame_ms_p95} ms, max ${idle.frame_ms_max} ms`);

  const scroll: Record<string, unknown> = {};
  for (const t of tables) {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await page.getByRole('tab', { name: t.tab }).click();
    await page.waitForFunction(({ sel, label }) => !!document.querySelector(`${sel}[aria-label="${label}"] tbody tr[aria-rowindex]`), { sel: TABLE, label: t.label });
    // The order history lists the resting orders too.
    const want = t.key === 'open_orders' ? OPEN : t.key === 'order_history' ? HISTORY + OPEN : HISTORY;
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const read = t.key === 'open_orders' ? null : await readAll(page, want);
    if (read) console.log(`  ${t.key}: read to ${read.rows} rows in ${read.ms} ms while scrolling (p95 ${read.frames.frame_ms_p95} ms, max ${read.frames.frame_ms_max} ms at CPU ×4)`);
    const s = await traced(cdp, `scroll ${t.key}`, () => profiled(cdp, `scroll ${t.key}`, () => scrollThrough(page)));
    scroll[t.key] = { rows: await rowCount(page), ...(read ? { read_all_ms: read.ms, read_all_frame_ms_p95: read.frames.frame_ms_p95, read_all_frame_ms_max: read.frames.frame_ms_max } : {}), ...s };
    console.log(`  scroll ${t.key} CPU ×4: p95 ${s.frame_ms_p95} ms, max ${s.frame_ms_max} ms, ${s.rows_in_dom} rows in the DOM for ${s.rows_visible} visible, ${s.dom_nodes_table} table nodes, ${s.dom_nodes_page} page nodes`);
  }

  // The live push: open orders showing, the symbol's feed quiet.
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await page.getByRole('tab', { name: /^Open orders/ }).click();
  await page.evaluate(() => (document.querySelector('.orders-panel .table-scroll')!.scrollTop = 0));
  // Every market quiet, so the main thread does little else while a push is measured.
  const symbols = await allSymbols(base);
  for (const symbol of symbols) await post(base, '/faults/pause', { symbol });
  await sleep(1000);
  const push: Record<string, unknown> = {};
  for (const rate of [1, 4]) {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate });
    push[`x${rate}`] = await profiled(cdp, `pushes x${rate}`, () => pushCosts(page, cdp, base, name));
    console.log(`  push into ${await rowCount(page)} open orders CPU ×${rate}: ${JSON.stringify(push[`x${rate}`])}`);
  }
  // The same with the chart's open-order lines off (its Display menu): the table's own share of a push.
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await page.getByRole('toolbar', { name: 'Chart tools' }).getByRole('button', { name: 'Display' }).click();
  await page.getByRole('checkbox', { name: 'Show open orders on the chart' }).uncheck();
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => !document.querySelector('[data-testid="chart-order-lines"] [data-order-id]'));
  for (const rate of [1, 4]) {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate });
    push[`x${rate}_chart_lines_off`] = await pushCosts(page, cdp, base, name);
    console.log(`  push, chart order lines off, CPU ×${rate}: ${JSON.stringify(push[`x${rate}_chart_lines_off`])}`);
  }
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  for (const symbol of symbols) await post(base, '/faults/resume', { symbol });

  await context.close();
  return { first, idle, scroll, push };
}

async function main(): Promise<void> {
  const started = new Date();
  const loadBefore = loadavg().map((n) => r1(n, 2));
  console.log(`tables bench: ${HISTORY} history rows, ${OPEN} open orders; load average before ${loadBefore.join(' ')}`);
  const build = await ensureBenchBuild(ROOT, process.argv.includes('--rebuild'));
  console.log(`page build: ${build.page} (${BENCH_WEB}/)`);
  const port = await freePort(portRange(8860));
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-tables-'));
  let proc: ChildProcess | undefined;
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: BASE_ARGS });
  try {
    const ex = await startExchange(ROOT, ['--port', String(port), '--data', dataDir, '--web', join(ROOT, BENCH_WEB), '--faults', '--quiet', '--news', 'none']);
    proc = ex.proc;
    const base = ex.base;
    const errors: string[] = [];
    const tables = BURSTS_ONLY ? null : await measureTables(browser, base, errors);

    // Bursts on a visitor's page of its own.
    const visitor = await browser.newContext({ viewport: WIDE, deviceScaleFactor: 1 });
    await visitor.addInitScript(INSTRUMENT);
    const vpage = await visitor.newPage();
    vpage.on('pageerror', (e) => errors.push(String(e)));
    const vcdp = await visitor.newCDPSession(vpage);
    await vpage.goto(base + PATH, { waitUntil: 'load', timeout: 60_000 });
    await vpage.waitForFunction(() => document.querySelectorAll('[data-testid="book-mirror"] tbody tr').length > 0 && document.querySelector('[data-testid="trades-canvas"] canvas') !== null, undefined, { timeout: 60_000, polling: 250 });
    await vcdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await sleep(3000);
    const burst = await profiled(vcdp, 'bursts x4', () => bursts(vpage, base));
    console.log(`  bursts CPU ×4: main max ${burst.main_frame_max_ms} ms, worker max ${burst.worker_frame_max_ms} ms, over 33 ms: ${burst.frames_over_33ms}; same windows without a burst: ${burst.quiet_main_frame_max_ms} / ${burst.quiet_worker_frame_max_ms} ms, over 33 ms: ${burst.quiet_frames_over_33ms}`);
    await visitor.close();

    const out: TablesOutput = {
      name: 'tables',
      date: started.toISOString(),
      config: {
        chromium: browser.version(), viewport: VIEWPORT, flags: BASE_ARGS, exchange: 'server/main.ts --faults (normal rate), /faults/seed-orders', symbol: SYMBOL,
        history_rows: HISTORY, trade_rows: HISTORY, open_orders: OPEN, scroll_px_per_frame: SCROLL_PX_PER_FRAME, scroll_frames: SCROLL_FRAMES, web: BENCH_WEB,
        load_average_before: loadBefore, load_average_after: loadavg().map((n) => r1(n, 2)),
      },
      first_render: tables?.first ?? {},
      idle_x4: tables?.idle ?? { frame_ms_p50: NaN, frame_ms_p95: NaN, frame_ms_max: NaN },
      scroll: tables?.scroll ?? {},
      push: tables?.push ?? {},
      burst,
      errors,
      ...(PROFILE || TRACE ? { findings } : {}),
    };
    const { json, md } = renderTablesReport(out);
    const file = PROFILE || TRACE ? 'tables-profiled' : 'tables';
    const dir = join(ROOT, 'bench/results');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, `${file}.json`), JSON.stringify(json, null, 2) + '\n');
    writeFileSync(join(dir, `${file}.md`), md);
    console.log(md);
  } finally {
    await browser.close();
    proc?.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
