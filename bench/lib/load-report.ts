// bench:load's summary: medians per build and CPU rate, new/old ratios, budgets; load.json and load.md.
import type { ByteTotals } from './load-bytes.ts';

export interface RunResult {
  build: string;
  rate: number;
  renderer: string;
  bookRowMs: number | null;
  bookRowBy: string;
  candleMs: number | null;
  mirrorRowMs: number | null;
  workerMarksLate: boolean;
  bytes: { beforeBookRow: ByteTotals; beforeBookRowJs: ByteTotals; everything: ByteTotals; everythingJs: ByteTotals; data: ByteTotals };
  encodings: string[];
  files: Array<{ path: string; kind: string; startMs: number; raw: number; transfer: number | null; gzip: number; br: number }>;
  errors: string[];
}

export interface LoadOutput {
  name: 'load';
  date: string;
  config: Record<string, unknown>;
  old: { label: string; commit: string; dist: string };
  new: { label: string; commit: string; dist: string };
  budget: { beforeBookKb: number; everythingKb: number };
  runs: RunResult[];
}

function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  if (s.length === 0) return NaN;
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}
const nums = (xs: ReadonlyArray<number | null>) => xs.filter((x): x is number => x !== null);
const kB = (bytes: number) => Math.round(bytes / 100) / 10;
const fmtKb = (bytes: number) => `${kB(bytes).toLocaleString('en-US', { minimumFractionDigits: 1 })} kB`;
const fmtMs = (ms: number) => (Number.isFinite(ms) ? `${Math.round(ms).toLocaleString('en-US')} ms` : 'n/a');
const ratio = (a: number, b: number) => (Number.isFinite(a) && Number.isFinite(b) && b > 0 ? Math.round((a / b) * 100) / 100 : NaN);

interface Stat {
  median: number;
  min: number;
  max: number;
  n: number;
}
function stat(xs: readonly number[]): Stat {
  return { median: median(xs), min: Math.min(...xs), max: Math.max(...xs), n: xs.length };
}

function bytesStat(runs: readonly RunResult[], pick: (r: RunResult) => ByteTotals) {
  return {
    files: median(runs.map((r) => pick(r).files)),
    raw: median(runs.map((r) => pick(r).raw)),
    compressed: median(runs.map((r) => pick(r).br)),
    gzip: median(runs.map((r) => pick(r).gzip)),
  };
}

function summarize(runs: readonly RunResult[], rates: readonly number[]) {
  const perRate = Object.fromEntries(
    rates.map((rate) => {
      const rs = runs.filter((r) => r.rate === rate);
      return [
        `x${rate}`,
        {
          first_book_row_ms: stat(nums(rs.map((r) => r.bookRowMs))),
          first_candle_ms: stat(nums(rs.map((r) => r.candleMs))),
          book_mirror_first_row_ms: stat(nums(rs.map((r) => r.mirrorRowMs))),
          before_book_row: bytesStat(rs, (r) => r.bytes.beforeBookRow),
          before_book_row_js: bytesStat(rs, (r) => r.bytes.beforeBookRowJs),
          book_drawn_by: [...new Set(rs.map((r) => r.bookRowBy))],
          renderers: [...new Set(rs.map((r) => r.renderer))],
        },
      ];
    }),
  );
  return {
    per_rate: perRate,
    everything: bytesStat(runs, (r) => r.bytes.everything),
    everything_js: bytesStat(runs, (r) => r.bytes.everythingJs),
    market_data: bytesStat(runs, (r) => r.bytes.data),
    page_errors: runs.reduce((n, r) => n + r.errors.length, 0),
    worker_marks_late: runs.filter((r) => r.workerMarksLate).length,
  };
}

export function renderLoadReport(out: LoadOutput): { json: unknown; md: string; table: string; pass: boolean } {
  const rates = (out.config.rates as number[]) ?? [1, 4];
  const old = summarize(out.runs.filter((r) => r.build === out.old.label), rates);
  const neu = summarize(out.runs.filter((r) => r.build === out.new.label), rates);
  const encodings = [...new Set(out.runs.flatMap((r) => r.encodings))];
  const compression = encodings.length
    ? `transfer sizes as sent (the server sent content-encoding: ${encodings.join(', ')})`
    : 'computed: brotli quality 4 of each file fetched, as the exchange on main sends it (@fastify/compress defaults); gzip -6 in brackets; this server sent no content-encoding';
  const beforeWorst = Math.max(...rates.map((r) => neu.per_rate[`x${r}`]!.before_book_row_js.compressed));
  const budgets = {
    before_book_row: { limit_kb: out.budget.beforeBookKb, value_kb: kB(beforeWorst), pass: kB(beforeWorst) <= out.budget.beforeBookKb },
    everything: { limit_kb: out.budget.everythingKb, value_kb: kB(neu.everything.compressed), pass: kB(neu.everything.compressed) <= out.budget.everythingKb },
  };
  const pass = budgets.before_book_row.pass && budgets.everything.pass;

  type Row = [string, number, number, 'kB' | 'ms', string];
  const rows: Row[] = [];
  for (const rate of rates) {
    const o = old.per_rate[`x${rate}`]!;
    const n = neu.per_rate[`x${rate}`]!;
    rows.push([`JavaScript fetched before the first book row, CPU ×${rate}`, o.before_book_row_js.compressed, n.before_book_row_js.compressed, 'kB', `≤ ${out.budget.beforeBookKb} kB: ${kB(n.before_book_row_js.compressed) <= out.budget.beforeBookKb ? 'pass' : 'FAIL'}`]);
    rows.push([`… with the wasm and CSS, CPU ×${rate}`, o.before_book_row.compressed, n.before_book_row.compressed, 'kB', '']);
  }
  rows.push(['everything the page loads (HTML, JS, wasm, CSS, locales)', old.everything.compressed, neu.everything.compressed, 'kB', `≤ ${out.budget.everythingKb} kB: ${budgets.everything.pass ? 'pass' : 'FAIL'}`]);
  rows.push(['… of which JavaScript, uncompressed', old.everything_js.raw, neu.everything_js.raw, 'kB', '']);
  for (const rate of rates) {
    const o = old.per_rate[`x${rate}`]!;
    const n = neu.per_rate[`x${rate}`]!;
    rows.push([`first order-book row, CPU ×${rate} (median)`, o.first_book_row_ms.median, n.first_book_row_ms.median, 'ms', '']);
  }
  for (const rate of rates) {
    const o = old.per_rate[`x${rate}`]!;
    const n = neu.per_rate[`x${rate}`]!;
    rows.push([`first candle, CPU ×${rate} (median)`, o.first_candle_ms.median, n.first_candle_ms.median, 'ms', '']);
  }
  const fmt = (v: number, unit: 'kB' | 'ms', gz?: number) => (unit === 'kB' ? `${fmtKb(v)}${gz !== undefined && !encodings.length ? ` (${fmtKb(gz)})` : ''}` : fmtMs(v));
  // Times: the median, and the fastest and slowest load in the markdown.
  const spread = (label: string, which: typeof old) => {
    const m = /^first (order-book row|candle), CPU ×(\d+)/.exec(label);
    if (!m) return '';
    const s = which.per_rate[`x${m[2]}`]![m[1] === 'candle' ? 'first_candle_ms' : 'first_book_row_ms'];
    return Number.isFinite(s.min) ? ` (${Math.round(s.min).toLocaleString('en-US')}–${Math.round(s.max).toLocaleString('en-US')})` : '';
  };
  const gzipOf = (label: string, which: typeof old) => {
    if (label.startsWith('everything')) return which.everything.gzip;
    const m = /CPU ×(\d+)$/.exec(label);
    if (label.startsWith('JavaScript fetched') && m) return which.per_rate[`x${m[1]}`]!.before_book_row_js.gzip;
    if (label.startsWith('… with the wasm') && m) return which.per_rate[`x${m[1]}`]!.before_book_row.gzip;
    return undefined;
  };
  const head = ['', `old (${out.old.label})`, `new (${out.new.label})`, 'new/old', 'budget'];
  const body = rows.map(([label, o, n, unit, budget]) => [label, fmt(o, unit, gzipOf(label, old)), fmt(n, unit, gzipOf(label, neu)), String(ratio(n, o)), budget]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  const table = [
    `First load, ${out.config.runs} cold loads per build and rate; sizes: ${compression}`,
    line(head),
    ...body.map(line),
    `budgets: ${pass ? 'pass' : 'FAIL'}`,
  ].join('\n');

  const mdRows = rows
    .map(([label, , , unit, budget], i) => {
      const [, oldCell, newCell, r] = body[i]!;
      return `| ${label} | ${oldCell}${unit === 'ms' ? spread(label, old) : ''} | ${newCell}${unit === 'ms' ? spread(label, neu) : ''} | ${r} | ${budget} |`;
    })
    .join('\n');
  const md = `# First-load benchmark (\`npm run bench:load\`)

${out.date} · ${out.config.runs} cold loads of \`${out.config.path}\` per build and CPU rate (Chromium, headless, \`--disable-gpu\`: PixiJS's Canvas renderer) · viewport ${JSON.stringify(out.config.viewport)} · each load in a new browser context (empty HTTP cache), the two builds alternating · load average before ${JSON.stringify(out.config.load_average_before)}, after ${JSON.stringify(out.config.load_average_after)} (2 cores, shared).

**old** = the base commit ${out.old.commit} built as it was (\`${out.old.dist}/\`); **new** = this tree (\`${out.new.dist}/\`). Both are served by this tree's local exchange.

Sizes: ${compression}. "Before the first book row" counts every JavaScript file (and, a row below, also every wasm and CSS file) whose request, from the page or a worker, started before the row was drawn; "everything" every static file fetched until the network was idle for ${out.config.idle_seconds} s (market data from REST and the socket not included: ${fmtKb(old.market_data.compressed)} old, ${fmtKb(neu.market_data.compressed)} new). A file fetched again from the HTTP cache in the same load is not counted again.

Times (median, and fastest–slowest load) are from navigation start to the first number written into the order book's canvas (in the canvas worker, or on the main thread) and to the first candle written into the chart's canvas (\`bench/lib/load-marks.ts\`). CPU ×4 is CDP throttling, which Chromium applies to the main thread only: workers run at full speed. Every file of one load of each build, with its start time, is in \`load.json\` (\`files\`).

| | old (${out.old.label}) | new (${out.new.label}) | new/old | budget |
|---|---:|---:|---:|---|
${mdRows}

Budgets (new build, JavaScript before the first book row ≤ ${out.budget.beforeBookKb} kB at every rate, everything ≤ ${out.budget.everythingKb} kB, compressed): ${pass ? '**pass**' : '**FAIL**'}. Page errors: old ${old.page_errors}, new ${neu.page_errors}. Loads whose canvas-worker marks came late (a row could be missed): old ${old.worker_marks_late}, new ${neu.worker_marks_late}.
`;
  const json = {
    name: out.name,
    date: out.date,
    config: { ...out.config, compression },
    old: { ...out.old, ...old },
    new: { ...out.new, ...neu },
    ratios_new_over_old: Object.fromEntries(rows.map(([label, o, n]) => [label, ratio(n, o)])),
    budgets,
    // Files of the first recorded load of each build at the first rate, in request order.
    files: {
      old: out.runs.find((r) => r.build === out.old.label)?.files ?? [],
      new: out.runs.find((r) => r.build === out.new.label)?.files ?? [],
    },
    runs: out.runs.map(({ files: _files, ...r }) => r),
  };
  return { json, md, table, pass };
}
