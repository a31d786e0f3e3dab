// Pure helpers of the browser bench: frame statistics, the SVG frame-time plot, and a
// CPU-profile summary mapped back to sources through the build's source maps.
import { existsSync, readFileSync } from 'node:fs';

export interface FrameStats {
  frames: number;
  fps_median: number;
  frame_ms_p50: number;
  frame_ms_p95: number;
  frame_ms_max: number;
  long_frames_over_50ms: number;
  long_frames_over_100ms: number;
}

const round = (n: number, d = 1) => (Number.isFinite(n) ? Math.round(n * 10 ** d) / 10 ** d : NaN);

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/** Statistics of rAF timestamps (ms): fps is counted per whole second and the median taken. */
export function frameStats(ts: readonly number[]): FrameStats {
  const intervals: number[] = [];
  for (let i = 1; i < ts.length; i++) intervals.push(ts[i]! - ts[i - 1]!);
  const sorted = [...intervals].sort((a, b) => a - b);
  const perSecond: number[] = [];
  if (ts.length > 1) {
    const t0 = ts[0]!;
    const seconds = Math.floor((ts[ts.length - 1]! - t0) / 1000);
    for (let s = 0; s < seconds; s++) perSecond.push(0);
    for (const t of ts) {
      const s = Math.floor((t - t0) / 1000);
      if (s < seconds) perSecond[s]!++;
    }
  }
  perSecond.sort((a, b) => a - b);
  return {
    frames: ts.length,
    fps_median: round(percentile(perSecond, 50), 1),
    frame_ms_p50: round(percentile(sorted, 50), 2),
    frame_ms_p95: round(percentile(sorted, 95), 2),
    frame_ms_max: round(sorted[sorted.length - 1] ?? NaN, 1),
    long_frames_over_50ms: intervals.filter((d) => d > 50).length,
    long_frames_over_100ms: intervals.filter((d) => d > 100).length,
  };
}

// ---------------------------------------------------------------- SVG plot

export interface PlotSeries {
  name: string;
  /** rAF timestamps, ms. */
  ts: readonly number[];
  caption: string;
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Small multiples (rows × columns) of frame interval over time; y is logarithmic, 4 to 1000 ms. */
export function framesSvg(title: string, rows: string[], cols: string[], series: Map<string, PlotSeries>): string {
  const W = 360;
  const H = 120;
  const ML = 34;
  const MT = 34;
  const GX = 24;
  const GY = 40;
  const LABEL = 130;
  const width = LABEL + cols.length * (W + ML + GX);
  const height = MT + 20 + rows.length * (H + GY);
  const YMIN = 4;
  const YMAX = 1000;
  const out: string[] = [];
  out.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="11">`);
  out.push(`<rect width="100%" height="100%" fill="#fff"/>`);
  out.push(`<text x="8" y="18" font-size="14" font-weight="bold">${esc(title)}</text>`);
  cols.forEach((c, j) => out.push(`<text x="${LABEL + j * (W + ML + GX) + ML}" y="${MT + 4}" font-weight="bold">${esc(c)}</text>`));
  rows.forEach((r, i) => {
    const y0 = MT + 20 + i * (H + GY);
    out.push(`<text x="8" y="${y0 + H / 2}" font-weight="bold">${esc(r)}</text>`);
    cols.forEach((c, j) => {
      const x0 = LABEL + j * (W + ML + GX) + ML;
      const s = series.get(`${r}|${c}`);
      out.push(`<rect x="${x0}" y="${y0}" width="${W}" height="${H}" fill="#fafafa" stroke="#ccc"/>`);
      // Log scale from YMIN to YMAX ms, so 7 ms floors and 500 ms stalls both stay readable.
      const yOf = (ms: number) => y0 + H - (Math.log(Math.min(YMAX, Math.max(YMIN, ms)) / YMIN) / Math.log(YMAX / YMIN)) * H;
      for (const [ms, color] of [
        [16.7, '#2a7'],
        [50, '#d33'],
        [200, '#999'],
      ] as const) {
        out.push(`<line x1="${x0}" x2="${x0 + W}" y1="${yOf(ms).toFixed(1)}" y2="${yOf(ms).toFixed(1)}" stroke="${color}" stroke-dasharray="3 3"/>`);
        out.push(`<text x="${x0 - 4}" y="${(yOf(ms) + 4).toFixed(1)}" text-anchor="end" fill="${color}">${ms}</text>`);
      }
      out.push(`<text x="${x0 - 4}" y="${y0 + 8}" text-anchor="end" fill="#888">≥${YMAX}</text>`);
      if (!s || s.ts.length < 2) {
        out.push(`<text x="${x0 + W / 2}" y="${y0 + H / 2}" text-anchor="middle" fill="#999">no data</text>`);
        return;
      }
      const t0 = s.ts[0]!;
      const span = Math.max(1, s.ts[s.ts.length - 1]! - t0);
      // Per pixel column: the min and max interval, drawn as one vertical stroke.
      const lo = new Array<number>(W).fill(Infinity);
      const hi = new Array<number>(W).fill(-Infinity);
      for (let k = 1; k < s.ts.length; k++) {
        const px = Math.min(W - 1, Math.floor(((s.ts[k]! - t0) / span) * W));
        const d = s.ts[k]! - s.ts[k - 1]!;
        if (d < lo[px]!) lo[px] = d;
        if (d > hi[px]!) hi[px] = d;
      }
      let path = '';
      for (let px = 0; px < W; px++) {
        if (hi[px] === -Infinity) continue;
        const ya = yOf(lo[px]!);
        const yb = Math.max(y0, Math.min(yOf(hi[px]!), ya - 0.8));
        path += `M${x0 + px + 0.5} ${ya.toFixed(1)}V${yb.toFixed(1)}`;
      }
      out.push(`<path d="${path}" stroke="#36c" stroke-width="1" fill="none"/>`);
      out.push(`<text x="${x0 + 4}" y="${y0 + H + 14}" fill="#333">${esc(s.caption)}</text>`);
      out.push(`<text x="${x0 + W}" y="${y0 + H + 14}" text-anchor="end" fill="#888">${(span / 1000).toFixed(0)} s</text>`);
    });
  });
  out.push(`<text x="8" y="${height - 6}" fill="#666">frame interval (ms, log scale) between requestAnimationFrame callbacks; dashed: 16.7 ms (60 fps), 50 ms and 200 ms; each column of pixels spans min to max</text>`);
  out.push('</svg>');
  return out.join('\n') + '\n';
}

// ---------------------------------------------------------------- source maps

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const B64_INDEX = new Map([...B64].map((c, i) => [c, i]));

/** One decoded segment: generated column, source index, original line, original column, name index or -1. */
type Segment = [number, number, number, number, number];

export class SourceMap {
  private readonly lines: Segment[][] = [];
  readonly sources: string[];
  readonly names: string[];
  private readonly contents: Array<string | null>;

  constructor(json: { sources: string[]; names: string[]; mappings: string; sourcesContent?: Array<string | null> }) {
    this.sources = json.sources;
    this.names = json.names;
    this.contents = json.sourcesContent ?? [];
    let src = 0;
    let oLine = 0;
    let oCol = 0;
    let name = 0;
    for (const line of json.mappings.split(';')) {
      const segs: Segment[] = [];
      let gCol = 0;
      for (const seg of line.split(',')) {
        if (!seg) continue;
        const v: number[] = [];
        let shift = 0;
        let value = 0;
        for (const ch of seg) {
          const digit = B64_INDEX.get(ch)!;
          value += (digit & 31) << shift;
          if (digit & 32) shift += 5;
          else {
            v.push(value & 1 ? -(value >>> 1) : value >>> 1);
            value = 0;
            shift = 0;
          }
        }
        gCol += v[0]!;
        if (v.length >= 4) {
          src += v[1]!;
          oLine += v[2]!;
          oCol += v[3]!;
          if (v.length >= 5) name += v[4]!;
          segs.push([gCol, src, oLine, oCol, v.length >= 5 ? name : -1]);
        }
      }
      this.lines.push(segs);
    }
  }

  /** Original source, line (1-based) and the nearest mapped name just after the position. */
  lookup(line: number, col: number): { source: string; line: number; name: string | null; code: string } | null {
    const segs = this.lines[line];
    if (!segs || segs.length === 0) return null;
    let lo = 0;
    let hi = segs.length - 1;
    let at = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (segs[mid]![0] <= col) {
        at = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    if (at < 0) at = 0;
    const s = segs[at]!;
    let name: string | null = null;
    for (let k = at; k < segs.length && segs[k]![0] <= col + 40; k++) {
      if (segs[k]![4] >= 0) {
        name = this.names[segs[k]![4]]!;
        break;
      }
    }
    const code = (this.contents[s[1]]?.split('\n')[s[2]] ?? '').trim().slice(0, 70);
    return { source: this.sources[s[1]]!, line: s[2] + 1, name, code };
  }
}

// ---------------------------------------------------------------- CPU profile summary

interface CpuProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
export interface CpuProfile {
  nodes: CpuProfileNode[];
  startTime: number;
  endTime: number;
  samples?: number[];
  timeDeltas?: number[];
}

export interface ProfileSummary {
  profiled_ms: number;
  /** Share of profiled wall time that was not idle. */
  busy_pct: number;
  /** Self time by area (share of busy time). */
  by_area: Array<{ area: string; ms: number; pct_of_busy: number }>;
  /** Self time by function (share of busy time), top entries. */
  top_functions: Array<{ function: string; where: string; code: string; ms: number; pct_of_busy: number }>;
}

/** Which part of the code a source path belongs to. */
export function areaOf(source: string): string {
  const s = source.replace(/\\/g, '/');
  const nm = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(s);
  if (nm) {
    const pkg = nm[1]!;
    if (pkg.startsWith('@pixi') || pkg === 'pixi.js') return 'pixi.js';
    if (pkg === 'react-dom' || pkg === 'react' || pkg === 'scheduler') return 'react / react-dom';
    if (pkg.startsWith('@preact')) return '@preact/signals';
    return pkg;
  }
  const src = /(?:^|\/)(src\/[^/]+)/.exec(s);
  if (src) return src[1]!;
  const bench = /(?:^|\/)bench\/baselines/.exec(s);
  if (bench) return 'bench/baselines';
  return s || '(unknown)';
}

/**
 * Self time per function and per area. `mapFor(url)` returns the source map of a script
 * (or null): minified names are replaced by original ones where the map has them.
 */
export function summarizeProfile(p: CpuProfile, mapFor: (url: string) => SourceMap | null, top = 20): ProfileSummary {
  const self = new Map<number, number>();
  const samples = p.samples ?? [];
  const deltas = p.timeDeltas ?? [];
  for (let i = 0; i < samples.length; i++) {
    // A sample's time is the delta to the next sample.
    const dt = (deltas[i + 1] ?? 0) / 1000;
    self.set(samples[i]!, (self.get(samples[i]!) ?? 0) + dt);
  }
  const byFn = new Map<string, { fn: string; where: string; code: string; ms: number }>();
  const byArea = new Map<string, number>();
  let idle = 0;
  let total = 0;
  for (const node of p.nodes) {
    const ms = self.get(node.id) ?? 0;
    if (ms === 0) continue;
    total += ms;
    const cf = node.callFrame;
    if (cf.functionName === '(idle)') {
      idle += ms;
      continue;
    }
    let fn = cf.functionName || '(anonymous)';
    let where = cf.url ? cf.url.replace(/^https?:\/\/[^/]+/, '') : '';
    let code = '';
    let area = cf.url ? 'page (unmapped)' : fn.startsWith('(') ? `${fn} (native)` : 'native';
    const map = cf.url ? mapFor(cf.url) : null;
    if (map) {
      const hit = map.lookup(cf.lineNumber, cf.columnNumber);
      if (hit) {
        const clean = hit.source.replace(/^(\.\.\/)+/, '');
        area = areaOf(clean);
        where = `${clean.replace(/^.*node_modules\//, '')}:${hit.line}`;
        code = hit.code;
        // Minified or inferred names ("e", "ym.foo") say little: the original name if the map has one.
        if (hit.name && (fn.length <= 2 || fn === '(anonymous)' || /^[\w$]{1,3}\./.test(fn))) fn = hit.name;
      }
    } else if (cf.url) {
      area = areaOf(where);
    }
    const key = `${fn}@${where}`;
    const e = byFn.get(key) ?? { fn, where, code, ms: 0 };
    e.ms += ms;
    byFn.set(key, e);
    byArea.set(area, (byArea.get(area) ?? 0) + ms);
  }
  const busy = Math.max(1e-9, total - idle);
  const pct = (ms: number) => round((ms / busy) * 100, 1);
  return {
    profiled_ms: round(total, 0),
    busy_pct: round((busy / Math.max(1e-9, total)) * 100, 1),
    by_area: [...byArea.entries()].sort((a, b) => b[1] - a[1]).map(([area, ms]) => ({ area, ms: round(ms, 0), pct_of_busy: pct(ms) })),
    top_functions: [...byFn.values()]
      .sort((a, b) => b.ms - a.ms)
      .slice(0, top)
      .map((e) => ({ function: e.fn, where: e.where, code: e.code, ms: round(e.ms, 0), pct_of_busy: pct(e.ms) })),
  };
}

/** Source maps of scripts served from `webDir`, cached; null when the file has none. */
export function sourceMapLoader(webDir: string): (url: string) => SourceMap | null {
  const cache = new Map<string, SourceMap | null>();
  return (url) => {
    const path = url.replace(/^https?:\/\/[^/]+/, '').split('?')[0]!;
    if (!cache.has(path)) {
      const file = `${webDir}${path}.map`;
      let map: SourceMap | null = null;
      try {
        if (existsSync(file)) map = new SourceMap(JSON.parse(readFileSync(file, 'utf8')));
      } catch {
        map = null;
      }
      cache.set(path, map);
    }
    return cache.get(path)!;
  };
}

// ---------------------------------------------------------------- trace summary

export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { name?: string };
}

export interface TraceSummary {
  traced_ms: number;
  /** Sum of top-level task durations on the page's main thread, in % of the traced time. */
  tasks_pct: number;
  /** Self time by trace event name on the main thread (what "(program)" is made of). */
  top_events: Array<{ event: string; ms: number; pct_of_wall: number }>;
}

/** Self time per event name on the busiest CrRendererMain thread of a Chromium trace. */
export function summarizeTrace(events: readonly TraceEvent[], top = 18): TraceSummary {
  const mains = new Set<string>();
  for (const e of events) if (e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain') mains.add(`${e.pid}:${e.tid}`);
  const count = new Map<string, number>();
  for (const e of events) {
    const k = `${e.pid}:${e.tid}`;
    if (mains.has(k) && e.ph === 'X') count.set(k, (count.get(k) ?? 0) + 1);
  }
  const main = [...count.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
  const list = events
    .filter((e) => `${e.pid}:${e.tid}` === main && e.ph === 'X' && typeof e.dur === 'number')
    .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  const self = new Map<string, number>();
  const stack: Array<{ name: string; end: number; child: number; dur: number }> = [];
  let tasks = 0;
  let first = Infinity;
  let last = -Infinity;
  const pop = () => {
    const top = stack.pop()!;
    self.set(top.name, (self.get(top.name) ?? 0) + Math.max(0, top.dur - top.child));
  };
  for (const e of list) {
    first = Math.min(first, e.ts);
    last = Math.max(last, e.ts + e.dur!);
    while (stack.length && stack[stack.length - 1]!.end <= e.ts) pop();
    if (stack.length) stack[stack.length - 1]!.child += e.dur!;
    else tasks += e.dur!;
    stack.push({ name: e.name, end: e.ts + e.dur!, child: 0, dur: e.dur! });
  }
  while (stack.length) pop();
  const wall = Math.max(1, last - first);
  const round1 = (n: number) => Math.round(n * 10) / 10;
  return {
    traced_ms: round1(wall / 1000),
    tasks_pct: round1((tasks / wall) * 100),
    top_events: [...self.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([event, us]) => ({ event, ms: round1(us / 1000), pct_of_wall: round1((us / wall) * 100) })),
  };
}
