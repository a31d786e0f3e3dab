// One receiver of feed frames (the page, or the canvas worker) and what its next frame carries.
// Each sink has its own credit and its own coalescing, so a sink that takes frames less often
// (the page, while the canvas worker draws the book) gets everything since its last frame.
import { ASK, BID } from '../core/order-book.ts';
import type { BookEngine } from '../engine/book-engine.ts';
import { H_ASK_CURVE, H_BID_CURVE, HEADER_LEN, ROW_CAP, ROW_FIELDS } from '../engine/book-layout.ts';
import type { FeedFrame, FeedStatus } from './frame.ts';
import type { CandleRow, TickerRow, TradeRow } from '../core/market-rows.ts';

/** The synced book a frame may copy from, or null while there is none. */
export interface BookSource {
  engine: BookEngine;
  symbol: string;
  updateId: number;
  /** Whether the depth chart asked for the cumulative curves. */
  depthCurve: boolean;
}

/** Trades kept in a pending frame (spec 7.7: recent trades capped at 100). */
export const TRADES_KEPT = 100;

/** Appends `items` to `list` and drops the oldest beyond `cap`. */
export function appendCapped<T>(list: T[], items: readonly T[], cap: number): void {
  for (const t of items) list.push(t);
  if (list.length > cap) list.splice(0, list.length - cap);
}

/**
 * Tickers of symbols other than the active one (the market list's, the footer's) reach the page at
 * most this often, the latest of each: the list redraws at 2/s, and under --stress 71 pairs push up
 * to 20 tickers a second each, which cost the page more to receive than to show.
 */
export const OTHER_TICKERS_MS = 500;

export interface SinkOptions {
  /** Fewest milliseconds between two frames (0: as fast as credits come back). */
  minIntervalMs: number;
  /** Whether this sink uses tickers, candles and the depth curve (the canvas worker does not). */
  everything: boolean;
}

export class FrameSink {
  bookDirty = false;
  bookCleared = false;
  tradesCleared = false;
  newTrades: TradeRow[] = [];
  tickers = new Map<string, TickerRow>();
  /** Other symbols' tickers, held until OTHER_TICKERS_MS after the last ones went. */
  heldTickers = new Map<string, TickerRow>();
  heldSentAt = -Infinity;
  candle: CandleRow | null = null;
  statusDirty = true;
  credit = 1;
  lastSentAt = -Infinity;
  /** A timer waiting out `minIntervalMs` (or held tickers), if one is set, and when it fires. */
  timer: unknown = null;
  timerAt = Infinity;

  constructor(
    readonly post: (frame: FeedFrame, transfer: Transferable[]) => void,
    readonly options: SinkOptions,
  ) {}

  addTrades(list: readonly TradeRow[]): void {
    appendCapped(this.newTrades, list, TRADES_KEPT);
  }

  /** `active`: the page's symbol (its header wants every change); others are held (OTHER_TICKERS_MS). */
  addTicker(row: TickerRow, active: boolean): void {
    if (!this.options.everything) return;
    if (active) {
      // An older one held from before the symbol became active must not follow this one.
      this.heldTickers.delete(row.symbol);
      this.tickers.set(row.symbol, row);
    } else this.heldTickers.set(row.symbol, row);
  }

  setCandle(c: CandleRow | null): void {
    if (this.options.everything || c === null) this.candle = c;
  }

  /** A new symbol: whatever was pending belongs to the old one. */
  clearTrades(): void {
    this.newTrades = [];
    this.tradesCleared = true;
    this.candle = null;
  }

  hasNews(): boolean {
    return this.bookDirty || this.bookCleared || this.tradesCleared || this.newTrades.length > 0 || this.tickers.size > 0 || this.candle !== null || this.statusDirty;
  }

  /** When this sink may send its next frame (its credit aside): Infinity when it has nothing to send. */
  dueAt(): number {
    const next = this.lastSentAt + this.options.minIntervalMs;
    if (this.hasNews()) return next;
    return this.heldTickers.size > 0 ? Math.max(next, this.heldSentAt + OTHER_TICKERS_MS) : Infinity;
  }

  /**
   * The frame with everything pending (the book's rows copied out of the engine when it changed)
   * and the buffers to transfer; what it carries is then forgotten and the credit spent.
   */
  take(seq: number, now: number, source: BookSource | null, status: FeedStatus): { frame: FeedFrame; transfer: Transferable[] } {
    const transfer: Transferable[] = [];
    let book: FeedFrame['book'] = null;
    let curve: FeedFrame['curve'] = null;
    if (this.bookDirty && source) {
      const engine = source.engine;
      engine.update();
      const rowsLen = ROW_CAP * ROW_FIELDS;
      const numbers = new Float64Array(HEADER_LEN + 2 * rowsLen);
      numbers.set(engine.header().subarray(0, HEADER_LEN), 0);
      numbers.set(engine.rows(BID).subarray(0, rowsLen), HEADER_LEN);
      numbers.set(engine.rows(ASK).subarray(0, rowsLen), HEADER_LEN + rowsLen);
      book = { symbol: source.symbol, updateId: source.updateId, numbers };
      transfer.push(numbers.buffer);
      if (source.depthCurve && this.options.everything) {
        engine.depthCurve();
        const head = engine.header();
        const bids = engine.curve(BID).slice(0, 2 * head[H_BID_CURVE]!);
        const asks = engine.curve(ASK).slice(0, 2 * head[H_ASK_CURVE]!);
        curve = { symbol: source.symbol, bids, asks };
        transfer.push(bids.buffer, asks.buffer);
      }
    }
    if (this.heldTickers.size > 0 && now - this.heldSentAt >= OTHER_TICKERS_MS) {
      // A held row is always the newer one: an active symbol's row drops what was held for it.
      for (const [symbol, row] of this.heldTickers) this.tickers.set(symbol, row);
      this.heldTickers = new Map();
      this.heldSentAt = now;
    }
    const frame: FeedFrame = {
      type: 'frame',
      seq,
      sentAt: now,
      book,
      bookCleared: this.bookCleared,
      tradesCleared: this.tradesCleared,
      trades: this.newTrades.length ? this.newTrades : null,
      tickers: this.tickers.size ? [...this.tickers.values()] : null,
      candle: this.candle,
      status: this.statusDirty ? { ...status, stale: { ...status.stale }, lastData: { ...status.lastData }, dropped: { ...status.dropped } } : null,
      ...(curve ? { curve } : {}),
    };
    this.sent(now);
    return { frame, transfer };
  }

  /** Forgets what was just sent. */
  private sent(now: number): void {
    this.bookDirty = false;
    this.bookCleared = false;
    this.tradesCleared = false;
    this.newTrades = [];
    this.tickers = new Map();
    this.candle = null;
    this.statusDirty = false;
    this.credit = 0;
    this.lastSentAt = now;
  }
}
