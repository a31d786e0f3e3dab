// Request wrapping for acceleration (spec 4.17, 7.6): in one place, fetch and XMLHttpRequest send
// the accelerated paths of the page's own origin to the CDN origin instead, with a hatsid header
// on HTTP/3; restore() puts the browser's own fetch and XMLHttpRequest.open back exactly.

/** The part of the acceleration config (protocol/net-accel.ts) the wrapping needs. */
export interface AccelConfig {
  includeHttpRegexp: string;
  excludeHttpRegexp: string;
  cdnLinks: string[];
}

import type { Outcome, QualityCounters } from './quality.ts';

/** Spec 9: H3 detection every 25 s. */
export const H3_DETECT_MS = 25_000;

interface Win {
  fetch: typeof fetch;
  XMLHttpRequest: typeof XMLHttpRequest;
  location: { origin: string };
}

type Open = XMLHttpRequest['open'];

export class RequestAccelerator {
  private nativeFetch: typeof fetch | null = null;
  private wrapper: typeof fetch | null = null;
  /** Restored while another wrapper (the route picker's) sat on top: the wrapper only passes through. */
  private passThrough = false;
  private nativeOpen: Open | null = null;
  private include: RegExp;
  private exclude: RegExp;
  private cdn: string;
  /** True once a CDN response came over HTTP/3 (never on the local exchange, which has no h3). */
  h3 = false;
  /** How many requests went to the CDN. */
  routed = 0;
  /** Set while monitor_switch is 1: every accelerated request is counted (net/quality.ts). */
  monitor: QualityCounters | null = null;

  constructor(
    private readonly win: Win,
    config: AccelConfig,
    private readonly hatsid: string,
  ) {
    this.include = new RegExp(config.includeHttpRegexp);
    this.exclude = new RegExp(config.excludeHttpRegexp);
    this.cdn = config.cdnLinks[0] ?? '';
    if (!this.cdn) throw new Error('no CDN link');
  }

  get installed(): boolean {
    return this.nativeFetch !== null;
  }

  /** A new config (a CDN refresh): new paths and CDN for the next requests. */
  update(config: AccelConfig): void {
    if (!config.cdnLinks[0]) throw new Error('no CDN link');
    this.include = new RegExp(config.includeHttpRegexp);
    this.exclude = new RegExp(config.excludeHttpRegexp);
    this.cdn = config.cdnLinks[0];
  }

  /** The CDN URL for this request URL, or null when it is not an accelerated path of our origin. */
  rewrite(url: string): string | null {
    let u: URL;
    try {
      u = new URL(url, this.win.location.origin);
    } catch {
      return null;
    }
    if (u.origin !== this.win.location.origin) return null;
    const path = u.pathname + u.search;
    if (!this.include.test(path) || this.exclude.test(path)) return null;
    return this.cdn + path;
  }

  install(): void {
    if (this.installed) return;
    const nativeFetch = this.win.fetch;
    const proto = this.win.XMLHttpRequest.prototype;
    const nativeOpen = proto.open;
    this.nativeFetch = nativeFetch;
    this.nativeOpen = nativeOpen;
    const self = this;
    this.wrapper = this.win.fetch = function accelFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : null;
      const to = url === null || self.passThrough ? null : self.rewrite(url);
      if (to === null) return nativeFetch.call(globalThis, input, init);
      self.routed++;
      const headers = new Headers(init?.headers);
      if (self.h3) headers.set('hatsid', self.hatsid);
      const t0 = performance.now();
      const sent = nativeFetch.call(globalThis, to, { ...init, headers, credentials: 'include', mode: 'cors' });
      const end = self.count();
      if (end) sent.then((res) => end({ status: res.status }, responseEndAt(to, t0)), (err: unknown) => end((err as Error)?.name === 'AbortError' ? 'abort' : 'error', responseEndAt(to, t0)));
      return sent;
    };
    proto.open = function accelOpen(this: XMLHttpRequest, method: string, url: string | URL, ...rest: unknown[]) {
      const to = self.rewrite(String(url));
      (nativeOpen as (...a: unknown[]) => void).call(this, method, to ?? url, ...(rest.length ? rest : [true]));
      if (to !== null) {
        self.routed++;
        const end = self.count();
        if (end) {
          const t0 = performance.now();
          this.addEventListener('abort', () => end('abort', responseEndAt(to, t0)), { once: true });
          this.addEventListener('loadend', () => end(this.status === 0 ? 'error' : { status: this.status }, responseEndAt(to, t0)), { once: true });
        }
        this.withCredentials = true;
        if (self.h3) this.setRequestHeader('hatsid', self.hatsid);
      }
    } as Open;
  }

  /** Counts one accelerated request when monitoring; monitoring never fails a request. */
  private count(): ((o: Outcome, at?: number) => void) | undefined {
    try {
      return this.monitor?.begin(this.h3 ? 'h3' : 'cdn');
    } catch {
      return undefined;
    }
  }

  /** Puts the browser's own fetch and XMLHttpRequest.open back (what it found when installed). */
  restore(): void {
    if (this.nativeFetch && this.win.fetch === this.wrapper) this.win.fetch = this.nativeFetch;
    else if (this.nativeFetch) this.passThrough = true;
    if (this.nativeOpen) this.win.XMLHttpRequest.prototype.open = this.nativeOpen;
    this.nativeFetch = null;
    this.nativeOpen = null;
  }

  /**
   * H3 detection: probes the CDN and reads the protocol Resource Timing saw (the CDN sends
   * Timing-Allow-Origin, without which it would be empty). Returns it ('http/1.1', 'h2', 'h3').
   */
  async detectH3(perf: Performance = performance): Promise<string> {
    const url = `${this.cdn}/t1?h3=${Date.now()}`;
    const f = this.nativeFetch ?? this.win.fetch;
    const res = await f.call(globalThis, url, { cache: 'no-store', credentials: 'include' });
    await res.arrayBuffer();
    const entry = perf.getEntriesByName(url).at(-1) as PerformanceResourceTiming | undefined;
    const protocol = entry?.nextHopProtocol ?? '';
    this.h3 = protocol === 'h3';
    return protocol;
  }
}

/**
 * When the response to `url` (sent at performance time `sentAt`) ended, as ms since the epoch,
 * from its Resource Timing entry; undefined while there is none (the quality log then keeps it).
 */
export function responseEndAt(url: string, sentAt: number, perf: Pick<Performance, 'getEntriesByName' | 'timeOrigin'> = performance): number | undefined {
  try {
    const entry = perf.getEntriesByName(url).findLast((e) => e.startTime >= sentAt - 1) as PerformanceResourceTiming | undefined;
    return entry && entry.responseEnd > 0 ? perf.timeOrigin + entry.responseEnd : undefined;
  } catch {
    return undefined;
  }
}

/** A hatsid: the device id plus a random string (spec 7.6). */
export function makeHatsid(deviceId: string, random: () => number = Math.random): string {
  return `${deviceId}-${Math.floor(random() * 2 ** 48).toString(36)}`;
}
