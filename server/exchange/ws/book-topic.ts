import type { DepthLevel } from '../matching/engine.ts';
import type { Market } from '../sim/market.ts';
import { encodeOrderbook } from '../../../src/protocol/bybit-v5/orderbook.ts';
import { ORDERBOOK_L1_REPEAT_MS, ORDERBOOK_PUSH_MS, orderbookTopic, type OrderbookDepth } from '../../../src/protocol/bybit-v5/topics.ts';
import { sendTo, type Client } from './client.ts';

/**
 * One `orderbook.{depth}.{symbol}` stream. It keeps the window (top N per side) it last pushed;
 * each push is the difference to the engine's current top N: changed levels with their new size,
 * levels that left the window with "0", deeper levels that entered it as inserts. `u` grows by one
 * per push and is shared by all subscribers, so one encoded message serves everyone.
 */
export class BookTopic {
  readonly name: string;
  readonly subscribers = new Set<Client>();
  u: number;
  private bids = new Map<number, number>();
  private asks = new Map<number, number>();
  private active = false;
  private seenVersion = -1;
  private lastPushAt = 0;
  private lastSnapshotAt = 0;
  /** Fault controls: next push skips one u / restarts at u=1 with a snapshot. */
  skipNext = false;
  restartNext = false;
  private snapshotCache: { u: number; buf: Buffer } | undefined;

  constructor(
    readonly market: Market,
    readonly depth: OrderbookDepth,
    private readonly cadenceMs: number = ORDERBOOK_PUSH_MS[depth],
  ) {
    this.name = orderbookTopic(depth, market.def.symbol);
    this.u = 1000 + market.index * 10 + depth;
  }

  /** Adds a subscriber and sends it the current window as a snapshot. */
  add(client: Client, now: number): void {
    if (!this.active) this.activate(now);
    this.subscribers.add(client);
    client.resync.delete(this.name);
    if (sendTo(client, this.snapshot(now), this.market.def.symbol) === 'skipped') client.resync.add(this.name);
  }

  remove(client: Client): void {
    this.subscribers.delete(client);
    client.resync.delete(this.name);
    if (this.subscribers.size === 0) {
      this.active = false;
      this.bids.clear();
      this.asks.clear();
      this.snapshotCache = undefined;
    }
  }

  /**
   * Pushes to subscribers when due and changed (depth 1: snapshot only, repeated every 3 s). A
   * paused symbol's flow has stopped, but what its book did before the pause (and any order placed
   * during it) is still pushed, so a paused book on the wire is the exchange's book; nothing else is.
   */
  flush(now: number): void {
    if (!this.active || this.subscribers.size === 0) return;
    if (now - this.lastPushAt < this.cadenceMs) return;
    const engine = this.market.engine;
    const changed = engine.version !== this.seenVersion;
    if (this.market.paused && !changed) return;
    if (this.restartNext) {
      this.restartNext = false;
      this.u = 0;
      this.readWindow();
      this.u = 1;
      this.broadcastSnapshot(now);
      return;
    }
    if (this.depth === 1) {
      if (changed) {
        const before = this.levelKey();
        this.readWindow();
        if (this.levelKey() !== before) {
          this.bumpU();
          this.broadcastSnapshot(now);
          return;
        }
      }
      if (now - this.lastSnapshotAt >= ORDERBOOK_L1_REPEAT_MS) this.broadcastSnapshot(now);
      return;
    }
    if (!changed) {
      this.resyncDrained(now);
      return;
    }
    const { bids, asks } = engine.depth(this.depth);
    this.seenVersion = engine.version;
    const b = diff(this.bids, bids, true);
    const a = diff(this.asks, asks, false);
    if (b.length === 0 && a.length === 0) {
      this.resyncDrained(now);
      return;
    }
    this.bumpU();
    this.lastPushAt = now;
    const m = this.market;
    const text = encodeOrderbook(this.name, now, 'delta', m.def.symbol, b, a, this.u, engine.seq, m.lastBookTs, m);
    const buf = Buffer.from(text);
    const symbol = m.def.symbol;
    for (const c of this.subscribers) {
      if (c.resync.has(this.name)) {
        if (c.ws.bufferedAmount === 0 && !c.silenced.has(symbol)) {
          c.resync.delete(this.name);
          sendTo(c, this.snapshot(now));
        }
        continue;
      }
      if (sendTo(c, buf, symbol) === 'skipped') c.resync.add(this.name);
    }
  }

  /** Current window as a snapshot message (cached per u). */
  snapshot(now: number): Buffer {
    if (this.snapshotCache && this.snapshotCache.u === this.u && this.depth !== 1) return this.snapshotCache.buf;
    const m = this.market;
    const b = [...this.bids].sort((x, y) => y[0] - x[0]);
    const a = [...this.asks].sort((x, y) => x[0] - y[0]);
    const text = encodeOrderbook(this.name, now, 'snapshot', m.def.symbol, b, a, this.u, m.engine.seq, m.lastBookTs, m);
    const buf = Buffer.from(text);
    this.snapshotCache = { u: this.u, buf };
    return buf;
  }

  private activate(now: number): void {
    this.active = true;
    this.readWindow();
    this.bumpU();
    this.lastPushAt = now;
  }

  private bumpU(): void {
    this.u += this.skipNext ? 2 : 1;
    this.skipNext = false;
  }

  private readWindow(): void {
    const engine = this.market.engine;
    const { bids, asks } = engine.depth(this.depth);
    this.seenVersion = engine.version;
    this.bids = new Map(bids.map((l) => [l.priceTicks, l.totalLots]));
    this.asks = new Map(asks.map((l) => [l.priceTicks, l.totalLots]));
  }

  private levelKey(): string {
    const [bp, bq] = this.bids.entries().next().value ?? [0, 0];
    const [ap, aq] = this.asks.entries().next().value ?? [0, 0];
    return `${bp}:${bq}:${ap}:${aq}`;
  }

  private broadcastSnapshot(now: number): void {
    this.lastPushAt = now;
    this.lastSnapshotAt = now;
    this.snapshotCache = undefined;
    const buf = this.snapshot(now);
    for (const c of this.subscribers) {
      c.resync.delete(this.name);
      if (sendTo(c, buf, this.market.def.symbol) === 'skipped') c.resync.add(this.name);
    }
  }

  /** Clients whose deltas were skipped get a fresh snapshot once their buffer is empty again. */
  private resyncDrained(now: number): void {
    for (const c of this.subscribers) {
      if (c.resync.has(this.name) && c.ws.bufferedAmount === 0 && !c.silenced.has(this.market.def.symbol)) {
        c.resync.delete(this.name);
        sendTo(c, this.snapshot(now));
      }
    }
  }
}

/** Updates `window` to `next` and returns the changes ([ticks, lots], 0 = removed), best first. */
function diff(window: Map<number, number>, next: DepthLevel[], bids: boolean): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  const seen = new Set<number>();
  for (const l of next) {
    seen.add(l.priceTicks);
    if (window.get(l.priceTicks) !== l.totalLots) {
      out.push([l.priceTicks, l.totalLots]);
      window.set(l.priceTicks, l.totalLots);
    }
  }
  for (const p of window.keys()) {
    if (!seen.has(p)) {
      out.push([p, 0]);
      window.delete(p);
    }
  }
  out.sort(bids ? (x, y) => y[0] - x[0] : (x, y) => x[0] - y[0]);
  return out;
}
