/**
 * Push-latency benchmark of the local exchange's public stream.
 * `npx tsx bench/server.ts` — env BENCH_CLIENTS (default 200), BENCH_SECONDS (default 30), BENCH_WORKERS (default 2).
 * The server runs in its own process at the default rate; clients live in worker threads so their
 * parsing does not share the server's event loop. Latency = receive time − the message's `ts`.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { startExchange } from './lib/exchange.ts';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const CLIENTS = Math.min(200, Number(process.env.BENCH_CLIENTS ?? 200));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const WORKERS = Number(process.env.BENCH_WORKERS ?? 2);
const WARMUP_MS = 3000;
const SYMBOLS = ['BTCUSDT', 'ETHUSDT', 'SOLUSDT', 'XRPUSDT', 'ETHBTC', 'BTC3LUSDT', 'PEPEUSDT', 'NEWUSDT'];

const WORKER_SRC = `
const { parentPort, workerData } = require('node:worker_threads');
const WebSocket = require(workerData.wsPath);
const { url, clients, topics, warmupUntil, endAt } = workerData;
const lat = [];
let msgs = 0, bytes = 0, opened = 0, closed = 0;
for (let i = 0; i < clients; i++) {
  const ws = new WebSocket(url);
  ws.on('open', () => {
    opened++;
    for (let j = 0; j < topics.length; j += 10) ws.send(JSON.stringify({ op: 'subscribe', req_id: String(j), args: topics.slice(j, j + 10) }));
  });
  ws.on('message', (d) => {
    const now = Date.now();
    if (now < warmupUntil) return;
    const s = d.toString();
    const k = s.indexOf('"ts":');
    if (k < 0 || !s.startsWith('{"topic"')) return;
    msgs++; bytes += s.length;
    lat.push(now - parseInt(s.slice(k + 5, k + 25), 10));
  });
  ws.on('close', () => closed++);
  ws.on('error', () => {});
}
setTimeout(() => parentPort.postMessage({ lat, msgs, bytes, opened, closed }), Math.max(0, endAt - Date.now()));
`;

function pct(sorted: number[], p: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : NaN;
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-server-'));
  const { proc: server, base } = await startExchange(ROOT, ['--port', '0', '--data', dataDir], 'server');
  const topics = SYMBOLS.flatMap((s) => [`orderbook.50.${s}`, `publicTrade.${s}`]);
  const start = Date.now();
  const warmupUntil = start + WARMUP_MS;
  const endAt = start + SECONDS * 1000;
  const cpuStart = process.cpuUsage();
  const per = Math.ceil(CLIENTS / WORKERS);
  const results = await Promise.all(
    Array.from({ length: WORKERS }, (_, i) => {
      const clients = Math.max(0, Math.min(per, CLIENTS - i * per));
      const w = new Worker(WORKER_SRC, {
        eval: true,
        workerData: { url: `${base.replace('http', 'ws')}/v5/public/spot`, clients, topics, warmupUntil, endAt, wsPath: join(ROOT, 'node_modules/ws/index.js') },
      });
      return new Promise<{ lat: number[]; msgs: number; bytes: number; opened: number; closed: number }>((resolve) => w.once('message', (m) => (resolve(m), void w.terminate())));
    }),
  );
  // Server CPU over the run, read from /proc when available (Linux).
  let serverCpuPct: number | undefined;
  try {
    const { readFileSync } = await import('node:fs');
    const stat = readFileSync(`/proc/${server.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    const ticks = Number(stat[11]) + Number(stat[12]);
    serverCpuPct = Math.round((ticks / 100 / ((Date.now() - start) / 1000 + 1)) * 1000) / 10;
  } catch {
    serverCpuPct = undefined;
  }
  void cpuStart;
  server.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
  const lat = results.flatMap((r) => r.lat).sort((a, b) => a - b);
  const measured = (endAt - warmupUntil) / 1000;
  const msgs = results.reduce((s, r) => s + r.msgs, 0);
  const metrics = {
    clients: results.reduce((s, r) => s + r.opened, 0),
    disconnected: results.reduce((s, r) => s + r.closed, 0),
    seconds_measured: measured,
    msgs_per_s: Math.round(msgs / measured),
    msgs_per_client_per_s: Math.round((msgs / measured / CLIENTS) * 10) / 10,
    mbytes_per_s: Math.round((results.reduce((s, r) => s + r.bytes, 0) / measured / 1e6) * 100) / 100,
    push_p50_ms: pct(lat, 50),
    push_p99_ms: pct(lat, 99),
    push_max_ms: lat.length ? lat[lat.length - 1] : NaN,
    server_cpu_pct_incl_startup: serverCpuPct,
  };
  const out = { name: 'server', date: new Date().toISOString(), config: { rate: 1, topics_per_client: topics.length }, metrics };
  mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
  writeFileSync(join(ROOT, 'bench/results/server.json'), JSON.stringify(out, null, 2) + '\n');
  console.log(JSON.stringify(out, null, 2));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
