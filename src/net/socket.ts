import { SocketReporter, type SocketReport } from './socket-report.ts';
import { CLOSE, OPEN_TIMEOUT_MS, PING_INTERVAL_MS, PING_TIMEOUT_MS, reconnectDelay, reportedCloseCode } from './socket-timing.ts';

/** The part of WebSocket we use, so tests can hand in a fake. */
export interface SocketLike {
  readonly readyState: number;
  onopen: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  onclose: ((ev: { code: number; reason: string }) => void) | null;
  onerror: ((ev: unknown) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

export interface Clock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const realClock: Clock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
};

export type SocketState = 'connecting' | 'open' | 'reconnecting' | 'closed';

export interface SocketEvents {
  onOpen(): void;
  onText(text: string): void;
  onState(state: SocketState, closeCode?: number): void;
  /** A problem that reached its report threshold (net/socket-report.ts): for the quality collector. */
  onReport?(report: SocketReport): void;
}

export interface ReconnectingSocketOptions {
  url: string;
  create: (url: string) => SocketLike;
  clock?: Clock;
  random?: () => number;
  /** The ping frame; Bybit's is {"op":"ping"} with an optional req_id. */
  pingFrame?: () => string;
  /** Recognises a pong among incoming texts cheaply (called on every message). */
  isPong?: (text: string) => boolean;
}

const OPEN = 1;

const defaultIsPong = (text: string) => text.length < 200 && text.includes('"pong"');

/**
 * A WebSocket that stays connected (spec 4.16, 8, 9): open timeout, heartbeat with a pong
 * timeout, growing reconnect delays with jitter, and an immediate reconnect when asked
 * (coming back online, or visible after a long time hidden).
 */
export class ReconnectingSocket {
  private ws: SocketLike | null = null;
  private attempt = 0;
  private timers = new Set<unknown>();
  private openTimer: unknown = null;
  private pingTimer: unknown = null;
  private pongTimer: unknown = null;
  private reconnectTimer: unknown = null;
  private stopped = true;
  private pingSeq = 0;
  /** Whether the current connection opened (a close before that is a failed open). */
  private wasOpen = false;
  private readonly reporter: SocketReporter;
  state: SocketState = 'closed';
  lastCloseCode = 0;
  private readonly clock: Clock;
  private readonly random: () => number;
  private readonly isPong: (text: string) => boolean;
  private readonly pingFrame: () => string;

  constructor(
    private readonly opts: ReconnectingSocketOptions,
    private readonly events: SocketEvents,
  ) {
    this.clock = opts.clock ?? realClock;
    this.random = opts.random ?? Math.random;
    this.isPong = opts.isPong ?? defaultIsPong;
    this.pingFrame = opts.pingFrame ?? (() => JSON.stringify({ req_id: `p${++this.pingSeq}`, op: 'ping' }));
    this.reporter = new SocketReporter((r) => this.events.onReport?.(r));
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.connect();
  }

  /** Sends when open; returns false (and sends nothing) otherwise. */
  send(text: string): boolean {
    if (!this.ws || this.ws.readyState !== OPEN) return false;
    this.ws.send(text);
    return true;
  }

  /** Drops the current connection (if any) and connects again now, resetting the back-off. */
  reconnectNow(): void {
    if (this.stopped) return;
    this.attempt = 0;
    if (this.ws) {
      // The connection it replaces ends with 4995, reported like any other close (spec 8).
      this.reporter.closed(CLOSE.heartbeatRecovered, this.wasOpen);
      this.lastCloseCode = CLOSE.heartbeatRecovered;
      this.teardown(CLOSE.heartbeatRecovered);
      this.setState('reconnecting', CLOSE.heartbeatRecovered);
    } else {
      this.teardown(CLOSE.heartbeatRecovered);
    }
    this.connect();
  }

  stop(): void {
    this.stopped = true;
    this.teardown(1000);
    this.setState('closed');
  }

  private setState(state: SocketState, code?: number): void {
    if (this.state === state && code === undefined) return;
    this.state = state;
    this.events.onState(state, code);
  }

  private later(fn: () => void, ms: number): unknown {
    const h = this.clock.setTimeout(() => {
      this.timers.delete(h);
      fn();
    }, ms);
    this.timers.add(h);
    return h;
  }

  private cancel(h: unknown): null {
    if (h !== null) {
      this.clock.clearTimeout(h);
      this.timers.delete(h);
    }
    return null;
  }

  private connect(): void {
    this.reconnectTimer = this.cancel(this.reconnectTimer);
    this.setState(this.attempt === 0 && this.lastCloseCode === 0 ? 'connecting' : 'reconnecting');
    this.wasOpen = false;
    let ws: SocketLike;
    try {
      ws = this.opts.create(this.opts.url);
    } catch {
      this.scheduleReconnect(CLOSE.openError);
      return;
    }
    this.ws = ws;
    this.openTimer = this.later(() => this.fail(CLOSE.openTimeout), OPEN_TIMEOUT_MS);
    ws.onopen = () => {
      if (this.ws !== ws) return;
      this.openTimer = this.cancel(this.openTimer);
      this.attempt = 0;
      this.wasOpen = true;
      this.reporter.opened();
      this.setState('open');
      this.schedulePing();
      this.events.onOpen();
    };
    ws.onmessage = (ev) => {
      if (this.ws !== ws || typeof ev.data !== 'string') return;
      if (this.pongTimer !== null && this.isPong(ev.data)) {
        this.pongTimer = this.cancel(this.pongTimer);
        this.reporter.answered();
        this.schedulePing();
        return;
      }
      this.events.onText(ev.data);
    };
    ws.onerror = () => {
      if (this.ws !== ws) return;
      this.fail(ws.readyState === OPEN ? CLOSE.error : CLOSE.openError);
    };
    ws.onclose = (ev) => {
      if (this.ws !== ws) return;
      this.ws = null;
      this.scheduleReconnect(reportedCloseCode(ev.code));
    };
  }

  private schedulePing(): void {
    this.pingTimer = this.cancel(this.pingTimer);
    this.pingTimer = this.later(() => {
      this.pingTimer = null;
      if (!this.send(this.pingFrame())) return;
      this.pongTimer = this.later(() => this.fail(CLOSE.pingTimeout), PING_TIMEOUT_MS);
    }, PING_INTERVAL_MS);
  }

  /** Closes the current socket with our code and reconnects after the back-off. */
  private fail(code: number): void {
    this.teardown(code);
    this.scheduleReconnect(code);
  }

  private teardown(code: number): void {
    this.openTimer = this.cancel(this.openTimer);
    this.pingTimer = this.cancel(this.pingTimer);
    this.pongTimer = this.cancel(this.pongTimer);
    const ws = this.ws;
    this.ws = null;
    if (ws) {
      ws.onopen = ws.onmessage = ws.onerror = ws.onclose = null;
      try {
        ws.close(code >= 4000 || code === 1000 ? code : 1000);
      } catch {
        // Already closing: nothing to do.
      }
    }
  }

  private scheduleReconnect(code: number): void {
    this.lastCloseCode = code;
    if (this.stopped) return;
    this.reporter.closed(code, this.wasOpen);
    this.setState('reconnecting', code);
    if (this.reconnectTimer !== null) return;
    const delay = reconnectDelay(this.attempt++, this.random);
    this.reconnectTimer = this.later(() => {
      this.reconnectTimer = null;
      this.connect();
    }, delay);
  }

  /** Timers still pending, for tests that check nothing leaks after stop(). */
  pendingTimers(): number {
    return this.timers.size;
  }
}
