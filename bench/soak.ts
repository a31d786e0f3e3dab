/**
 * Soak of the whole trading page (issue 13 item 7). `npm run bench:soak [-- --minutes 30] [--warmup 60]
 * [--root DIR --label NAME] [--out NAME]`; not part of `npm test`.
 *
 * Starts the local exchange in its stress preset (with the fault controls, for the final check) on a
 * free port, logs alice in, opens BTC/USDT in Debian Chromium and keeps it there while alice places
 * a limit buy through the order form and cancels it from the open-orders table, one step every few
 * seconds. Every minute it records the page's JS heap and each worker's, the frames over 100 ms on
 * the main thread (rAF gaps) and in the canvas worker, and the WebSocket
 * connections the page and its workers opened (a reconnect is every one after the first per URL).
 * At the end it pauses BTCUSDT on the exchange and checks that the book the page shows (its
 * accessible mirror table) equals a REST snapshot; while the last pushes before the pause can
 * still be missing it resumes for a moment and tries again (at most 10 times).
 *
 * The heap growth compares readings after a forced GC at the start and at the end. The readings in
 * between are taken without one: a forced full GC stops the page's main thread (for 100 ms and more
 * on a busy 2-core machine), which the frame figures would then count against the page. A trader's
 * browser never forces one. `--gc-each-minute` forces one before every minute's reading (as this
 * bench did before), and each long frame is then marked when it overlapped one.
 *
 * `--root DIR` runs another checkout's exchange and build (the "before" of a change): DIR needs its
 * own `node_modules` and built `dist/`. Writes bench/results/<out>.json and .md (default `soak`).
 */
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, setPriority, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type CDPSession, type Page } from 'playwright-core';
import { freePort, portRange, startExchange } from './lib/exchange.ts';
import { flag } from './lib/cli.ts';

const HERE = join(dirname(fileURLToPath(import.meta.url)), '..');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
const PATH = '/en/trade/spot/BTC/USDT';
const SYMBOL = 'BTCUSDT';

const MINUTES = Number(flag('minutes') ?? 30);
const WARMUP_S = Number(flag('warmup') ?? 60);
const STEP_MS = Number(flag('step-ms') ?? 4000);
const ROOT = resolve(flag('root') ?? HERE);
const LABEL = flag('label') ?? (ROOT === HERE ? 'this tree' : ROOT);
const OUT = flag('out') ?? 'soak';
/**
 * `--exchange-nice N`: every thread of the exchange runs at this priority (a positive N: lower, as
 * it would be on another machine than the trader's laptop; a negative N, with root: above other
 * work on a shared machine); the feed it still delivers is measured and reported (pushes/s), so a
 * starved feed cannot pass for a smooth page.
 */
const EXCHANGE_NICE = Number(flag('exchange-nice') ?? 0);
const GC_EACH_MINUTE = flag('gc-each-minute') !== undefined;
/**
 * `--browser-nice N` (negative, needs root): the browser's processes run at this priority, above
 * work on the machine that is neither the page nor the exchange (another test run, say), so a
 * shared machine can still measure the page. The machine's load is reported either way.
 */
const BROWSER_NICE = flag('browser-nice') === undefined ? undefined : Number(flag('browser-nice'));

/** Every process descended from this one, except the subtree of `skip` (the exchange). */
function descendants(skip: number | undefined): number[] {
  const parent = new Map<number, number>();
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      // /proc/<pid>/stat: "pid (comm) state ppid ..."; comm may hold spaces and parentheses.
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      parent.set(Number(d), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      /* gone meanwhile */
    }
  }
  const out: number[] = [];
  const walk = (pid: number) => {
    for (const [child, ppid] of parent) if (ppid === pid && child !== skip) (out.push(child), walk(child));
  };
  walk(process.pid);
  return out;
}

/** Linux keeps a priority per thread: sets every thread of `pid` (its workers, compositor, GC threads). */
function reniceProcess(pid: number, nice: number): void {
  let tids: string[] = [];
  try {
    tids = readdirSync(`/proc/${pid}/task`);
  } catch {
    return;
  }
  for (const tid of tids) {
    try {
      setPriority(Number(tid), nice);
    } catch {
      /* gone meanwhile */
    }
  }
}

/** Sets the browser's processes (all of this bench's descendants but the exchange) to BROWSER_NICE. */
function reniceBrowser(exchangePid: number | undefined): void {
  if (BROWSER_NICE === undefined) return;
  for (const pid of descendants(exchangePid)) reniceProcess(pid, BROWSER_NICE);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const mb = (bytes: number) => Math.round((bytes / 2 ** 20) * 100) / 100;

async function startSoakExchange(port: number, dataDir: string): Promise<{ proc: ChildProcess; base: string }> {
  // The test build has the frame probe (window.__spotDebug); a checkout from before it existed has only dist/.
  const web = [join(ROOT, 'dist-test'), join(ROOT, 'dist')].find((d) => existsSync(join(d, 'index.html')));
  if (!web) throw new Error(`${ROOT} has no build: run npm run build there`);
  return startExchange(ROOT, ['--port', String(port), '--data', dataDir, '--web', web, '--stress', '--faults', '--quiet']);
}

/**
 * The page's workers through the browser's CDP session (Playwright opens none for a worker): a
 * non-flattened attach per worker target, commands sent with Target.sendMessageToTarget.
 */
class WorkerProbe {
  private nextId = 1;
  private readonly pending = new Map<string, (msg: { result?: unknown; error?: unknown }) => void>();
  readonly sessions = new Map<string, string>();
  /** WebSocket URLs opened inside workers, in order. */
  readonly sockets: string[] = [];

  constructor(private readonly bcdp: CDPSession) {
    bcdp.on('Target.receivedMessageFromTarget', (e: { sessionId: string; message: string }) => {
      const msg = JSON.parse(e.message) as { id?: number; method?: string; params?: { url?: string }; result?: unknown; error?: unknown };
      if (msg.id !== undefined) {
        const key = `${e.sessionId}:${msg.id}`;
        this.pending.get(key)?.(msg);
        this.pending.delete(key);
      } else if (msg.method === 'Network.webSocketCreated' && msg.params?.url) {
        this.sockets.push(msg.params.url);
      }
    });
  }

  async attachAll(): Promise<void> {
    const { targetInfos } = (await this.bcdp.send('Target.getTargets')) as { targetInfos: Array<{ targetId: string; type: string; url: string }> };
    for (const t of targetInfos) {
      if (t.type !== 'worker' || this.sessions.has(t.targetId)) continue;
      const { sessionId } = (await this.bcdp.send('Target.attachToTarget', { targetId: t.targetId, flatten: false })) as { sessionId: string };
      this.sessions.set(t.targetId, sessionId);
      await this.send(sessionId, 'Network.enable').catch(() => undefined);
    }
  }

  send(sessionId: string, method: string, params: object = {}): Promise<unknown> {
    const id = this.nextId++;
    return new Promise((ok, fail) => {
      const timer = setTimeout(() => fail(new Error(`${method}: no answer`)), 30_000);
      this.pending.set(`${sessionId}:${id}`, (msg) => {
        clearTimeout(timer);
        if (msg.error) fail(new Error(JSON.stringify(msg.error)));
        else ok(msg.result);
      });
      void this.bcdp.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method, params }) });
    });
  }

  /** Used JS heap of each worker (after a forced GC when `gc`), in MB. */
  async heaps(gc: boolean): Promise<number[]> {
    const out: number[] = [];
    for (const sessionId of this.sessions.values()) {
      try {
        if (gc) await this.send(sessionId, 'HeapProfiler.collectGarbage');
        const { usedSize } = (await this.send(sessionId, 'Runtime.getHeapUsage')) as { usedSize: number };
        out.push(mb(usedSize));
      } catch {
        out.push(NaN);
      }
    }
    return out;
  }
}

/** rAF gaps over 100 ms on the main thread since the last call (installed before the page's scripts). */
const INSTRUMENT = `(() => {
  let last = 0, long = 0, max = 0;
  const loafs = [], gaps = [];
  const tick = (t) => { if (last) { const d = t - last; if (d > 100) { long++; if (gaps.length < 50) gaps.push({ at: t, ms: d }); } if (d > max) max = d; } last = t; requestAnimationFrame(tick); };
  requestAnimationFrame(tick);
  document.addEventListener('visibilitychange', () => { last = 0; });
  // Long animation frames over 100 ms, with what ran in them (script, invoker, file), to tell a slow
  // frame of ours from one the browser spent elsewhere (GC, layout).
  try {
    new PerformanceObserver((list) => { for (const e of list.getEntries()) if (e.duration > 100 && loafs.length < 50) loafs.push({ ms: Math.round(e.duration),
      blocking: Math.round(e.blockingDuration || 0), render: Math.round(e.renderStart ? e.startTime + e.duration - e.renderStart : 0),
      scripts: (e.scripts || []).map((x) => Math.round(x.duration) + ' ms ' + (x.invokerType || '') + ' ' + (x.invoker || '') + ' ' + (x.sourceFunctionName || '') + ' ' + (x.sourceURL || '').split('/').pop()) }); })
      .observe({ type: 'long-animation-frame' });
  } catch {}
  Object.defineProperty(window, '__soak', { value: { take() { const r = { long, max, loafs: loafs.splice(0), gaps: gaps.splice(0) }; long = 0; max = 0; return r; } } });
})();`;

/** A long animation frame (over 100 ms) on the main thread: its length and the scripts that ran in it. */
interface LongFrame {
  ms: number;
  blocking: number;
  render: number;
  scripts: string[];
}

interface Sample {
  minute: number;
  page_heap_mb: number;
  worker_heap_mb: number[];
  main_frames_over_100ms: number;
  main_frame_max_ms: number;
  worker_frames_over_100ms: number;
  worker_frame_max_ms: number;
  orders_placed: number;
  orders_cancelled: number;
  step_errors: number;
  /** The machine's 1-minute load average (2 cores): other work skews the frame figures. */
  load_1m: number;
}

const forms = (page: Page) => page.locator('[data-region="forms"]');
const orderForm = (page: Page) => forms(page).getByRole('region', { name: 'Place order' });
const openRows = (page: Page) => page.locator('[data-region="orders"] .orders-table tbody tr');

async function lastPrice(page: Page): Promise<number> {
  const res = await page.request.get(`/v5/market/tickers?category=spot&symbol=${SYMBOL}`);
  return Number(((await res.json()) as { result: { list: Array<{ lastPrice: string }> } }).result.list[0]!.lastPrice);
}

/** One trader step: place a limit buy 10 % under the market through the form, or cancel the open one from the table. */
async function traderStep(page: Page, placeNext: boolean): Promise<'placed' | 'cancelled'> {
  if (placeNext) {
    const price = ((await lastPrice(page)) * 0.9).toFixed(2);
    for (const [label, value] of [['Price', price], ['Quantity', '0.001']] as const) {
      const input = orderForm(page).getByLabel(label, { exact: true });
      await input.fill(value, { timeout: 10_000 });
      await input.blur();
    }
    await orderForm(page).getByRole('button', { name: 'Buy BTC' }).click({ timeout: 10_000 });
    // A row with its own Cancel button: the empty table's "No orders yet" row is a row too.
    await openRows(page).getByRole('button', { name: /^Cancel order/ }).first().waitFor({ timeout: 15_000 });
    return 'placed';
  }
  await openRows(page).first().getByRole('button', { name: /^Cancel order/ }).click({ timeout: 10_000 });
  await page.waitForFunction(() => document.querySelectorAll('[data-region="orders"] .orders-table tbody tr').length === 0, undefined, { timeout: 15_000 });
  return 'cancelled';
}

/** The book the page shows (mirror table) against a REST snapshot taken while BTCUSDT is paused. */
async function bookCheck(page: Page, base: string): Promise<{ consistent: boolean; attempts: number; rows_compared: number; mismatch?: string }> {
  const parse = (s: string) => Number(s.replace(/,/g, ''));
  let last = '';
  let rows = 0;
  for (let attempt = 1; attempt <= 10; attempt++) {
    await page.request.post(`${base}/faults/pause`, { data: { symbol: SYMBOL } });
    // The mirror refreshes twice a second; wait until two reads in a row agree.
    let shown = '';
    for (let i = 0; i < 20; i++) {
      await sleep(600);
      const now = await page.evaluate(() => JSON.stringify([...document.querySelectorAll('[data-testid="book-mirror"] tbody tr')].map((tr) => [tr.getAttribute('data-side'), ...[...tr.querySelectorAll('td')].slice(1, 3).map((td) => td.textContent ?? '')])));
      if (now === shown) break;
      shown = now;
    }
    const mirror = JSON.parse(shown) as Array<[string, string, string]>;
    const snap = (await (await page.request.get(`${base}/v5/market/orderbook?category=spot&symbol=${SYMBOL}&limit=200`)).json()) as { result: { a: string[][]; b: string[][] } };
    const levels = new Map<string, string>();
    for (const [p, q] of [...snap.result.a, ...snap.result.b]) levels.set(String(parse(p!)), q!);
    last = '';
    rows = mirror.length;
    for (const [side, price, size] of mirror) {
      const q = levels.get(String(parse(price)));
      // The mirror shows the size rounded to the symbol's quantity step; compare at that precision.
      const decimals = (size.split('.')[1] ?? '').length;
      if (q === undefined || Number(q).toFixed(decimals) !== parse(size).toFixed(decimals)) {
        last = `${side} ${price}: page ${size}, exchange ${q ?? 'no level'}`;
        break;
      }
    }
    if (rows > 0 && last === '') return { consistent: true, attempts: attempt, rows_compared: rows };
    await page.request.post(`${base}/faults/resume`, { data: { symbol: SYMBOL } });
    await sleep(300);
  }
  return { consistent: false, attempts: 10, rows_compared: rows, mismatch: last || 'no rows shown' };
}

async function main(): Promise<void> {
  const port = await freePort(portRange(8850));
  const dataDir = mkdtempSync(join(tmpdir(), 'soak-'));
  const { proc, base } = await startSoakExchange(port, dataDir);
  if (EXCHANGE_NICE !== 0 && proc.pid !== undefined) reniceProcess(proc.pid, EXCHANGE_NICE);
  const feedStats = async (): Promise<{ sent: number; skipped: number; at: number }> => {
    const r = await fetch(`${base}/faults/feed-stats`, { method: 'POST', headers: { 'content-type': 'application/json', origin: base }, body: '{}' });
    const body = (await r.json()) as { sent?: number; skipped?: number };
    return { sent: body.sent ?? NaN, skipped: body.skipped ?? NaN, at: Date.now() };
  };
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
  const started = Date.now();
  try {
    const context = await browser.newContext({ viewport: { width: 1920, height: 1080 }, baseURL: base });
    await context.addInitScript(INSTRUMENT);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    // alice logs in through the exchange's own form (the session cookie lands in this context).
    const login = await page.request.post('/login', { form: { user_id: '100001', redirect_url: PATH }, headers: { origin: base }, maxRedirects: 0 });
    if (login.status() !== 303) throw new Error(`login failed: ${login.status()}`);
    const cdp = await context.newCDPSession(page);
    const pageSockets: string[] = [];
    await cdp.send('Network.enable');
    cdp.on('Network.webSocketCreated', (e: { url: string }) => pageSockets.push(e.url));
    await page.goto(PATH, { waitUntil: 'load', timeout: 60_000 });
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="book-mirror"] tbody tr').length > 0, undefined, { timeout: 60_000 });
    await orderForm(page).waitFor({ timeout: 30_000 });
    await orderForm(page).getByLabel('Order type').selectOption('limit');
    await page.request.post('/v5/order/cancel-all', { data: { category: 'spot', symbol: SYMBOL }, headers: { 'x-requested-with': 'soak' } });

    const workers = new WorkerProbe(await browser.newBrowserCDPSession());
    await workers.attachAll();
    const heap = async (gc: boolean) => {
      if (gc) await cdp.send('HeapProfiler.collectGarbage');
      return mb(((await cdp.send('Runtime.getHeapUsage')) as { usedSize: number }).usedSize);
    };
    const workerFrames = async () => {
      const ts = ((await page.evaluate(() => window.__spotDebug?.probeWorkerFrames(false))) ?? []) as number[];
      await page.evaluate(() => window.__spotDebug?.probeWorkerFrames(true));
      let long = 0;
      let max = 0;
      for (let i = 1; i < ts.length; i++) {
        const d = ts[i]! - ts[i - 1]!;
        if (d > 100) long++;
        max = Math.max(max, d);
      }
      return { long, max: Math.round(max) };
    };

    let placed = 0;
    let cancelled = 0;
    let stepErrors = 0;
    const stepErrorText: string[] = [];
    let placeNext = true;
    const runFor = async (ms: number) => {
      const end = Date.now() + ms;
      while (Date.now() < end) {
        const t = Date.now();
        try {
          if ((await traderStep(page, placeNext)) === 'placed') placed++;
          else cancelled++;
          placeNext = !placeNext;
        } catch (err) {
          stepErrors++;
          if (stepErrorText.length < 5) {
            // What the trader saw against what the exchange holds, to tell a slow page from a wrong one.
            const shown = await page.locator('[data-region="orders"]').innerText({ timeout: 2000 }).catch(() => '?');
            const held = await page.request
              .get(`/v5/order/realtime?category=spot&symbol=${SYMBOL}`, { headers: { 'x-requested-with': 'soak' } })
              .then(async (r) => ((await r.json()) as { result: { list: unknown[] } }).result.list.length)
              .catch(() => -1);
            // The newest order in the history says whether a vanished order filled, was cancelled or rejected.
            const newest = await page.request
              .get(`/v5/order/history?category=spot&symbol=${SYMBOL}&limit=1`, { headers: { 'x-requested-with': 'soak' } })
              .then(async (r) => {
                const o = ((await r.json()) as { result: { list: Array<Record<string, string>> } }).result.list[0];
                return o ? `${o.side} ${o.price} ${o.orderStatus}${o.cancelType && o.cancelType !== 'UNKNOWN' ? ` (${o.cancelType})` : ''}${o.rejectReason && o.rejectReason !== 'EC_NoError' ? ` ${o.rejectReason}` : ''} at ${new Date(Number(o.updatedTime)).toISOString()}` : 'none';
              })
              .catch(() => '?');
            stepErrorText.push(`${placeNext ? 'place' : 'cancel'} at ${new Date().toISOString()}: ${String(err).split('\n')[0]} | orders panel: ${shown.replace(/\s+/g, ' ').slice(0, 200)} | open on the exchange: ${held} | newest order: ${newest}`);
          }
          // Back to a known state: nothing open, place next.
          await page.request.post('/v5/order/cancel-all', { data: { category: 'spot', symbol: SYMBOL }, headers: { 'x-requested-with': 'soak' } }).catch(() => undefined);
          placeNext = true;
        }
        await sleep(Math.max(0, Math.min(STEP_MS - (Date.now() - t), end - Date.now())));
      }
    };

    console.log(`soak: ${LABEL} at ${base}, warm-up ${WARMUP_S} s, then ${MINUTES} min`);
    await runFor(WARMUP_S * 1000);
    await workers.attachAll();
    await page.evaluate(() => (window as unknown as { __soak: { take(): unknown } }).__soak.take());
    await workerFrames();
    reniceBrowser(proc.pid);
    const heap0 = await heap(true);
    const workerHeap0 = await workers.heaps(true);
    // The start's forced GCs are the bench's own pauses: the frame counts start after them.
    await page.evaluate(() => (window as unknown as { __soak: { take(): unknown } }).__soak.take());
    await workerFrames();
    /** The page-clock windows in which this bench forced a GC (only with --gc-each-minute). */
    const gcWindows: Array<[number, number]> = [];
    const now = () => page.evaluate(() => performance.now());
    let gapsDuringGc = 0;
    const feed0 = await feedStats();
    const socketsAtStart = pageSockets.length + workers.sockets.length;
    const samples: Sample[] = [];
    const longFrames: Array<LongFrame & { minute: number }> = [];
    for (let minute = 1; minute <= MINUTES; minute++) {
      const p0 = placed;
      const c0 = cancelled;
      const e0 = stepErrors;
      await runFor(60_000);
      reniceBrowser(proc.pid);
      if (EXCHANGE_NICE !== 0 && proc.pid !== undefined) reniceProcess(proc.pid, EXCHANGE_NICE);
      const main = await page.evaluate(() => (window as unknown as { __soak: { take(): { long: number; max: number; loafs: LongFrame[]; gaps: Array<{ at: number; ms: number }> } } }).__soak.take());
      for (const l of main.loafs) longFrames.push({ minute, ...l });
      // A gap that ended while (or just after) this bench forced a GC is the bench's own pause.
      gapsDuringGc += main.gaps.filter((g) => gcWindows.some(([a, b]) => g.at >= a && g.at - g.ms <= b + 50)).length;
      const wf = await workerFrames();
      const gcFrom = await now();
      const pageHeap = await heap(GC_EACH_MINUTE);
      const workerHeap = await workers.heaps(GC_EACH_MINUTE);
      if (GC_EACH_MINUTE) gcWindows.push([gcFrom, await now()]);
      const s: Sample = {
        minute,
        page_heap_mb: pageHeap,
        worker_heap_mb: workerHeap,
        main_frames_over_100ms: main.long,
        main_frame_max_ms: Math.round(main.max),
        worker_frames_over_100ms: wf.long,
        worker_frame_max_ms: wf.max,
        orders_placed: placed - p0,
        orders_cancelled: cancelled - c0,
        step_errors: stepErrors - e0,
        load_1m: Math.round(loadavg()[0]! * 100) / 100,
      };
      samples.push(s);
      console.log(`  ${String(minute).padStart(2)} min  heap ${s.page_heap_mb} MB  workers ${s.worker_heap_mb.join(' / ')} MB  >100 ms frames main ${s.main_frames_over_100ms} (max ${s.main_frame_max_ms}) worker ${s.worker_frames_over_100ms} (max ${s.worker_frame_max_ms})  orders +${s.orders_placed}/-${s.orders_cancelled}  errors ${s.step_errors}  load ${s.load_1m}`);
    }
    const feed1 = await feedStats();
    // The growth figures: after a forced GC, as at the start.
    const heapEnd = await heap(true);
    const workerHeapEnd = await workers.heaps(true);
    await page.request.post('/v5/order/cancel-all', { data: { category: 'spot', symbol: SYMBOL }, headers: { 'x-requested-with': 'soak' } });
    const book = await bookCheck(page, base);
    const end = samples.at(-1);
    const workerGrowth = end ? workerHeapEnd.map((h, i) => Math.round((h - (workerHeap0[i] ?? NaN)) * 100) / 100) : [];
    const allSockets = [...pageSockets, ...workers.sockets];
    // Every socket opened after the warm-up replaced one that was open before: a reconnect.
    const reconnects = allSockets.length - socketsAtStart;
    const summary = {
      label: LABEL,
      minutes: MINUTES,
      warmup_s: WARMUP_S,
      page_heap_start_mb: heap0,
      page_heap_end_mb: heapEnd,
      page_heap_growth_mb: end ? Math.round((heapEnd - heap0) * 100) / 100 : NaN,
      gc_each_minute: GC_EACH_MINUTE,
      main_frames_over_100ms_during_forced_gc: gapsDuringGc,
      worker_heap_start_mb: workerHeap0,
      worker_heap_growth_mb: workerGrowth,
      main_frames_over_100ms: samples.reduce((a, s) => a + s.main_frames_over_100ms, 0),
      main_frame_max_ms: Math.max(0, ...samples.map((s) => s.main_frame_max_ms)),
      worker_frames_over_100ms: samples.reduce((a, s) => a + s.worker_frames_over_100ms, 0),
      worker_frame_max_ms: Math.max(0, ...samples.map((s) => s.worker_frame_max_ms)),
      websockets_seen: allSockets.length,
      reconnects,
      orders_placed: placed,
      orders_cancelled: cancelled,
      step_errors: stepErrors,
      step_error_examples: stepErrorText,
      main_long_animation_frames: longFrames,
      page_errors: errors.slice(0, 10),
      book,
      exchange_nice: EXCHANGE_NICE,
      browser_nice: BROWSER_NICE ?? 0,
      feed_pushes_per_s: Math.round((feed1.sent - feed0.sent) / ((feed1.at - feed0.at) / 1000)),
      feed_pushes_skipped: feed1.skipped - feed0.skipped,
      load_average_1m_median: [...samples.map((s) => s.load_1m)].sort((a, b) => a - b)[Math.floor(samples.length / 2)] ?? NaN,
      wall_minutes: Math.round((Date.now() - started) / 600) / 100,
    };
    const goals = {
      heap_growth_under_10mb: summary.page_heap_growth_mb < 10 && workerGrowth.every((g) => g < 10),
      no_frame_over_100ms_after_warmup: summary.main_frames_over_100ms === 0 && summary.worker_frames_over_100ms === 0,
      book_consistent: book.consistent,
    };
    const out = { date: new Date().toISOString(), summary, goals, samples };
    const dir = join(HERE, 'bench/results');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, `${OUT}.json`), JSON.stringify(out, null, 2) + '\n');
    const md = [
      `# bench:soak (${LABEL})`,
      '',
      `${out.date}: stress feed, alice on BTC/USDT placing and cancelling a limit buy every ${STEP_MS / 1000} s through the page, ${WARMUP_S} s warm-up then ${MINUTES} min; heap readings ${GC_EACH_MINUTE ? 'after a forced GC every minute' : 'after a forced GC at the start and the end only (none in between)'}.`,
      '',
      '| figure | value | goal |',
      '|---|---:|---|',
      `| page heap growth | ${summary.page_heap_growth_mb} MB (${heap0} → ${summary.page_heap_end_mb}) | < 10 MB |`,
      `| worker heap growth | ${workerGrowth.join(' / ')} MB | < 10 MB each |`,
      `| main-thread frames over 100 ms | ${summary.main_frames_over_100ms} (max ${summary.main_frame_max_ms} ms)${GC_EACH_MINUTE ? `; ${gapsDuringGc} of them while the bench forced a GC` : ''} | 0 |`,
      `| canvas-worker frames over 100 ms | ${summary.worker_frames_over_100ms} (max ${summary.worker_frame_max_ms} ms) | 0 |`,
      `| reconnects | ${reconnects} (sockets seen: ${allSockets.length}; a worker's first socket opens before it can be watched) | |`,
      `| orders placed / cancelled / failed steps | ${placed} / ${cancelled} / ${stepErrors} | |`,
      `| machine load (1-min average, median of samples; 2 cores) | ${summary.load_average_1m_median} | |`,
      `| market pushes delivered to the page (after warm-up) | ${summary.feed_pushes_per_s}/s, ${summary.feed_pushes_skipped} skipped for a slow reader; exchange niceness ${EXCHANGE_NICE}, browser niceness ${BROWSER_NICE ?? 0} | |`,
      `| book equals REST snapshot at the end | ${book.consistent ? 'yes' : `no: ${book.mismatch}`} (${book.rows_compared} rows, attempt ${book.attempts}) | yes |`,
      '',
      ...(longFrames.length ? ['Main-thread long animation frames over 100 ms (minute: length, blocking; scripts):', '', ...longFrames.slice(0, 10).map((l) => `- ${l.minute}: ${l.ms} ms, blocking ${l.blocking} ms, render ${l.render} ms; ${l.scripts.join('; ') || 'no script'}`), ''] : []),
      ...(stepErrorText.length ? ['Failed steps (first five):', '', ...stepErrorText.map((t) => `- ${t}`), ''] : []),
      `Goals: ${Object.entries(goals).map(([k, v]) => `${k} ${v ? 'met' : 'NOT met'}`).join(', ')}.`,
      '',
    ].join('\n');
    writeFileSync(join(dir, `${OUT}.md`), md);
    console.log('\n' + md);
  } finally {
    await browser.close();
    proc.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error('bench:soak failed:', err);
  process.exit(1);
});
