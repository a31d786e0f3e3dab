/**
 * Browser benchmark of the order book and trades tape (issue 5, "Benchmark").
 * `npm run bench:browser [-- --seconds N] [--calm-seconds N] [--warmup N] [--only text[,text…]] [--rebuild] [--no-profile] [--profile-seconds N] [--query '?renderer=webgl'] [--replay FILE [--replay-speed N]]`
 *
 * With `--replay FILE` (issue 36 item 4) every scenario runs on a recorded session instead of the
 * simulator (the exchange started with `--replay FILE --speed N`, default 25×, so a minute of
 * scenario is 25 minutes of the recording), a repeatable market from one run to the next; results
 * go to browser-replay.* so the stress figures stay as they are. The shipped session:
 * server/replays/volatile-hour.rec.gz.
 *
 * Starts the local exchange in its stress preset on a free port in 8840–8849 with a temp data
 * dir, serves the page built into dist-bench/ plus two baselines (React DOM re-rendered per
 * message; hand-written Canvas 2D), and measures each in Debian Chromium through Playwright
 * at CPU ×4 (CDP throttling, which Chromium applies to the main thread only), unthrottled, and
 * uncapped (no frame-rate limit, no vsync).
 * Writes bench/results/browser.json, browser.md and browser-frames.svg.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type CDPSession, type Page } from 'playwright-core';
import { BASELINES_DIR, BENCH_WEB, ensureBenchBuild } from './lib/browser-build.ts';
import { freePort, startExchange } from './lib/exchange.ts';
import { frameStats, framesSvg, sourceMapLoader, summarizeProfile, summarizeTrace, type CpuProfile, type PlotSeries, type ProfileSummary, type TraceEvent, type TraceSummary } from './lib/browser-stats.ts';
import { renderReport, type BenchOutput, type ScenarioResult } from './lib/browser-report.ts';
import { profileWorkers, summarizeThreads, THREAD_TRACE_CATEGORIES, threadCpu, threadShares, type CdpLike, type ThreadTrace } from './lib/browser-threads.ts';
import { flag } from './lib/cli.ts';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const BASE_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
const UNCAPPED_ARGS = ['--disable-frame-rate-limit', '--disable-gpu-vsync'];
/** Wide enough (≥ 2037 px) that the page shows the order book and the trades tape side by side. */
const VIEWPORT = { width: 2048, height: 1152 };
const PORTS = [8840, 8841, 8842, 8843, 8844, 8845, 8846, 8847, 8848, 8849];

const SECONDS = Number(flag('seconds') ?? 60);
/** The calm market's scenarios (issue 21 item 2: 60 s idle on BTC/USDT), whatever --seconds says. */
const CALM_SECONDS = Number(flag('calm-seconds') ?? 60);
const WARMUP = Number(flag('warmup') ?? 5);
const ONLY = flag('only');
const PROFILE = !process.argv.includes('--no-profile');
const PROFILE_SECONDS = Number(flag('profile-seconds') ?? 10);
const TRACE_SECONDS = Number(flag('trace-seconds') ?? 4);
/** A recording to run every scenario on (the replay exchange serves it from its start). */
const REPLAY = flag('replay');
const REPLAY_SPEED = flag('replay-speed') ?? '25';
if (REPLAY !== undefined && (REPLAY === 'true' || !(Number(REPLAY_SPEED) >= 1 && Number(REPLAY_SPEED) <= 100))) {
  throw new Error('usage: --replay FILE [--replay-speed 1-100]');
}
/** Appended to our page's URL (experiments: `?renderer=webgl`); the report names it. */
const QUERY = flag('query') ?? '';

interface Config {
  key: string;
  kind: 'ours' | 'dom' | 'canvas2d';
  mode: 1 | 4;
  path: string;
  /** The conditions it runs in (default: all but calm). */
  only?: readonly Condition['suffix'][];
  /** The price ladder shown beside the book (issue 35 item 2): what it costs next to ours_mode1. */
  ladder?: boolean;
  /** The chart's order-book heatmap on (issue 36 item 2): sampling, columns to the page, drawn under the candles. */
  heatmap?: boolean;
}
interface Condition {
  suffix: 'x4' | 'x1' | 'uncapped' | 'calm' | 'contended';
  label: string;
  rate: number;
  uncapped: boolean;
  /** The exchange's normal rate instead of its stress preset. */
  calm?: boolean;
  /** Another program keeps one core busy for the whole condition (issue 37 item 6: a busy laptop). */
  contended?: boolean;
}

// ours_book: the page's book and tape alone (`?bench=book`, test builds: the real feed worker,
// engine, canvas worker and painters; no header, chart, forms or lists), like for like with the
// baselines; it runs where total CPU is compared (unthrottled, uncapped, calm). QUERY is appended
// with '&' to a path that has a query already.
const CONFIGS: Config[] = [
  { key: 'ours_mode1', kind: 'ours', mode: 1, path: '/en/trade/spot/BTC/USDT', only: ['x4', 'x1', 'uncapped', 'calm'] },
  { key: 'ours_mode4', kind: 'ours', mode: 4, path: '/en/trade/spot/BTC/USDT' },
  // "ladder shown beside the book": the whole page as ours_mode1, with the price ladder turned on.
  { key: 'ours_ladder', kind: 'ours', mode: 1, path: '/en/trade/spot/BTC/USDT', ladder: true, only: ['x4', 'x1'] },
  // The whole page with the order-book heatmap on under the candles: at the stress feed it must add no long frame.
  { key: 'ours_heatmap', kind: 'ours', mode: 1, path: '/en/trade/spot/BTC/USDT', heatmap: true, only: ['x4', 'x1'] },
  { key: 'ours_book', kind: 'ours', mode: 1, path: '/en/trade/spot/BTC/USDT?bench=book', only: ['x1', 'uncapped', 'calm'] },
  { key: 'ours_book_mode4', kind: 'ours', mode: 4, path: '/en/trade/spot/BTC/USDT?bench=book', only: ['x1', 'uncapped'] },
  // The same drawn on the main thread (no canvas worker): what the worker hop costs in total CPU.
  { key: 'ours_book_main', kind: 'ours', mode: 1, path: '/en/trade/spot/BTC/USDT?bench=book&offscreen=0', only: ['x1', 'uncapped'] },
  { key: 'dom', kind: 'dom', mode: 1, path: `/${BASELINES_DIR}/dom.html?mode=1`, only: ['x4', 'x1', 'uncapped', 'calm'] },
  { key: 'dom_mode4', kind: 'dom', mode: 4, path: `/${BASELINES_DIR}/dom.html?mode=4` },
  { key: 'canvas2d', kind: 'canvas2d', mode: 1, path: `/${BASELINES_DIR}/canvas2d.html?mode=1`, only: ['x4', 'x1', 'uncapped', 'calm'] },
  { key: 'canvas2d_mode4', kind: 'canvas2d', mode: 4, path: `/${BASELINES_DIR}/canvas2d.html?mode=4` },
];
const CONDITIONS: Condition[] = [
  { suffix: 'x4', label: 'CPU ×4, 60 Hz', rate: 4, uncapped: false },
  { suffix: 'x1', label: 'unthrottled, 60 Hz', rate: 1, uncapped: false },
  { suffix: 'uncapped', label: 'unthrottled, uncapped', rate: 1, uncapped: true },
  { suffix: 'calm', label: 'calm market (normal rate, page idle), unthrottled, 60 Hz', rate: 1, uncapped: false, calm: true },
  { suffix: 'contended', label: 'unthrottled, 60 Hz, one core kept busy by another process', rate: 1, uncapped: false, contended: true },
];
/** Every scenario also runs contended: what a busy machine does to it, beside the quiet conditions. */
const runsIn = (cfg: Config, cond: Condition) => cond.suffix === 'contended' || (cfg.only ?? ['x4', 'x1', 'uncapped']).includes(cond.suffix);

/** A process that keeps one core busy until killed (a spin loop; its CPU shows as other load). */
function startBurner(): ChildProcess {
  return spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' });
}

/** Runs in every page before its own scripts: rAF timestamps and long animation frames, on demand. */
const INSTRUMENT = `(() => {
  const cap = 1 << 18, buf = new Float64Array(cap), loafs = [];
  let n = 0, on = false;
  const tick = (t) => { if (on && n < cap) buf[n++] = t; requestAnimationFrame(tick); };
  requestAnimationFrame(tick);
  try {
    new PerformanceObserver((list) => { if (on) for (const e of list.getEntries()) loafs.push([e.duration, e.blockingDuration || 0,
      (e.scripts || []).map((x) => [Math.round(x.duration), x.invoker || '', x.sourceFunctionName || '', (x.sourceURL || '').split('/').pop(), x.invokerType || '']),
      Math.round(e.renderStart ? e.startTime + e.duration - e.renderStart : 0)]); })
      .observe({ type: 'long-animation-frame' });
  } catch {}
  Object.defineProperty(window, '__bench', { value: {
    start() { n = 0; loafs.length = 0; on = true; },
    stop() { on = false; return { ts: Array.from(buf.subarray(0, n)), loafs: loafs.slice() }; },
  } });
})();`;

/** A long-animation-frame entry as recorded: duration, blocking, scripts [ms, invoker, function, file, type], render ms. */
type Loaf = [number, number, Array<[number, string, string, string, string]>, number];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const r1 = (n: number, d = 1) => Math.round(n * 10 ** d) / 10 ** d;

async function startBenchExchange(port: number, dataDir: string, stress = true): Promise<{ proc: ChildProcess; base: string }> {
  const market = REPLAY !== undefined ? ['--replay', resolve(ROOT, REPLAY), '--speed', REPLAY_SPEED] : stress ? ['--stress'] : [];
  return startExchange(ROOT, ['--port', String(port), '--data', dataDir, '--web', join(ROOT, BENCH_WEB), ...market, '--quiet']);
}

/** CPU seconds (user + system) of a process, from /proc. */
function procCpu(pid: number | undefined): number {
  try {
    const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(f[11]) + Number(f[12])) / 100;
  } catch {
    return NaN;
  }
}
/** Busy and total jiffies of the whole machine, from /proc/stat. */
function machineCpu(): { busy: number; total: number } {
  const f = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  const total = f.reduce((a, b) => a + b, 0);
  return { busy: total - f[3]! - (f[4] ?? 0), total };
}

type Metrics = Record<string, number>;
async function metrics(cdp: CDPSession): Promise<Metrics> {
  const { metrics: list } = (await cdp.send('Performance.getMetrics')) as { metrics: Array<{ name: string; value: number }> };
  return Object.fromEntries(list.map((m) => [m.name, m.value]));
}
async function chromeCpu(bcdp: CDPSession): Promise<Map<string, { type: string; id: number; cpu: number }>> {
  const info = (await bcdp.send('SystemInfo.getProcessInfo' as never)) as unknown as { processInfo: Array<{ type: string; id: number; cpuTime: number }> };
  return new Map(info.processInfo.map((p) => [`${p.type}:${p.id}`, { type: p.type, id: p.id, cpu: p.cpuTime }]));
}
/** The renderer and GPU processes by pid, named as the thread report names them. */
function processKinds(p: Map<string, { type: string; id: number }>): Map<number, string> {
  const kinds = new Map<number, string>();
  for (const v of p.values()) if (v.type === 'renderer' || v.type === 'GPU') kinds.set(v.id, v.type === 'GPU' ? 'gpu' : 'renderer');
  return kinds;
}

async function waitReady(page: Page, cfg: Config): Promise<string> {
  if (cfg.kind === 'ours') {
    await page.waitForFunction(
      ({ mode, ladder }) =>
        !!document.documentElement.dataset.renderer &&
        document.querySelector(`.order-book[data-mode="${mode}"]`) !== null &&
        document.querySelectorAll('[data-testid="book-mirror"] tbody tr').length > 0 &&
        document.querySelector('[data-testid="trades-canvas"] canvas') !== null &&
        (!ladder || document.querySelectorAll('[data-testid="ladder-mirror"] tbody tr').length > 0),
      { mode: cfg.mode, ladder: cfg.ladder === true },
      { timeout: 60_000, polling: 250 },
    );
    // With the heatmap on, measure only once its columns are drawn (the legend counts them).
    if (cfg.heatmap) await page.waitForFunction(() => document.querySelector('[data-testid="heatmap-since"]') !== null, undefined, { timeout: 60_000, polling: 250 });
    return page.evaluate(() => document.documentElement.dataset.renderer ?? '');
  }
  await page.waitForFunction(() => {
    const b = (window as unknown as { __baseline?: { bookMessages: number; renders: number } }).__baseline;
    return !!b && b.bookMessages > 0 && b.renders > 0;
  }, undefined, { timeout: 60_000, polling: 250 });
  return cfg.kind === 'dom' ? 'dom' : 'canvas2d';
}

async function runScenario(browser: Browser, bcdp: CDPSession, base: string, cfg: Config, cond: Condition, serverPid: number | undefined, profile: boolean, threadTrace: boolean): Promise<ScenarioResult> {
  const context = await browser.newContext({ viewport: VIEWPORT, deviceScaleFactor: 1 });
  await context.addInitScript(INSTRUMENT);
  if (cfg.kind === 'ours') await context.addInitScript(`try { localStorage.setItem('spot.book.mode', '${cfg.mode}'); } catch {}`);
  if (cfg.ladder) await context.addInitScript(`try { localStorage.setItem('spot.layout.ladder', 'true'); } catch {}`);
  // The display options as the page stores them (state/chart/chart-overlays.ts); the rest take their defaults.
  if (cfg.heatmap) await context.addInitScript(`try { localStorage.setItem('spot.chart.display', JSON.stringify({ heatmap: true })); } catch {}`);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  const cdp = await context.newCDPSession(page);
  try {
    await cdp.send('Performance.enable', { timeDomain: 'timeTicks' });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cond.rate });
    const query = cfg.kind === 'ours' && QUERY ? (cfg.path.includes('?') ? QUERY.replace(/^\?/, '&') : QUERY) : '';
    await page.goto(base + cfg.path + query, { waitUntil: 'load', timeout: 60_000 });
    const renderer = await waitReady(page, cfg);
    await sleep(WARMUP * 1000);
    await cdp.send('HeapProfiler.collectGarbage');
    const m0 = await metrics(cdp);
    const p0 = await chromeCpu(bcdp);
    const kinds = processKinds(p0);
    const th0 = threadCpu([...kinds.keys()]);
    const s0 = procCpu(serverPid);
    const k0 = machineCpu();
    const b0 = await page.evaluate(() => ({ ...((window as unknown as { __baseline?: Record<string, number> }).__baseline ?? {}) }));
    const d0 = await drawnFrames(page);
    await page.evaluate(() => window.__spotDebug?.probeWorkerFrames(true));
    await page.evaluate(() => (window as unknown as { __bench: { start(): void } }).__bench.start());
    const t0 = Date.now();
    await sleep((cond.calm ? CALM_SECONDS : SECONDS) * 1000);
    const rec = await page.evaluate(() => (window as unknown as { __bench: { stop(): { ts: number[]; loafs: Loaf[] } } }).__bench.stop());
    const workerTs = (await page.evaluate(() => window.__spotDebug?.probeWorkerFrames(false))) ?? [];
    const wall = (Date.now() - t0) / 1000;
    const m1 = await metrics(cdp);
    const p1 = await chromeCpu(bcdp);
    const th1 = threadCpu([...kinds.keys()]);
    const s1 = procCpu(serverPid);
    const k1 = machineCpu();
    const b1 = await page.evaluate(() => ({ ...((window as unknown as { __baseline?: Record<string, number> }).__baseline ?? {}) }));
    const d1 = await drawnFrames(page);
    await cdp.send('HeapProfiler.collectGarbage');
    const m2 = await metrics(cdp);

    const wallS = (m1.Timestamp! - m0.Timestamp!) || wall;
    const pctOf = (name: string) => r1(((m1[name]! - m0[name]!) / wallS) * 100);
    const cpuBy = (type: string) => {
      let s = 0;
      for (const [id, v] of p1) if (v.type === type && p0.has(id)) s += v.cpu - p0.get(id)!.cpu;
      return r1((s / wall) * 100);
    };
    let chromeAll = 0;
    for (const [id, v] of p1) if (p0.has(id)) chromeAll += v.cpu - p0.get(id)!.cpu;
    const machinePct = ((k1.busy - k0.busy) / (k1.total - k0.total)) * 100 * 2; // in % of one core, 2 cores
    const serverPct = ((s1 - s0) / wall) * 100;
    const fs = frameStats(rec.ts);
    const ws = workerTs.length > 1 ? frameStats(workerTs) : null;
    const result: ScenarioResult = {
      key: `${cfg.key}_${cond.suffix}`,
      config: cfg.key,
      condition: cond.suffix,
      renderer,
      metrics: {
        fps_median: fs.fps_median,
        frame_ms_p50: fs.frame_ms_p50,
        frame_ms_p95: fs.frame_ms_p95,
        frame_ms_max: fs.frame_ms_max,
        long_frames_over_50ms: fs.long_frames_over_50ms,
        long_frames_over_100ms: fs.long_frames_over_100ms,
        loaf_over_50ms: rec.loafs.length,
        loaf_blocking_ms_total: r1(rec.loafs.reduce((s, l) => s + l[1], 0), 0),
        main_thread_busy_pct: pctOf('TaskDuration'),
        // Busy % saturates near 100 when a page cannot keep up; the cost of one frame does not.
        main_thread_ms_per_frame: r1(((m1.TaskDuration! - m0.TaskDuration!) * 1000) / Math.max(1, fs.frames - 1), 2),
        script_pct: pctOf('ScriptDuration'),
        layout_pct: pctOf('LayoutDuration'),
        style_pct: pctOf('RecalcStyleDuration'),
        heap_start_mb: r1(m0.JSHeapUsedSize! / 2 ** 20, 2),
        heap_end_mb: r1(m2.JSHeapUsedSize! / 2 ** 20, 2),
        heap_growth_mb: r1((m2.JSHeapUsedSize! - m0.JSHeapUsedSize!) / 2 ** 20, 2),
        renderer_process_cpu_pct: cpuBy('renderer'),
        gpu_process_cpu_pct: cpuBy('GPU'),
        renderer_plus_gpu_cpu_pct: r1(cpuBy('renderer') + cpuBy('GPU')),
        chromium_all_cpu_pct: r1((chromeAll / wall) * 100),
        exchange_cpu_pct: r1(serverPct),
        other_load_cpu_pct: r1(Math.max(0, machinePct - (chromeAll / wall) * 100 - serverPct)),
        frames: fs.frames,
        seconds: r1(wall, 1),
      },
      ...(ws ? { workerFrames: workerTs } : {}),
      // What the longest animation frames ran (scripts by invoker, and the render phase), for the report.
      longFrames: [...rec.loafs]
        .sort((a, b) => b[0] - a[0])
        .slice(0, 3)
        .map(([duration, blocking, scripts, renderMs]) => ({ duration_ms: Math.round(duration), blocking_ms: Math.round(blocking), render_ms: renderMs, scripts: scripts.slice(0, 4).map(([ms, invoker, fn, src, type]) => `${ms} ms ${type} ${invoker} ${fn ? `${fn} ` : ''}${src}`.trim()) })),
      frames: rec.ts,
      // Per thread of the renderer and GPU processes, % of one core (from /proc).
      threads: threadShares(th0, th1, kinds, wall),
      errors,
    };
    // Frames that showed something new: ours counts animation frames in which a canvas was drawn;
    // the Canvas 2D baseline one redraw per dirty frame; the DOM baseline changes the DOM on every
    // message, so each frame it produced showed something new. (Uncapped, the rAF rate alone also
    // counts frames with nothing to draw.)
    const rendersPerS = ((b1.renders ?? 0) - (b0.renders ?? 0)) / wall;
    result.metrics.drawn_frames_per_s = r1(cfg.kind === 'ours' ? (d1 - d0) / wall : cfg.kind === 'canvas2d' ? rendersPerS : Math.min(fs.frames / wall, rendersPerS));
    if (ws) {
      // Ours draws the book and the tape in its canvas worker: its own animation frames.
      result.metrics.worker_fps_median = ws.fps_median;
      result.metrics.worker_frame_ms_p95 = ws.frame_ms_p95;
      result.metrics.worker_frame_ms_max = ws.frame_ms_max;
      result.metrics.worker_long_frames_over_50ms = ws.long_frames_over_50ms;
      result.metrics.worker_long_frames_over_100ms = ws.long_frames_over_100ms;
    }
    if (cfg.kind !== 'ours') {
      result.metrics.messages_per_s = r1(((b1.messages ?? 0) - (b0.messages ?? 0)) / wall);
      result.metrics.renders_per_s = r1(rendersPerS);
    }
    if (profile) {
      result.profile = await profilePage(cdp);
      result.trace = await tracePage(cdp);
    }
    if (threadTrace) {
      result.threadTrace = await traceThreads(bcdp, kinds);
      // The workers' JavaScript (ours only has workers), mapped to sources like the main thread's.
      const profiles = await profileWorkers<CpuProfile>(cdp as unknown as CdpLike, PROFILE_SECONDS * 1000);
      if (profiles.length) result.workerProfiles = profiles.map((w) => ({ worker: w.url.split('/').pop() ?? w.url, ...summarizeProfile(w.profile, mapFor, 15) }));
    }
    return result;
  } finally {
    await context.close();
  }
}

/** Frames in which the book or tape was drawn: the canvas worker's when it runs, else the main thread's. */
async function drawnFrames(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const d = window.__spotDebug;
    if (!d) return 0;
    return (await d.workerDrawnFrames?.()) ?? d.drawnFrames();
  });
}

const mapFor = sourceMapLoader(join(ROOT, BENCH_WEB));

async function profilePage(cdp: CDPSession): Promise<ProfileSummary> {
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 250 });
  await cdp.send('Profiler.start');
  await sleep(PROFILE_SECONDS * 1000);
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: CpuProfile };
  await cdp.send('Profiler.disable');
  return summarizeProfile(profile, mapFor, 25);
}

/** A short Chromium trace of the page: what the main thread does outside JavaScript (paint, layout, commit…). */
async function tracePage(cdp: CDPSession): Promise<TraceSummary> {
  const events: TraceEvent[] = [];
  const onData = (e: { value: Array<Record<string, unknown>> }) => void events.push(...(e.value as unknown as TraceEvent[]));
  cdp.on('Tracing.dataCollected', onData);
  const done = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
  await cdp.send('Tracing.start', {
    transferMode: 'ReportEvents',
    traceConfig: { includedCategories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'blink', 'cc', '__metadata'] },
  });
  await sleep(TRACE_SECONDS * 1000);
  await cdp.send('Tracing.end');
  await done;
  cdp.off('Tracing.dataCollected', onData);
  return summarizeTrace(events);
}

/**
 * A short trace of every process through the browser's session (the page's session sees only its
 * renderer), summarised per thread of the page's renderer and the GPU process.
 */
async function traceThreads(bcdp: CDPSession, kinds: Map<number, string>): Promise<ThreadTrace[]> {
  const events: TraceEvent[] = [];
  const onData = (e: { value: Array<Record<string, unknown>> }) => void events.push(...(e.value as unknown as TraceEvent[]));
  bcdp.on('Tracing.dataCollected' as never, onData as never);
  const done = new Promise<void>((resolve) => bcdp.once('Tracing.tracingComplete' as never, () => resolve()));
  await bcdp.send('Tracing.start' as never, { transferMode: 'ReportEvents', traceConfig: { includedCategories: THREAD_TRACE_CATEGORIES } } as never);
  await sleep(TRACE_SECONDS * 1000);
  await bcdp.send('Tracing.end' as never);
  await done;
  bcdp.off('Tracing.dataCollected' as never, onData as never);
  // The page's renderer: of the renderers, the one whose main thread traced the most slices.
  const renderers = [...kinds].filter(([, k]) => k === 'renderer').map(([pid]) => pid);
  const count = new Map<number, number>();
  for (const e of events) if (e.ph === 'X' && renderers.includes(e.pid)) count.set(e.pid, (count.get(e.pid) ?? 0) + 1);
  const page = [...count].sort((a, b) => b[1] - a[1])[0]?.[0];
  return summarizeThreads(events, page);
}

async function main(): Promise<void> {
  const started = new Date();
  const loadBefore = loadavg().map((n) => r1(n, 2));
  console.log(`browser bench: ${SECONDS} s per scenario (+${WARMUP} s warm-up), load average before ${loadBefore.join(' ')}`);
  const build = await ensureBenchBuild(ROOT, process.argv.includes('--rebuild'));
  console.log(`page build: ${build.page} (${BENCH_WEB}/), baselines built into ${BENCH_WEB}/${BASELINES_DIR}/`);
  const port = await freePort(PORTS);
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-browser-'));
  const stress = await startBenchExchange(port, dataDir);
  console.log(REPLAY !== undefined ? `exchange (replaying ${REPLAY} at ${REPLAY_SPEED}×) at ${stress.base}` : `exchange (stress preset) at ${stress.base}`);
  // The calm market: a second exchange at its normal rate, started when a calm scenario runs.
  let calm: { proc: ChildProcess; base: string } | null = null;
  const calmDir = mkdtempSync(join(tmpdir(), 'bench-browser-calm-'));
  const results: ScenarioResult[] = [];
  const failed: Array<{ scenario: string; error: string }> = [];
  let version = '';
  try {
    for (const cond of CONDITIONS) {
      const todo = CONFIGS.filter((c) => runsIn(c, cond) && (!ONLY || ONLY.split(',').some((o) => `${c.key}_${cond.suffix}`.includes(o))));
      if (todo.length === 0) continue;
      // A replay is one market: the calm scenarios run on the same recording.
      if (cond.calm && !calm && REPLAY === undefined) {
        calm = await startBenchExchange(await freePort(PORTS, new Set([port])), calmDir, false);
        console.log(`exchange (normal rate) at ${calm.base}`);
      }
      const { proc, base } = cond.calm && calm ? calm : stress;
      const burner = cond.contended ? startBurner() : null;
      const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: cond.uncapped ? [...BASE_ARGS, ...UNCAPPED_ARGS] : BASE_ARGS });
      version = browser.version();
      const bcdp = await browser.newBrowserCDPSession();
      try {
        for (const cfg of todo) {
          const profile = PROFILE && cond.suffix === 'x4';
          // Where the whole cost goes: all threads of the renderer and the GPU process, unthrottled.
          const threadTrace = PROFILE && (cond.suffix === 'x1' || cond.suffix === 'calm');
          process.stdout.write(`  ${cfg.key}_${cond.suffix} … `);
          let r: ScenarioResult;
          try {
            r = await runScenario(browser, bcdp, base, cfg, cond, proc.pid, profile, threadTrace);
          } catch (err) {
            // A page that never got ready (a slow machine at CPU ×4) is reported as such; the run goes on.
            const why = err instanceof Error ? err.message.split('\n')[0]! : String(err);
            console.log(`not measured: ${why}`);
            failed.push({ scenario: `${cfg.key}_${cond.suffix}`, error: why });
            continue;
          }
          results.push(r);
          const m = r.metrics;
          console.log(`fps ${m.fps_median}, p95 ${m.frame_ms_p95} ms, >50ms ${m.long_frames_over_50ms}, busy ${m.main_thread_busy_pct} %, renderer+GPU ${m.renderer_plus_gpu_cpu_pct} %, drawn ${m.drawn_frames_per_s}/s, heap ${(m.heap_growth_mb ?? 0) >= 0 ? '+' : ''}${m.heap_growth_mb} MB, other load ${m.other_load_cpu_pct} %${r.errors.length ? `, ${r.errors.length} page errors` : ''}`);
        }
      } finally {
        await browser.close();
        burner?.kill('SIGKILL');
      }
    }
  } finally {
    stress.proc.kill('SIGTERM');
    calm?.proc.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(calmDir, { recursive: true, force: true });
  }
  const loadAfter = loadavg().map((n) => r1(n, 2));
  const out: BenchOutput = {
    name: 'browser',
    date: started.toISOString(),
    config: {
      seconds_per_scenario: SECONDS,
      seconds_per_calm_scenario: CALM_SECONDS,
      warmup_seconds: WARMUP,
      profile_seconds: PROFILE ? PROFILE_SECONDS : 0,
      trace_seconds: PROFILE ? TRACE_SECONDS : 0,
      chromium: version,
      viewport: VIEWPORT,
      flags: BASE_ARGS,
      uncapped_flags: UNCAPPED_ARGS,
      exchange: REPLAY !== undefined ? `server/main.ts --replay ${REPLAY} --speed ${REPLAY_SPEED} (BTCUSDT shown; every condition)` : 'server/main.ts --stress (BTCUSDT shown); calm: server/main.ts at its normal rate',
      web: BENCH_WEB,
      ...(QUERY ? { page_query: QUERY } : {}),
      thread_trace_categories: THREAD_TRACE_CATEGORIES.join(','),
      load_average_before: loadBefore,
      load_average_after: loadAfter,
    },
    results,
    notMeasured: failed,
  };
  const { json, md } = renderReport(out, CONDITIONS.map((c) => ({ suffix: c.suffix, label: c.label })));
  const series = new Map<string, PlotSeries>();
  for (const r of results) {
    const cond = CONDITIONS.find((c) => c.suffix === r.condition)!;
    series.set(`${r.config}|${cond.label}`, { name: r.key, ts: r.frames, caption: `median ${r.metrics.fps_median} fps · p95 ${r.metrics.frame_ms_p95} ms · busy ${r.metrics.main_thread_busy_pct} %` });
    if (r.workerFrames) {
      series.set(`${r.config} canvas worker|${cond.label}`, { name: `${r.key} worker`, ts: r.workerFrames, caption: `median ${r.metrics.worker_fps_median} fps · p95 ${r.metrics.worker_frame_ms_p95} ms` });
    }
  }
  const plotRows = CONFIGS.flatMap((c) => (c.kind === 'ours' ? [c.key, `${c.key} canvas worker`] : [c.key]));
  const dir = join(ROOT, 'bench/results');
  mkdirSync(dir, { recursive: true });
  // A partial run (--only) writes a file of its own and leaves the whole run's figures alone.
  const name = `${REPLAY !== undefined ? 'browser-replay' : 'browser'}${ONLY ? `-only-${ONLY.replace(/[^a-z0-9]+/gi, '-')}` : ''}`;
  writeFileSync(join(dir, `${name}.json`), JSON.stringify(json, null, 2) + '\n');
  writeFileSync(join(dir, `${name}.md`), md);
  writeFileSync(
    join(dir, `${name}-frames.svg`),
    framesSvg(`Frame times, ${REPLAY !== undefined ? `replay of ${REPLAY} at ${REPLAY_SPEED}×` : 'stress preset'}, ${SECONDS} s per scenario`, plotRows, CONDITIONS.map((c) => c.label), series),
  );
  console.log(md);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
