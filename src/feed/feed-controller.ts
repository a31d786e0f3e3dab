import { parseScale, decimalPlaces, stepToTicks } from '../core/decimal.ts';
import { ASK, BID } from '../core/order-book.ts';
import type { BookEngine } from '../engine/book-engine.ts';
import type { HeatSnapshot } from '../engine/heat-sampler.ts';
import { applyPairs } from '../engine/apply-pairs.ts';
import { BybitOrderbookDecoder, type OrderbookBatch } from '../protocol/bybit-v5/orderbook.ts';
import { BookSync } from './book-sync.ts';
import { HEAT_SAMPLE_MS, type FeedCommand, type FeedFrame, type FeedStatus, type MarketSpec, type StreamName } from './frame.ts';
export { HEAT_SAMPLE_MS } from './frame.ts';
import { FrameOutlet } from './frame-outlet.ts';
import { ReconnectingSocket, realClock, type Clock, type SocketLike, type SocketState } from '../net/socket.ts';
import { HIDDEN_RECONNECT_MS } from '../net/socket-timing.ts';
import type { SocketReport } from '../net/socket-report.ts';
import { decodeCandle } from '../protocol/bybit-v5/kline.ts';
import { decodeOpAck, opFrame } from '../protocol/bybit-v5/ops.ts';
import { decodeTrades } from '../protocol/bybit-v5/public-trade.ts';
import { decodeTicker } from '../protocol/bybit-v5/ticker.ts';
import { decodeNotices, NOTICE_TOPIC, type Notice } from '../protocol/notices.ts';
import { klineTopic, MAX_ARGS_PER_OP, orderbookTopic, publicTradeTopic, TICKERS_PREFIX, tickersTopic } from '../protocol/bybit-v5/topics.ts';
import type { CandleRow } from '../core/market-rows.ts';
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
  /** The notice bar's notices, whenever the stream sends them (rare: no frame credit needed). */
  notices?: (list: Notice[]) => void;
  /** The socket's threshold reports (spec 9 "3/3/22"), for the page to send to the quality collector. */
  report?: (report: SocketReport) => void;
  clock?: Clock;
  random?: () => number;
  /** The heatmap's columns for the active symbol, after each sample while the heatmap is on. */
  heat?: (snapshot: HeatSnapshot) => void;
  /** A candle of an extra chart's stream ('klines'), by its symbol and v5 interval. */
  candle?: (symbol: string, interval: string, candle: CandleRow) => void;
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
  private socket: ReconnectingSocket | null = null;
  private market: ActiveMarket | null = null;
  private readonly sync: BookSync;
  private watch: string[] = [];
  /** The extra charts' kline topics, each with its symbol and interval. */
  private klines = new Map<string, { symbol: string; interval: string }>();
  private subscribed = new Set<string>();
  /** The page's frames; and the canvas worker's, while one is attached. */
  private readonly out: FrameOutlet;
  private readonly clock: Clock;
  private staleTimer: unknown = null;
  private staleAfter: Record<StreamName, number> = { ...DEFAULT_STALE_MS };
  private lastAt: Record<StreamName, number> = { book: 0, trades: 0, ticker: 0, kline: 0 };
  private status: FeedStatus = {
    socket: 'closed',
    closeCode: 0,
    stale: { book: true, trades: true, ticker: true, kline: true },
    lastData: { book: 0, trades: 0, ticker: 0, kline: 0 },
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
  private noticesOn = false;
  private heatOn = false;
  private heatWidth = 0;
  /** Auto bucket widths per symbol, fixed at its first sample so its columns share one grid. */
  private readonly heatWidths = new Map<string, number>();
  private heatTimer: unknown = null;

  constructor(private readonly deps: FeedDeps) {
    this.clock = deps.clock ?? realClock;
    this.out = new FrameOutlet(
      deps.post,
      this.clock,
      () => (this.market && this.sync.hasBook ? { engine: deps.engine, symbol: this.market.symbol, updateId: this.sync.updateId, depthCurve: this.depthOn } : null),
      () => this.status,
    );
    this.sync = new BookSync((batch, reset) => this.applyBook(batch, reset));
  }

  handle(cmd: FeedCommand): void {
    switch (cmd.type) {
      case 'connect':
        this.noticesOn = cmd.notices === true;
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
      case 'klines':
        this.klines = new Map(
          cmd.list
            .filter((k) => /^[A-Z0-9]{1,40}$/.test(k.symbol) && /^[0-9A-Za-z]{1,4}$/.test(k.interval))
            .slice(0, 8)
            .map((k) => [klineTopic(k.interval, k.symbol), { symbol: k.symbol, interval: k.interval }]),
        );
        this.resubscribeAll(false);
        break;
      case 'credit':
        this.out.pageCredit();
        break;
      case 'online':
        this.socket?.reconnectNow();
        break;
      case 'visible':
        if (cmd.hiddenForMs > HIDDEN_RECONNECT_MS) this.socket?.reconnectNow();
        break;
      case 'depth':
        this.depthOn = cmd.on === true;
        if (this.depthOn) this.out.touchPageBook();
        this.out.queueFlush();
        break;
      case 'rewind':
        this.out.clearTrades();
        this.out.queueFlush();
        break;
      case 'heatmap':
        this.setHeatmap(cmd.on === true, cmd.widthTicks);
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
    this.setHeatmap(false, 1);
    this.out.destroy();
  }

  private connect(url: string): void {
    this.socket?.stop();
    this.socket = new ReconnectingSocket(
      { url, create: this.deps.createSocket, clock: this.clock, random: this.deps.random },
      {
        onOpen: () => this.resubscribeAll(true),
        onText: (text) => this.onText(text),
        onState: (state, code) => this.onSocketState(state, code),
        onReport: (r) => this.deps.report?.(r),
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
    this.out.touchStatus();
    this.out.queueFlush();
  }

  // ---- subscriptions ----

  private wantedTopics(): Set<string> {
    const want = new Set<string>();
    const m = this.market;
    if (m) {
      want.add(m.bookTopic);
      want.add(publicTradeTopic(m.symbol));
      want.add(tickersTopic(m.symbol));
      if (m.interval) want.add(klineTopic(m.interval, m.symbol));
    }
    for (const s of this.watch) want.add(tickersTopic(s));
    for (const t of this.klines.keys()) want.add(t);
    if (this.noticesOn) want.add(NOTICE_TOPIC);
    return want;
  }

  private sendOp(op: 'subscribe' | 'unsubscribe', topics: string[]): void {
    for (let i = 0; i < topics.length; i += MAX_ARGS_PER_OP) {
      const args = topics.slice(i, i + MAX_ARGS_PER_OP);
      this.socket?.send(opFrame(op, args, `${op[0]}${++this.reqSeq}`));
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
    this.out.touchStatus();
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
        bookTopic: orderbookTopic(depth, spec.symbol),
        decoder: sameBook ? this.market!.decoder : new BybitOrderbookDecoder({ tick, sizeDecimals: decimalPlaces(spec.lotSize) }, spec.symbol),
      };
      const engine = this.deps.engine;
      if (!sameBook && this.heatOn) this.selectHeat(spec.symbol);
      engine.setDepth(depth);
      engine.setStep(stepTicks);
      engine.setMode(spec.mode);
      if (!sameBook) {
        this.sync.reset();
        this.clearBook();
        this.out.clearTrades();
      } else {
        this.out.touchBook();
      }
    }
    this.resubscribeAll(false);
    this.out.queueFlush();
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
    this.out.touchBook();
    this.out.queueFlush();
  }

  // ---- messages ----

  private drop(reason: string): void {
    this.status.dropped[reason] = (this.status.dropped[reason] ?? 0) + 1;
    this.out.touchStatus();
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
    } else if (market && topic === publicTradeTopic(market.symbol)) {
      const trades = decodeTrades(m.data, market.symbol);
      if (!trades) return this.drop('trade');
      this.lastAt.trades = now;
      this.out.addTrades(trades);
    } else if (topic.startsWith(TICKERS_PREFIX)) {
      const symbol = topic.slice(TICKERS_PREFIX.length);
      const row = decodeTicker(m.data, m.ts, symbol);
      if (!row) return this.drop('ticker');
      const active = market !== null && symbol === market.symbol;
      if (active) this.lastAt.ticker = now;
      this.out.addTicker(row, active);
    } else if (market && market.interval && topic === klineTopic(market.interval, market.symbol)) {
      const c = decodeCandle(m.data);
      if (!c) return this.drop('kline');
      this.lastAt.kline = now;
      this.out.setCandle(c);
      const extra = this.klines.get(topic);
      if (extra) this.deps.candle?.(extra.symbol, extra.interval, c);
    } else if (this.klines.has(topic)) {
      const c = decodeCandle(m.data);
      if (!c) return this.drop('kline');
      const extra = this.klines.get(topic)!;
      this.deps.candle?.(extra.symbol, extra.interval, c);
      return;
    } else if (topic === NOTICE_TOPIC) {
      const list = decodeNotices(m.data);
      if (!list) return this.drop('notice');
      this.deps.notices?.(list);
      return;
    } else {
      return this.drop('unknown-topic');
    }
    this.refreshStale();
    this.out.queueFlush();
  }

  private onAck(m: Record<string, unknown>): void {
    const ack = decodeOpAck(m);
    if (ack?.op === 'subscribe' && !ack.success) {
      const msg = ack.message ? ack.message.slice(0, 200) : 'subscribe failed';
      this.status.subscribeErrors = [...this.status.subscribeErrors.slice(-9), msg];
      this.out.touchStatus();
      this.out.queueFlush();
    }
  }

  private applyBook(batch: OrderbookBatch, reset: boolean): void {
    const engine = this.deps.engine;
    if (reset) engine.clear();
    applyPairs(engine, BID, batch.bids, reset);
    applyPairs(engine, ASK, batch.asks, reset);
    this.out.touchBook();
    // Bybit's book never crosses; if ours does, something upstream went wrong (a lost message the
    // sequence ids did not reveal): drop it and take a fresh snapshot rather than show it.
    if (engine.levelCount(BID) > 0 && engine.levelCount(ASK) > 0 && engine.prices(BID)[0]! >= engine.prices(ASK)[0]!) this.crossedBook = true;
  }

  private clearBook(): void {
    this.deps.engine.clear();
    this.out.clearBook();
    this.lastAt.book = 0;
  }

  // ---- heatmap ----

  private setHeatmap(on: boolean, widthTicks: number): void {
    const heat = this.deps.engine.heat;
    this.heatWidth = Number.isInteger(widthTicks) && widthTicks >= 1 ? widthTicks : 0;
    this.heatOn = on && heat !== undefined;
    if (!this.heatOn) {
      if (this.heatTimer !== null) this.clock.clearTimeout(this.heatTimer);
      this.heatTimer = null;
      return;
    }
    if (this.market) this.selectHeat(this.market.symbol);
    this.scheduleHeat();
  }

  /** Switches the rings to a symbol's and hands the page what it already holds for it. */
  private selectHeat(symbol: string): void {
    const heat = this.deps.engine.heat;
    if (!heat) return;
    if (heat.symbol !== symbol) heat.select(symbol);
    const snap = heat.snapshot(symbol);
    if (snap) this.deps.heat?.(snap);
  }

  private scheduleHeat(): void {
    if (this.heatTimer !== null) return;
    this.heatTimer = this.clock.setTimeout(() => {
      this.heatTimer = null;
      if (!this.heatOn) return;
      this.sampleHeat();
      this.scheduleHeat();
    }, HEAT_SAMPLE_MS);
  }

  private sampleHeat(): void {
    const heat = this.deps.engine.heat;
    const m = this.market;
    if (!heat || !m || !this.sync.hasBook || this.crossedBook) return;
    if (heat.symbol !== m.symbol) heat.select(m.symbol);
    let width = this.heatWidth;
    if (width === 0) {
      // Auto: 64 buckets span about ±1.6 % of the price (a bucket is 0.05 % of the mid).
      width = this.heatWidths.get(m.symbol) ?? 0;
      if (width === 0) {
        const e = this.deps.engine;
        const ref = e.levelCount(BID) > 0 ? e.prices(BID)[0]! : e.levelCount(ASK) > 0 ? e.prices(ASK)[0]! : 0;
        width = Math.max(1, Math.floor(ref * 0.0005));
        this.heatWidths.set(m.symbol, width);
      }
    }
    if (!heat.sample(Date.now(), width)) return;
    const snap = heat.snapshot(m.symbol);
    if (snap) this.deps.heat?.(snap);
  }

  // ---- staleness ----

  private scheduleStaleCheck(): void {
    if (this.staleTimer !== null) return;
    this.staleTimer = this.clock.setTimeout(() => {
      this.staleTimer = null;
      if (this.refreshStale()) this.out.queueFlush();
      if (this.socket) this.scheduleStaleCheck();
    }, STALE_CHECK_MS);
  }

  /** Recomputes stale flags; true when one changed. */
  private refreshStale(): boolean {
    const now = this.clock.now();
    const open = this.status.socket === 'open';
    // The symbol's feed has gone quiet: its book, which moves all the time, has stopped after it
    // was live. Trades and candles may be quiet in a calm market, so they have no time limit of
    // their own; a quiet feed makes them stale too (issue 35 item 5).
    const feedQuiet = open && this.lastAt.book > 0 && now - this.lastAt.book > this.staleAfter.book;
    let changed = false;
    for (const s of ['book', 'trades', 'ticker', 'kline'] as const) {
      const noData = this.lastAt[s] === 0 && s !== 'trades' && s !== 'kline';
      const bookNotSynced = s === 'book' && !this.sync.hasBook;
      const inherits = (s === 'trades' || s === 'kline') && feedQuiet;
      const stale = !open || noData || bookNotSynced || inherits || now - this.lastAt[s] > this.staleAfter[s];
      if (stale !== this.status.stale[s]) {
        this.status.stale = { ...this.status.stale, [s]: stale };
        changed = true;
      }
    }
    if (changed) {
      // The newest data's wall-clock time, from its age on the controller's clock.
      const wall = Date.now();
      const at = (s: StreamName) => (this.lastAt[s] === 0 ? 0 : wall - (now - this.lastAt[s]));
      this.status.lastData = { book: at('book'), trades: at('trades'), ticker: at('ticker'), kline: at('kline') };
      this.out.touchStatus();
    }
    return changed;
  }

  // ---- frames ----

  /** See FrameOutlet.attachCanvas. */
  attachCanvas(post: ((frame: FeedFrame, transfer: Transferable[]) => void) | null): void {
    this.out.attachCanvas(post);
  }

  /** The canvas worker drew its last frame and may take the next. */
  canvasCredit(): void {
    this.out.canvasCredit();
  }

  /** Sends what is pending now (tests; normally a microtask does it). */
  flush(): void {
    this.out.flush();
  }
}
