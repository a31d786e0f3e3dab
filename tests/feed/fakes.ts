import type { Clock, SocketLike } from '../../src/net/socket.ts';
import { FeedController } from '../../src/feed/feed-controller.ts';
import type { FeedFrame } from '../../src/feed/frame.ts';
import { ReferenceBookEngine } from '../../src/engine/reference-book.ts';

/** A clock whose time moves only when the test says so. */
export class FakeClock implements Clock {
  t = 1_000_000;
  private seq = 0;
  private timers = new Map<number, { at: number; fn: () => void }>();
  now = () => this.t;
  setTimeout = (fn: () => void, ms: number) => {
    const id = ++this.seq;
    this.timers.set(id, { at: this.t + ms, fn });
    return id;
  };
  clearTimeout = (h: unknown) => {
    this.timers.delete(h as number);
  };
  /** Runs due timers in time order while advancing `ms`. */
  advance(ms: number): void {
    const end = this.t + ms;
    for (;;) {
      let next: [number, { at: number; fn: () => void }] | undefined;
      for (const e of this.timers) if (e[1].at <= end && (!next || e[1].at < next[1].at)) next = e;
      if (!next) break;
      this.timers.delete(next[0]);
      this.t = next[1].at;
      next[1].fn();
    }
    this.t = end;
  }
  pending(): number {
    return this.timers.size;
  }
}

export class FakeSocket implements SocketLike {
  readyState = 0;
  sent: string[] = [];
  closedWith: number | undefined;
  onopen: ((ev: unknown) => void) | null = null;
  onmessage: ((ev: { data: unknown }) => void) | null = null;
  onclose: ((ev: { code: number; reason: string }) => void) | null = null;
  onerror: ((ev: unknown) => void) | null = null;
  constructor(readonly url: string) {}
  send(data: string): void {
    this.sent.push(data);
  }
  close(code?: number): void {
    this.closedWith = code;
    this.readyState = 3;
  }
  open(): void {
    this.readyState = 1;
    this.onopen?.({});
  }
  receive(text: string): void {
    this.onmessage?.({ data: text });
  }
  /** The server or network closed it. */
  drop(code = 1006): void {
    this.readyState = 3;
    this.onclose?.({ code, reason: '' });
  }
}

/** A feed controller on a fake clock and socket, connected and open on BTCUSDT (mode 4); `page` collects its frames. */
export function startFeedController() {
  const clock = new FakeClock();
  const sockets: FakeSocket[] = [];
  const page: FeedFrame[] = [];
  const c = new FeedController({
    engine: new ReferenceBookEngine(),
    clock,
    createSocket: (u) => (sockets.push(new FakeSocket(u)), sockets.at(-1)!),
    post: (f) => page.push(f),
  });
  c.handle({ type: 'connect', url: 'ws://x' });
  c.handle({ type: 'market', market: { symbol: 'BTCUSDT', tickSize: '0.01', lotSize: '0.000001', quoteDecimals: 8, mode: 4, step: null, interval: null } });
  sockets[0]!.open();
  return { c, clock, socket: sockets[0]!, page };
}
