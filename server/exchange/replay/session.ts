// Plays a recording (format.ts) through the exchange's own markets: the recorded levels become
// resting orders of the matching engine (one per price level, owned by no account), and the
// recorded trades print to the tape and candles. So every v5 endpoint and topic serves the replay
// unchanged, and an account's order meets the replayed book as it would meet the simulator's:
// paper trading on a recorded market, with the same money path (TradingService's fills).
import { stepsToFloat } from '../../../src/core/decimal.ts';
import type { Market } from '../sim/market.ts';
import type { Markets } from '../sim/markets.ts';
import type { CandleMark } from '../sim/candles.ts';
import type { Side } from '../matching/engine.ts';
import type { Levels, RecordedEvent, Recording } from './format.ts';
import { REPLAY_MAX_SPEED as MAX_SPEED, REPLAY_MIN_SPEED as MIN_SPEED } from '../../../src/protocol/replay.ts';

/** The replay's wall-clock step (the simulator's). */
const STEP_MS = 10;

export interface ReplayState {
  readonly startTime: number;
  readonly endTime: number;
  /** Session time now (epoch ms of the recording). */
  readonly time: number;
  readonly speed: number;
  readonly playing: boolean;
  /** The session time reached the end of the recording. */
  readonly ended: boolean;
  readonly symbols: readonly string[];
}

interface Level {
  lots: number;
  id: string;
}

interface Track {
  readonly m: Market;
  readonly bids: Map<number, Level>;
  readonly asks: Map<number, Level>;
  readonly mark: CandleMark;
}

export class ReplaySession {
  private readonly tracks: Track[];
  private readonly events: readonly RecordedEvent[];
  private cursor = 0;
  private time: number;
  private speed: number;
  private playing: boolean;
  private timer: NodeJS.Timeout | undefined;
  private lastWall = 0;
  private nextId = 0;
  private readonly seekListeners: Array<() => void> = [];

  constructor(
    private readonly markets: Markets,
    readonly recording: Recording,
    opts: { speed?: number; playing?: boolean } = {},
  ) {
    this.events = recording.events;
    this.time = recording.header.startTime;
    this.speed = clampSpeed(opts.speed ?? 1);
    this.playing = opts.playing ?? true;
    this.tracks = recording.header.symbols.map((s) => {
      const m = markets.bySymbol.get(s);
      if (!m) throw new Error(`the recording's symbol ${s} is not listed on this exchange`);
      return { m, bids: new Map(), asks: new Map(), mark: m.candles.mark(recording.header.startTime) };
    });
  }

  /** The session clock (the markets' clock in replay). */
  now(): number {
    return this.time;
  }

  state(): ReplayState {
    return {
      startTime: this.recording.header.startTime,
      endTime: this.recording.endTime,
      time: this.time,
      speed: this.speed,
      playing: this.playing,
      ended: this.time >= this.recording.endTime,
      symbols: this.recording.header.symbols,
    };
  }

  /** A seek drops the public sockets' window of the past (main wires it to cut them, so pages resubscribe). */
  onSeek(fn: () => void): void {
    this.seekListeners.push(fn);
  }

  start(): void {
    if (this.timer) return;
    this.lastWall = Date.now();
    this.timer = setInterval(() => this.step(Date.now()), STEP_MS);
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  play(): void {
    if (this.time >= this.recording.endTime) this.seek(this.recording.header.startTime);
    this.playing = true;
  }

  pause(): void {
    this.playing = false;
  }

  setSpeed(speed: number): void {
    this.speed = clampSpeed(speed);
  }

  /**
   * One step: session time moves on by the wall time since the last step times the speed, the
   * events up to it are applied, and the publishers flush. `wallNow` is injectable for tests.
   */
  step(wallNow: number): void {
    const dt = Math.min(Math.max(0, wallNow - this.lastWall), 250);
    this.lastWall = wallNow;
    if (this.playing) this.advanceTo(Math.min(this.recording.endTime, this.time + dt * this.speed));
    if (this.time >= this.recording.endTime) this.playing = false;
    this.markets.publish(this.time);
  }

  /** Applies every event up to `t` (publishing), and sets the clock there. */
  advanceTo(t: number): void {
    while (this.cursor < this.events.length && this.events[this.cursor]!.ts <= t) {
      const e = this.events[this.cursor++]!;
      this.time = Math.max(this.time, e.ts);
      this.apply(e);
    }
    this.time = Math.max(this.time, t);
  }

  /** Jumps to session time `t` (clamped to the recording): books, tape and candles become the recording's at `t`. */
  seek(t: number): void {
    const target = Math.min(Math.max(t, this.recording.header.startTime), this.recording.endTime);
    for (const tr of this.tracks) {
      this.clearBook(tr);
      tr.m.candles.rewind(tr.mark);
      tr.m.recent.length = 0;
      // The last price is the history's until a replayed trade prints again.
      tr.m.engine.lastPriceTicks = undefined;
      const close = tr.m.candles.last('1')?.close;
      if (close !== undefined) tr.m.fair = stepsToFloat(close, tr.m.priceStep);
    }
    // The books as plain maps first, then one order per level.
    const books = this.tracks.map(() => ({ bids: new Map<number, number>(), asks: new Map<number, number>() }));
    let i = 0;
    for (; i < this.events.length && this.events[i]!.ts <= target; i++) {
      const e = this.events[i]!;
      if (e.kind === 'b') {
        setLevels(books[e.sym]!.bids, e.bids);
        setLevels(books[e.sym]!.asks, e.asks);
      } else if (e.kind === 't') {
        this.print(e, false);
      }
    }
    this.cursor = i;
    this.time = target;
    this.tracks.forEach((tr, k) => {
      for (const [p, q] of books[k]!.bids) this.rest(tr, 'Buy', p, q);
      for (const [p, q] of books[k]!.asks) this.rest(tr, 'Sell', p, q);
    });
    this.markets.publish(this.time);
    for (const fn of this.seekListeners) fn();
  }

  private apply(e: RecordedEvent): void {
    if (e.kind === 'k') return; // Kept for checking (the candles come from the trades).
    if (e.kind === 't') return this.print(e, true);
    const tr = this.tracks[e.sym]!;
    // Levels that go or change leave first, on both sides, so a new level never meets a stale one.
    const adds: Array<[Side, number, number]> = [];
    const take = (side: Side, book: Map<number, Level>, l: Levels) => {
      for (let i = 0; i < l.length; i += 2) {
        const p = l[i]!;
        const q = l[i + 1]!;
        const old = book.get(p);
        if (old) {
          if (old.lots === q && tr.m.engine.getOrder(old.id)) continue;
          tr.m.engine.cancel(old.id);
          book.delete(p);
        }
        if (q > 0) adds.push([side, p, q]);
      }
    };
    take('Buy', tr.bids, e.bids);
    take('Sell', tr.asks, e.asks);
    for (const [side, p, q] of adds) this.rest(tr, side, p, q);
  }

  private print(e: Extract<RecordedEvent, { kind: 't' }>, publish: boolean): void {
    const tr = this.tracks[e.sym]!;
    tr.m.printTrade({ id: e.id, ts: e.ts, priceTicks: e.price, qtyLots: e.qty, side: e.side, seq: tr.m.engine.seq }, e.price * e.qty, publish);
  }

  /** Rests one level's order; an account's order on the other side that it crosses fills against it. */
  private rest(tr: Track, side: Side, priceTicks: number, qtyLots: number): void {
    const id = `replay:${tr.m.def.symbol}:${++this.nextId}`;
    const r = tr.m.engine.submit({ type: 'Limit', side, priceTicks, qtyLots, timeInForce: 'GTC', orderId: id });
    if (r.order.status === 'New' || r.order.status === 'PartiallyFilled') (side === 'Buy' ? tr.bids : tr.asks).set(priceTicks, { lots: qtyLots, id });
  }

  private clearBook(tr: Track): void {
    for (const l of tr.bids.values()) tr.m.engine.cancel(l.id);
    for (const l of tr.asks.values()) tr.m.engine.cancel(l.id);
    tr.bids.clear();
    tr.asks.clear();
  }
}

function setLevels(book: Map<number, number>, l: Levels): void {
  for (let i = 0; i < l.length; i += 2) {
    if (l[i + 1] === 0) book.delete(l[i]!);
    else book.set(l[i]!, l[i + 1]!);
  }
}

function clampSpeed(s: number): number {
  return Math.min(MAX_SPEED, Math.max(MIN_SPEED, s));
}
