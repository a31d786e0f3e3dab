// Per-second request quality for the accelerated links (spec 3, 7.6, 8, 9): sends, good answers
// (status 200–399), errors, timeouts (aborted requests), summed costs (only 0 < cost < 30,000 ms)
// and bad experiences (no reply 3 s after sending), bucketed by the second a request left.
// Spec 9 "log entries older than 200 ms dropped": a request's log entry (its outcome) that reaches
// the counters more than 200 ms after the moment it happened is dropped whole (its send too): the
// page was frozen or throttled meanwhile (a hidden tab, a long task), so its cost would measure the
// page, not the network. The moment is the response's end as Resource Timing recorded it
// (responseEnd, which the CDN's Timing-Allow-Origin leaves readable), when its entry is already
// there; without one (a fetch settles at its headers, before its entry exists) nothing is dropped.
import type { MonitorEvent, MonitorEventType } from '../core/monitor-events.ts';

export const BAD_EXPERIENCE_MS = 3_000;
export const MAX_COST_MS = 30_000;
export const MAX_LOG_AGE_MS = 200;

export interface QualityBucket {
  kind: string;
  second: number;
  send: number;
  recv: number;
  timeout: number;
  error: number;
  cost: number;
  bad: number;
}

export type Outcome = { status: number } | 'abort' | 'error';

/** At most this many events wait for one upload; later ones are dropped until it goes. */
export const MAX_EVENTS = 100;

export class QualityCounters {
  private buckets = new Map<string, QualityBucket>();
  private events: MonitorEvent[] = [];

  constructor(
    private readonly now: () => number = () => Date.now(),
    private readonly later: (fn: () => void, ms: number) => unknown = (fn, ms) => setTimeout(fn, ms),
  ) {}

  private bucket(kind: string, second: number): QualityBucket {
    const key = `${kind} ${second}`;
    let b = this.buckets.get(key);
    if (!b) this.buckets.set(key, (b = { kind, second, send: 0, recv: 0, timeout: 0, error: 0, cost: 0, bad: 0 }));
    return b;
  }

  /**
   * A request leaves on this link; call the returned function with its outcome and, when known,
   * the time (ms since the epoch) the outcome happened.
   */
  begin(kind: string): (outcome: Outcome, at?: number) => void {
    const t0 = this.now();
    const second = Math.floor(t0 / 1000);
    this.bucket(kind, second).send++;
    let done = false;
    this.later(() => {
      if (!done) this.bucket(kind, second).bad++;
    }, BAD_EXPERIENCE_MS);
    return (outcome, at) => {
      if (done) return;
      done = true;
      const b = this.bucket(kind, second);
      const now = this.now();
      if (at !== undefined && now - at > MAX_LOG_AGE_MS) {
        b.send--;
        return;
      }
      if (outcome === 'abort') b.timeout++;
      else if (outcome === 'error') {
        b.error++;
        this.event('httpException', `${kind}: network error`);
      }
      else if (outcome.status >= 200 && outcome.status <= 399) {
        b.recv++;
        const cost = (at ?? now) - t0;
        if (cost > 0 && cost < MAX_COST_MS) b.cost += cost;
      } else {
        b.error++;
        this.event('httpException', `${kind}: HTTP ${outcome.status}`);
      }
    };
  }

  /** Records a monitoring event (spec 7.6) for the next upload. */
  event(type: MonitorEventType, detail: string): void {
    if (this.events.length < MAX_EVENTS) this.events.push({ type, at: this.now(), detail: detail.slice(0, 200) });
  }

  /** Takes the events recorded so far. */
  takeEvents(): MonitorEvent[] {
    const list = this.events;
    this.events = [];
    return list;
  }

  /** Takes the buckets collected so far (the next upload starts empty). */
  take(): QualityBucket[] {
    const list = [...this.buckets.values()].sort((a, b) => a.second - b.second);
    this.buckets = new Map();
    return list;
  }
}
