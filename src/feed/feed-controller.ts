import { parseScale, decimalPlaces, stepToTicks } from '../core/decimal.ts';
import { ASK, BID } from '../core/order-book.ts';
import type { BookEngine } from '../engine/book-engine.ts';
import { applyPairs } from '../engine/book-reader.ts';
import { BybitOrderbookDecoder, type OrderbookBatch } from '../protocol/bybit-orderbook.ts';
import { BookSync } from './book-sync.ts';
import type { FeedCommand, FeedFrame, FeedStatus, MarketSpec, StreamName } from './frame.ts';
import { FrameSink, TRADES_KEPT } from './frame-sink.ts';
import { FeedSocket, realClock, type Clock, type SocketLike, type SocketState } from './socket.ts';
import { HIDDEN_RECONNECT_MS } from './socket-timing.ts';
import { decodeCandle, decodeTicker, decodeTrades, type TradeRow } from './stream-decoders.ts';

/** Bybit spot accepts at most 10 topics per subscribe request. */
const MAX_ARGS_PER_OP = 10;
export { TRADES_KEPT };
/** While the canvas worker draws the book and tape, the page needs frames this often at most (its mirrors, header and price line update at ≤ 10/s). */
export const PAGE_FRAME_MS_WITH_CANVAS = 100;
/** Raw-book depth, and the deeper one used when merging so coarse steps still fill 40 rows. */
const RAW_DEPTH = 50;
const MERGED_DEPTH = 200;
const STALE_CHECK_MS = 250;
/** Largest frame we parse; anything longer is dropped unread (a 1000-level snapshot is ~40 kB). */
const MAX_MESSAGE_CHARS = 512 * 1024;
const DEFAULT_STALE_MS: Record<StreamName, number> = { book: 5000, ticker: 10_000, trades: Infinity, kline: Infinity };

export interface FeedDeps {
  createSocket: (url: string) => SocketLike;
  engine: BookEngine;
  post: (frame: FeedFrame, transfer: Transferable[]) => void;
  clock?: Clock;
  random?: () => number;
}

interface ActiveMarket extends MarketSpec {
  depth: number;
  stepTicks: number;
  bookTopic: string;
  decoder: BybitOrderbookDecoder;
}

/**
 * The feed worker's brain, free of worker globals so tests drive it directly: one socket, the
 * subscriptions of the active symbol and the watch list, the sequence rules, the engine, and
 * frames coalesced to one per credit.
 */
export class FeedController {
  private socket: FeedSocket | null = null;
  private market: ActiveMarket | null = null;
  private readonly sync: BookSync;
  private watch: string[] = [];
  private subscribed = new Set<string>();
  /** The page's frames; and the canvas worker's, while one is attached. */
  private readonly page: FrameSink;
  private canvas: FrameSink | null = null;
  /** The latest trades of the active symbol, newest last, for a canvas worker that joins late. */
  private recentTrades: TradeRow[] = [];
  private seq = 0;
  private flushQueued = false;
  private readonly clock: Clock;
  private staleTimer: unknown = null;
  private staleAfter: Record<StreamName, number> = { ...DEFAULT_STALE_MS };
  private lastAt: Record<StreamName, number> = { book: 0, trades: 0, ticker: 0, kline: 0 };
  private status: FeedStatus = {
    socket: 'closed',
    closeCode: 0,
    stale: { book: true, trades: true, ticker: true, kline: true },
    dropped: {},
    gaps: 0,
    crossed: 0,
    resubscribes: 0,
    reconnects: 0,
    subscribeErrors: [],
  };
  private reqSeq = 0;
  private crossedBook = false;
  private depthOn = false;

  constructor(private readonly deps: FeedDeps) {
    this.clock = deps.clock ?? realClock;
    this.page = new FrameSink(deps.post, { minIntervalMs: 0, everything: true });
    this.sync = new BookSync((batch, reset) => this.applyBook(batch, reset));
  }

  handle(cmd: FeedCommand): void {
    switch (cmd.type) {
      case 'connect':
        this.connect(cmd.url);
        break;
      case 'market':
        this.setMarket(cmd.market);
        break;
      case 'view':
        this.setView(cmd.mode, cmd.step);
        break;
      case 'interval':
        if (this.market) this.setMarket({ ...this.market, interval: cmd.interval });
        break;
      case 'watch':
        this.watch = cmd.symbols.filter((s) => /^[A-Z0-9]{1,40}$/.test(s)).slice(0, 200);
        this.resubscribeAll(false);
        break;
      case 'credit':
        this.page.credit = 1;
        this.queueFlush();
        break;
      case 'online':
        this.socket?.reconnectNow();
        break;
      case 'visible':
        if (cmd.hiddenForMs > HIDDEN_RECONNECT_MS) this.socket?.reconnectNow();
        break;
      case 'depth':
        this.depthOn = cmd.on === true;
        if (this.depthOn) this.page.bookDirty = true;
        this.queueFlush();
        break;
      case 'staleAfter':
        if (Number.isFinite(cmd.ms) && cmd.ms > 0) this.staleAfter = { ...this.staleAfter, book: cmd.ms, ticker: Math.max(cmd.ms, this.staleAfter.ticker) };
        break;
    }
  }

  destroy(): void {
    this.socket?.stop();
    this.socket = null;
    if (this.staleTimer !== null) this.clock.clearTimeout(this.staleTimer);
    this.staleTimer = null;
    for (const sink of this.sinks()) if (sink.timer !== null) this.clock.clearTimeout(sink.timer);
  }

  private connect(url: string): void {
    this.socket?.stop();
    this.socket = new FeedSocket(
      { url, create: this.deps.createSocket, clock: this.clock, random: this.deps.random },
      {
        onOpen: () => this.resubscribeAll(true),
        onText: (text) => this.onText(text),
        onState: (state, code) => this.onSocketState(state, code),
      },
    );
    this.socket.start();
    this.scheduleStaleCheck();
  }

  private onSocketState(state: SocketState, code?: number): void {
    if (state === 'reconnecting' && this.status.socket === 'open') this.status.reconnects++;
    this.status.socket = state;
    if (code !== undefined) this.status.closeCode = code;
    if (state !== 'open') {
      // Whatever was subscribed died with the connection.
      this.subscribed.clear();
    }
    this.refreshStale();
    this.touchStatus();
    this.queueFlush();
  }

  // ---- subscriptions ----

  private wantedTopics(): Set<string> {
    const want = new Set<string>();
    const m = this.market;
    if (m) {
      want.add(m.bookTopic);
      want.add(`publicTrade.${m.symbol}`);
      want.add(`tickers.${m.symbol}`);
      if (m.interval) want.add(`kline.${m.interval}.${m.symbol}`);
    }
    for (const s of this.watch) want.add(`tickers.${s}`);
    return want;
  }

  private sendOp(op: 'subscribe' | 'unsubscribe', topics: string[]): void {
    for (let i = 0; i < topics.length; i += MAX_ARGS_PER_OP) {
      const args = topics.slice(i, i + MAX_ARGS_PER_OP);
      this.socket?.send(JSON.stringify({ req_id: `${op[0]}${++this.reqSeq}`, op, args }));
    }
  }

  /** Brings the server's subscriptions in line with what we want; after a reconnect, all of them. */
  private resubscribeAll(fresh: boolean): void {
    if (!this.socket || this.socket.state !== 'open') return;
    if (fresh) {
      this.subscribed.clear();
      this.sync.reset();
      this.clearBook();
    }
    const want = this.wantedTopics();
    const drop = [...this.subscribed].filter((t) => !want.has(t));
    const add = [...want].filter((t) => !this.subscribed.has(t));
    if (drop.length) this.sendOp('unsubscribe', drop);
    if (add.length) this.sendOp('subscribe', add);
    for (const t of drop) this.subscribed.delete(t);
    for (const t of add) this.subscribed.add(t);
  }

  /** Drops the book and asks for a fresh snapshot of the same topic (after a gap or a cross). */
  private resubscribeBook(): void {
    const m = this.market;
    if (!m) return;
    this.status.resubscribes++;
    this.touchStatus();
    this.clearBook();
    this.sendOp('unsubscribe', [m.bookTopic]);
    this.sendOp('subscribe', [m.bookTopic]);
  }

  private setMarket(spec: MarketSpec | null): void {
    if (!spec) {
      this.market = null;
    } else {
      const tick = parseScale(spec.tickSize);
      const lot = parseScale(spec.lotSize);
      if (!tick || !lot) throw new Error(`bad market scales: ${spec.tickSize} / ${spec.lotSize}`);
      const stepTicks = this.stepTicksFor(spec.step, spec.tickSize);
      const depth = stepTicks > 1 ? MERGED_DEPTH : RAW_DEPTH;
      const sameBook = this.market && this.market.symbol === spec.symbol && this.market.depth === depth;
      this.market = {
        ...spec,
        depth,
        stepTicks,
        bookTopic: `orderbook.${depth}.${spec.symbol}`,
        decoder: sameBook ? this.market!.decoder : new BybitOrderbookDecoder({ tick, sizeDecimals: decimalPlaces(spec.lotSize) }, spec.symbol),
      };
      const engine = this.deps.engine;
      engine.setDepth(depth);
      engine.setStep(stepTicks);
      engine.setMode(spec.mode);
      if (!sameBook) {
        this.sync.reset();
        this.clearBook();
        this.recentTrades = [];
        for (const sink of this.sinks()) sink.clearTrades();
      } else {
        this.touchBook();
      }
    }
    this.resubscribeAll(false);
    this.queueFlush();
  }

  private stepTicksFor(step: string | null, tickSize: string): number {
    if (!step) return 1;
    const s = parseScale(step);
    const t = parseScale(tickSize);
    const n = s && t ? stepToTicks(s, t) : null;
    return n !== null && n >= 1 ? n : 1;
  }

  private setView(mode: MarketSpec['mode'], step: string | null): void {
    if (!this.market) return;
    const stepTicks = this.stepTicksFor(step, this.market.tickSize);
    const needsDepth = stepTicks > 1 ? MERGED_DEPTH : RAW_DEPTH;
    if (needsDepth !== this.market.depth) {
      this.setMarket({ ...this.market, mode, step });
      return;
    }
    this.market.mode = mode;
    this.market.step = step;
    this.market.stepTicks = stepTicks;
    this.deps.engine.setMode(mode);
    this.deps.engine.setStep(stepTicks);
    this.touchBook();
    this.queueFlush();
  }

  // ---- messages ----

  private drop(reason: string): void {
    this.status.dropped[reason] = (this.status.dropped[reason] ?? 0) + 1;
    this.touchStatus();
  }

  private onText(text: string): void {
    if (text.length > MAX_MESSAGE_CHARS) return this.drop('oversized');
    let msg: unknown;
    try {
      msg = JSON.parse(text);
    } catch {
      return this.drop('not-json');
    }
    if (typeof msg !== 'object' || msg === null || Array.isArray(msg)) return this.drop('not-object');
    const m = msg as Record<string, unknown>;
    if (typeof m.topic !== 'string') {
      if (typeof m.op === 'string') return this.onAck(m);
      return this.drop('no-topic');
    }
    const market = this.market;
    const topic = m.topic;
    const now = this.clock.now();
    if (market && topic === market.bookTopic) {
      const batch = market.decoder.decode(m);
      if (!batch) return this.drop(`book:${market.decoder.lastDrop ?? 'bad'}`);
      this.lastAt.book = now;
      const outcome = this.sync.push(batch);
      if (this.crossedBook) {
        this.crossedBook = false;
        this.status.crossed++;
        this.sync.reset();
        this.resubscribeBook();
      } else if (outcome === 'gap') {
        this.status.gaps++;
        this.resubscribeBook();
      }
    } else if (market && topic === `publicTrade.${market.symbol}`) {
      const trades = decodeTrades(m.data, market.symbol);
      if (!trades) return this.drop('trade');
      this.lastAt.trades = now;
      for (const sink of this.sinks()) sink.addTrades(trades);
      for (const t of trades) this.recentTrades.push(t);
      if (this.recentTrades.length > TRADES_KEPT) this.recentTrades.splice(0, this.recentTrades.length - TRADES_KEPT);
    } else if (topic.startsWith('tickers.')) {
      const symbol = topic.slice(8);
      const row = decodeTicker(m.data, m.ts, symbol);
      if (!row) return this.drop('ticker');
      if (market && symbol === market.symbol) this.lastAt.ticker = now;
      for (const sink of this.sinks()) sink.addTicker(row);
    } else if (market && market.interval && topic === `kline.${market.interval}.${market.symbol}`) {
      const c = decodeCandle(m.data);
      if (!c) return this.drop('kline');
      this.lastAt.kline = now;
      for (const sink of this.sinks()) sink.setCandle(c);
    } else {
      return this.drop('unknown-topic');
    }
    this.refreshStale();
    this.queueFlush();
  }

  private onAck(m: Record<string, unknown>): void {
    if (m.op === 'subscribe' && m.success === false) {
      const msg = typeof m.ret_msg === 'string' ? m.ret_msg.slice(0, 200) : 'subscribe failed';
      this.status.subscribeErrors = [...this.status.subscribeErrors.slice(-9), msg];
      this.touchStatus();
      this.queueFlush();
    }
  }

  private applyBook(batch: OrderbookBatch, reset: boolean): void {
    const engine = this.deps.engine;
    if (reset) engine.clear();
    applyPairs(engine, BID, batch.bids, reset);
    applyPairs(engine, ASK, batch.asks, reset);
    this.touchBook();
    // Bybit's book never crosses; if ours does, something upstream went wrong (a lost message the
    // sequence ids did not reveal): drop it and take a fresh snapshot rather than show it.
    if (engine.levelCount(BID) > 0 && engine.levelCount(ASK) > 0 && engine.prices(BID)[0]! >= engine.prices(ASK)[0]!) this.crossedBook = true;
  }

  private clearBook(): void {
    this.deps.engine.clear();
    for (const sink of this.sinks()) {
      sink.bookCleared = true;
      sink.bookDirty = false;
    }
    this.lastAt.book = 0;
  }

  // ---- staleness ----

  private scheduleStaleCheck(): void {
    if (this.staleTimer !== null) return;
    this.staleTimer = this.clock.setTimeout(() => {
      this.staleTimer = null;
      if (this.refreshStale()) this.queueFlush();
      if (this.socket) this.scheduleStaleCheck();
    }, STALE_CHECK_MS);
  }

  /** Recomputes stale flags; true when one changed. */
  private refreshStale(): boolean {
    const now = this.clock.now();
    const open = this.status.socket === 'open';
    let changed = false;
    for (const s of ['book', 'trades', 'ticker', 'kline'] as const) {
      const noData = this.lastAt[s] === 0 && s !== 'trades' && s !== 'kline';
      const bookNotSynced = s === 'book' && !this.sync.hasBook;
      const stale = !open || noData || bookNotSynced || now - this.lastAt[s] > this.staleAfter[s];
      if (stale !== this.status.stale[s]) {
        this.status.stale = { ...this.status.stale, [s]: stale };
        changed = true;
      }
    }
    if (changed) this.touchStatus();
    return changed;
  }

  // ---- frames ----

  private sinks(): FrameSink[] {
    return this.canvas ? [this.page, this.canvas] : [this.page];
  }

  private touchBook(): void {
    for (const sink of this.sinks()) sink.bookDirty = true;
  }

  private touchStatus(): void {
    for (const sink of this.sinks()) sink.statusDirty = true;
  }

  /**
   * Frames for the canvas worker (which draws the book and the tape) go to `post`, one per
   * credit it returns; the page then needs frames only every PAGE_FRAME_MS_WITH_CANVAS. Null
   * detaches it (the page draws them again) and the page is back to one frame per credit.
   */
  attachCanvas(post: ((frame: FeedFrame, transfer: Transferable[]) => void) | null): void {
    if (this.canvas?.timer) this.clock.clearTimeout(this.canvas.timer);
    this.canvas = null;
    this.page.options.minIntervalMs = 0;
    if (post) {
      const sink = new FrameSink(post, { minIntervalMs: 0, everything: false });
      // It starts from what the page already has: the book, the recent trades, the status.
      sink.bookDirty = this.sync.hasBook;
      sink.tradesCleared = true;
      sink.addTrades(this.recentTrades);
      this.canvas = sink;
      this.page.options.minIntervalMs = PAGE_FRAME_MS_WITH_CANVAS;
    }
    this.queueFlush();
  }

  /** The canvas worker drew its last frame and may take the next. */
  canvasCredit(): void {
    if (!this.canvas) return;
    this.canvas.credit = 1;
    this.queueFlush();
  }

  private queueFlush(): void {
    if (this.flushQueued) return;
    if (this.page.credit === 0 && (!this.canvas || this.canvas.credit === 0)) return;
    this.flushQueued = true;
    // Messages that arrive in the same task share one frame.
    queueMicrotask(() => {
      this.flushQueued = false;
      this.flush();
    });
  }

  /** Sends each sink one frame with everything since its last one, if it has news, credit and time. */
  flush(): void {
    const now = this.clock.now();
    for (const sink of this.sinks()) {
      if (sink.credit === 0 || !sink.hasNews() || sink.timer !== null) continue;
      const wait = sink.lastSentAt + sink.options.minIntervalMs - now;
      if (wait > 0) {
        sink.timer = this.clock.setTimeout(() => {
          sink.timer = null;
          this.flush();
        }, wait);
        continue;
      }
      this.send(sink, now);
    }
  }

  private send(sink: FrameSink, now: number): void {
    const m = this.market;
    const book = m && this.sync.hasBook ? { engine: this.deps.engine, symbol: m.symbol, updateId: this.sync.updateId, depthCurve: this.depthOn } : null;
    const { frame, transfer } = sink.take(++this.seq, now, book, this.status);
    sink.post(frame, transfer);
  }

}
