// Where the renderer and GPU processes spend their CPU (issue 21 items 1 and 3): per-thread CPU
// from /proc (CDP reports processes, not threads), and a Chromium trace of all processes summarised
// per thread (canvas, compositing and GPU categories included).
import { readdirSync, readFileSync } from 'node:fs';
import type { TraceEvent } from './browser-stats.ts';

/** CPU seconds per thread of these processes: key `${pid}:${tid}`. */
export type ThreadCpu = Map<string, { pid: number; name: string; cpu: number }>;

/** Reads every thread of `pids` (user + system time); threads that vanish meanwhile are skipped. */
export function threadCpu(pids: readonly number[]): ThreadCpu {
  const out: ThreadCpu = new Map();
  for (const pid of pids) {
    let tids: string[] = [];
    try {
      tids = readdirSync(`/proc/${pid}/task`);
    } catch {
      continue;
    }
    for (const tid of tids) {
      try {
        const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
        // "tid (comm) state …": the name may hold spaces, so split at the last ')'.
        const close = stat.lastIndexOf(')');
        const name = stat.slice(stat.indexOf('(') + 1, close);
        const f = stat.slice(close + 2).split(' ');
        out.set(`${pid}:${tid}`, { pid, name, cpu: (Number(f[11]) + Number(f[12])) / 100 });
      } catch {
        // The thread ended between the listing and the read.
      }
    }
  }
  return out;
}

/** Thread names as groups: numbered pool threads together ("ThreadPoolForeg", "ThreadPoolSingl"…). */
const groupOf = (name: string): string => name.replace(/\d+$/, '').trim() || name;

/**
 * % of one core per `${kind}/${thread group}` between two reads, over `wallS`; `kinds` names each
 * pid ('renderer', 'gpu'). Groups under 0.05 % are left out.
 */
export function threadShares(before: ThreadCpu, after: ThreadCpu, kinds: ReadonlyMap<number, string>, wallS: number): Record<string, number> {
  const sums = new Map<string, number>();
  for (const [key, t] of after) {
    const b = before.get(key);
    const kind = kinds.get(t.pid);
    if (!kind) continue;
    const k = `${kind}/${groupOf(t.name)}`;
    sums.set(k, (sums.get(k) ?? 0) + (t.cpu - (b?.cpu ?? t.cpu)));
  }
  return Object.fromEntries(
    [...sums]
      .map(([k, s]) => [k, Math.round((s / wallS) * 1000) / 10] as const)
      .filter(([, v]) => v >= 0.05)
      .sort((a, b) => b[1] - a[1]),
  );
}

export interface ThreadTrace {
  process: string;
  thread: string;
  /** Top-level slices of the thread, in % of the traced time. */
  busy_pct: number;
  /** Self time by event name. */
  top_events: Array<{ event: string; pct_of_wall: number }>;
}

/**
 * Per thread of the page's renderer and of the GPU process: busy share and self time per event.
 * `rendererPid` is the page's renderer (the browser trace has every process).
 */
export function summarizeThreads(events: readonly TraceEvent[], rendererPid: number | undefined, top = 6): ThreadTrace[] {
  const procName = new Map<number, string>();
  const threadName = new Map<string, string>();
  for (const e of events) {
    if (e.ph !== 'M' || typeof e.args?.name !== 'string') continue;
    if (e.name === 'process_name') procName.set(e.pid, e.args.name);
    if (e.name === 'thread_name') threadName.set(`${e.pid}:${e.tid}`, e.args.name);
  }
  const wanted = (pid: number) => pid === rendererPid || /gpu/i.test(procName.get(pid) ?? '');
  const byThread = new Map<string, TraceEvent[]>();
  let first = Infinity;
  let last = -Infinity;
  for (const e of events) {
    if (e.ph !== 'X' || typeof e.dur !== 'number' || !wanted(e.pid)) continue;
    const k = `${e.pid}:${e.tid}`;
    const list = byThread.get(k);
    if (list) list.push(e);
    else byThread.set(k, [e]);
    first = Math.min(first, e.ts);
    last = Math.max(last, e.ts + e.dur);
  }
  const wall = Math.max(1, last - first);
  const out: ThreadTrace[] = [];
  for (const [k, list] of byThread) {
    list.sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
    const self = new Map<string, number>();
    const stack: Array<{ name: string; end: number; child: number; dur: number }> = [];
    let busy = 0;
    const pop = () => {
      const s = stack.pop()!;
      self.set(s.name, (self.get(s.name) ?? 0) + Math.max(0, s.dur - s.child));
    };
    for (const e of list) {
      while (stack.length && stack[stack.length - 1]!.end <= e.ts) pop();
      if (stack.length) stack[stack.length - 1]!.child += e.dur!;
      else busy += e.dur!;
      stack.push({ name: e.name, end: e.ts + e.dur!, child: 0, dur: e.dur! });
    }
    while (stack.length) pop();
    const pid = Number(k.split(':')[0]);
    const pct = (us: number) => Math.round((us / wall) * 1000) / 10;
    if (pct(busy) < 0.5) continue;
    out.push({
      process: pid === rendererPid ? 'renderer' : (procName.get(pid) ?? String(pid)),
      thread: threadName.get(k) ?? k,
      busy_pct: pct(busy),
      top_events: [...self].sort((a, b) => b[1] - a[1]).slice(0, top).map(([event, us]) => ({ event, pct_of_wall: pct(us) })),
    });
  }
  return out.sort((a, b) => b.busy_pct - a.busy_pct);
}

/** Trace categories for the all-process trace: timeline, canvas, compositing and GPU work. */
export const THREAD_TRACE_CATEGORIES = [
  'toplevel', 'devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'blink', 'cc', 'gpu', 'viz', 'skia', 'benchmark', '__metadata',
];

/** What a CDP session needs to reach the page's workers (Playwright's CDPSession, loosely typed). */
export interface CdpLike {
  send(method: string, params?: Record<string, unknown>): Promise<unknown>;
  on(event: string, fn: (e: Record<string, unknown>) => void): void;
  off(event: string, fn: (e: Record<string, unknown>) => void): void;
}

/**
 * JavaScript CPU profiles of the page's dedicated workers (the feed worker and the canvas worker),
 * taken at the same time for `ms`: the page's session auto-attaches to its workers and speaks to
 * each through Target.sendMessageToTarget (Playwright has no session for a worker).
 */
export async function profileWorkers<P>(cdp: CdpLike, ms: number, sampleUs = 250): Promise<Array<{ url: string; profile: P }>> {
  const workers = new Map<string, string>();
  const pending = new Map<string, (result: unknown) => void>();
  let nextId = 1;
  const onAttach = (e: Record<string, unknown>) => {
    const info = e.targetInfo as { type: string; url: string };
    if (info.type === 'worker') workers.set(e.sessionId as string, info.url);
  };
  const onMessage = (e: Record<string, unknown>) => {
    const msg = JSON.parse(e.message as string) as { id?: number; result?: unknown };
    if (msg.id === undefined) return;
    const key = `${String(e.sessionId)}:${msg.id}`;
    pending.get(key)?.(msg.result);
    pending.delete(key);
  };
  const call = (sessionId: string, method: string, params: Record<string, unknown> = {}) =>
    new Promise<unknown>((resolve) => {
      const id = nextId++;
      pending.set(`${sessionId}:${id}`, resolve);
      void cdp.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method, params }) });
    });
  cdp.on('Target.attachedToTarget', onAttach);
  cdp.on('Target.receivedMessageFromTarget', onMessage);
  try {
    await cdp.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: false, flatten: false });
    // Attaching to workers already running is reported at once; give the events a moment.
    await new Promise((r) => setTimeout(r, 300));
    const sessions = [...workers.keys()];
    for (const s of sessions) {
      await call(s, 'Profiler.enable');
      await call(s, 'Profiler.setSamplingInterval', { interval: sampleUs });
      await call(s, 'Profiler.start');
    }
    await new Promise((r) => setTimeout(r, ms));
    const out: Array<{ url: string; profile: P }> = [];
    for (const s of sessions) {
      const r = (await call(s, 'Profiler.stop')) as { profile: P } | undefined;
      if (r?.profile) out.push({ url: workers.get(s)!, profile: r.profile });
    }
    return out;
  } finally {
    await cdp.send('Target.setAutoAttach', { autoAttach: false, waitForDebuggerOnStart: false, flatten: false }).catch(() => undefined);
    cdp.off('Target.attachedToTarget', onAttach);
    cdp.off('Target.receivedMessageFromTarget', onMessage);
  }
}
