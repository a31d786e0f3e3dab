// Chart benchmark: lightweight-charts (npm) and our PixiJS chart in one headless Chromium, same
// data and canvas size (1000×600), at 1k, 10k and 100k candles. Figures per library and size:
// time to first render, p95 frame time while panning and while zooming, and the frame time of
// one realtime last-candle update per frame. Uncapped frames (no vsync) so a frame costs what its
// work costs; then a vsync-capped run with CPU ×4 throttling for the 100k pan frame rate.
// Writes bench/results/chart.json. Run: npm run bench:chart
import { createServer, type Server } from 'node:http';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { build } from 'vite';
import type { RunResult } from './chart-harness.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SIZES = (process.env.CHART_BENCH_SIZES ?? '1000,10000,100000').split(',').map(Number);
/** Drawings on our chart in the ten-drawings case (issue 36). */
const DRAWINGS = 10;
const ROUNDS = Number(process.env.CHART_BENCH_ROUNDS ?? 3);
const FRAMES = Number(process.env.CHART_BENCH_FRAMES ?? 240);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const BASE_FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
const UNCAPPED = ['--disable-frame-rate-limit', '--disable-gpu-vsync'];

async function buildHarness(): Promise<string> {
  const out = mkdtempSync(join(tmpdir(), 'chart-bench-'));
  await build({
    configFile: false,
    root: ROOT,
    logLevel: 'warn',
    // Library mode leaves process.env in place; the harness runs in a page.
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    build: {
      outDir: out,
      emptyOutDir: true,
      target: 'es2022',
      minify: true,
      lib: { entry: join(ROOT, 'bench/chart-harness.ts'), formats: ['es'], fileName: 'harness' },
    },
  });
  writeFileSync(join(out, 'index.html'), '<!doctype html><meta charset="utf-8"><body style="margin:0;background:#0b0e11"><script type="module" src="/harness.js"></script></body>');
  return out;
}

function serve(dir: string): Promise<{ server: Server; url: string }> {
  const types: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.mjs': 'text/javascript', '.map': 'application/json' };
  const server = createServer((req, res) => {
    const path = join(dir, decodeURIComponent((req.url ?? '/').split('?')[0]!).replace(/^\/+/, '') || 'index.html');
    if (!path.startsWith(dir) || !existsSync(path)) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': types[extname(path)] ?? 'application/octet-stream' }).end(readFileSync(path));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, url: `http://127.0.0.1:${(server.address() as { port: number }).port}/` })));
}

async function measure(browser: Browser, url: string, lib: 'ours' | 'lwc', n: number, throttle: number, panOnly = false, drawings = 0): Promise<RunResult> {
  const context = await browser.newContext({ viewport: { width: 1100, height: 700 }, deviceScaleFactor: 1 });
  const page = await context.newPage();
  page.on('pageerror', (e) => console.error('page error:', e.message));
  await page.goto(url);
  await page.waitForFunction(() => 'chartBench' in window);
  if (throttle > 1) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
  }
  const r = await page.evaluate(([l, size, f, p, d]) => window.chartBench.run(l as 'ours' | 'lwc', size as number, f as number, p as boolean, d as number), [lib, n, FRAMES, panOnly, drawings] as const);
  await context.close();
  return r;
}

const lib0 = (a: RunResult[]) => a.length > 0;
const median = (a: number[]) => a.slice().sort((x, y) => x - y)[Math.floor(a.length / 2)]!;
const r2 = (v: number) => Math.round(v * 100) / 100;

async function main(): Promise<void> {
  const dir = await buildHarness();
  const { server, url } = await serve(dir);
  const results: Record<string, number | string> = {};
  const ratios: Record<string, number> = {};
  const raw: RunResult[] = [];
  try {
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: [...BASE_FLAGS, ...UNCAPPED] });
    for (const n of SIZES) {
      const runs: Record<'ours' | 'lwc', RunResult[]> = { ours: [], lwc: [] };
      for (let round = 0; round < ROUNDS; round++) {
        // Alternate which library goes first so neither always gets the colder start.
        for (const lib of round % 2 === 0 ? (['ours', 'lwc'] as const) : (['lwc', 'ours'] as const)) {
          const r = await measure(browser, url, lib, n, 1);
          runs[lib].push(r);
          raw.push(r);
        }
      }
      const k = n >= 1000 ? `${n / 1000}k` : String(n);
      for (const lib of ['ours', 'lwc'] as const) {
        const m = (f: (r: RunResult) => number) => r2(median(runs[lib].map(f)));
        results[`${lib}_ttfr_ms_${k}`] = m((r) => r.ttfr);
        results[`${lib}_pan_p95_ms_${k}`] = m((r) => r.panP95);
        results[`${lib}_zoom_p95_ms_${k}`] = m((r) => r.zoomP95);
        results[`${lib}_update_frame_ms_${k}`] = m((r) => r.updateMedian);
        results[`${lib}_update_p95_ms_${k}`] = m((r) => r.updateP95);
        results[`${lib}_pan_script_p95_ms_${k}`] = m((r) => r.panScriptP95);
        results[`${lib}_zoom_script_p95_ms_${k}`] = m((r) => r.zoomScriptP95);
        results[`${lib}_update_script_ms_${k}`] = m((r) => r.updateScriptMedian);
      }
      if (lib0(runs.ours)) console.log(`${k} ours ttfr parts:`, runs.ours.map((r) => r.ttfrParts));
      for (const f of ['ttfr_ms', 'pan_p95_ms', 'zoom_p95_ms', 'update_frame_ms', 'pan_script_p95_ms', 'zoom_script_p95_ms', 'update_script_ms']) {
        ratios[`ours_over_lwc_${f.replace(/_ms$/, '')}_${k}`] = r2(Number(results[`ours_${f}_${k}`]) / Number(results[`lwc_${f}_${k}`]));
      }
      // The same chart with ten drawings on it (issue 36): pan, zoom and update must stay within the goals.
      const drawn: RunResult[] = [];
      for (let round = 0; round < ROUNDS; round++) drawn.push(await measure(browser, url, 'ours', n, 1, false, DRAWINGS));
      const md = (f: (r: RunResult) => number) => r2(median(drawn.map(f)));
      results[`ours_drawings${DRAWINGS}_pan_p95_ms_${k}`] = md((r) => r.panP95);
      results[`ours_drawings${DRAWINGS}_zoom_p95_ms_${k}`] = md((r) => r.zoomP95);
      results[`ours_drawings${DRAWINGS}_update_frame_ms_${k}`] = md((r) => r.updateMedian);
      results[`ours_drawings${DRAWINGS}_pan_script_p95_ms_${k}`] = md((r) => r.panScriptP95);
      ratios[`ours_drawings${DRAWINGS}_over_lwc_pan_p95_${k}`] = r2(Number(results[`ours_drawings${DRAWINGS}_pan_p95_ms_${k}`]) / Number(results[`lwc_pan_p95_ms_${k}`]));
      console.log(`${k}:`, Object.fromEntries(Object.entries(results).filter(([key]) => key.endsWith(`_${k}`))));
    }
    results.ours_renderer = raw.find((r) => r.lib === 'ours')?.renderer ?? 'unknown';
    await browser.close();

    // 60 Hz (vsync) with the CPU slowed 4×: the 100k pan frame rate a slow laptop would see.
    const capped = await chromium.launch({ executablePath: CHROMIUM, args: BASE_FLAGS });
    for (const lib of ['ours', 'lwc'] as const) {
      const fps: number[] = [];
      const p95: number[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        const r = await measure(capped, url, lib, 100_000, 4, true);
        fps.push(r.panFps);
        p95.push(r.panP95);
      }
      results[`${lib}_pan_fps_100k_cpu4`] = r2(median(fps));
      results[`${lib}_pan_p95_ms_100k_cpu4`] = r2(median(p95));
    }
    {
      const fps: number[] = [];
      const p95: number[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        const r = await measure(capped, url, 'ours', 100_000, 4, true, DRAWINGS);
        fps.push(r.panFps);
        p95.push(r.panP95);
      }
      results[`ours_drawings${DRAWINGS}_pan_fps_100k_cpu4`] = r2(median(fps));
      results[`ours_drawings${DRAWINGS}_pan_p95_ms_100k_cpu4`] = r2(median(p95));
    }
    ratios.ours_over_lwc_pan_p95_100k_cpu4 = r2(Number(results.ours_pan_p95_ms_100k_cpu4) / Number(results.lwc_pan_p95_ms_100k_cpu4));
    await capped.close();
  } finally {
    server.close();
  }
  const out = {
    generatedAt: new Date().toISOString(),
    env: { loadavg: loadavg().map(r2), cpus: cpus().length, cpu: cpus()[0]?.model ?? '', chromium: CHROMIUM, canvas: '1000x600', rounds: ROUNDS, framesPerPhase: FRAMES, note: 'medians of rounds; frame times uncapped (no vsync) unless *_cpu4' },
    ...results,
    ratios,
  };
  mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
  writeFileSync(join(ROOT, 'bench/results/chart.json'), JSON.stringify(out, null, 2) + '\n');
  console.log(JSON.stringify(out, null, 2));
}

void main();
