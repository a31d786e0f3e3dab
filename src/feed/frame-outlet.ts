// Where the feed's frames go: the page's sink and, while one is attached, the canvas worker's.
// Every change is noted in each sink; each sink is flushed on its own credit and interval.
import { FrameSink, appendCapped, TRADES_KEPT, type BookSource } from './frame-sink.ts';
import type { FeedFrame, FeedStatus } from './frame.ts';
import type { Clock } from '../net/socket.ts';
import type { CandleRow, TickerRow, TradeRow } from '../core/market-rows.ts';

/** While the canvas worker draws the book and tape, the page needs frames this often at most (its mirrors, header and price line update at ≤ 10/s). */
export const PAGE_FRAME_MS_WITH_CANVAS = 100;

type Post = (frame: FeedFrame, transfer: Transferable[]) => void;

export class FrameOutlet {
  private readonly page: FrameSink;
  private canvas: FrameSink | null = null;
  /** The latest trades of the active symbol, newest last, for a canvas worker that joins late. */
  private recentTrades: TradeRow[] = [];
  private seq = 0;
  private flushQueued = false;

  constructor(
    post: Post,
    private readonly clock: Clock,
    /** The synced book to copy rows from, or null while there is none. */
    private readonly book: () => BookSource | null,
    private readonly status: () => FeedStatus,
  ) {
    this.page = new FrameSink(post, { minIntervalMs: 0, everything: true });
  }

  private sinks(): FrameSink[] {
    return this.canvas ? [this.page, this.canvas] : [this.page];
  }

  // ---- what changed ----

  touchBook(): void {
    for (const sink of this.sinks()) sink.bookDirty = true;
  }

  /** The depth chart wants its curve now (only the page draws it). */
  touchPageBook(): void {
    this.page.bookDirty = true;
  }

  touchStatus(): void {
    for (const sink of this.sinks()) sink.statusDirty = true;
  }

  clearBook(): void {
    for (const sink of this.sinks()) {
      sink.bookCleared = true;
      sink.bookDirty = false;
    }
  }

  /** A new symbol: pending trades and candle belong to the old one. */
  clearTrades(): void {
    this.recentTrades = [];
    for (const sink of this.sinks()) sink.clearTrades();
  }

  addTrades(trades: readonly TradeRow[]): void {
    for (const sink of this.sinks()) sink.addTrades(trades);
    appendCapped(this.recentTrades, trades, TRADES_KEPT);
  }

  addTicker(row: TickerRow, active: boolean): void {
    for (const sink of this.sinks()) sink.addTicker(row, active);
  }

  setCandle(c: CandleRow): void {
    for (const sink of this.sinks()) sink.setCandle(c);
  }

  // ---- receivers ----

  /** The page used its last frame and may take the next. */
  pageCredit(): void {
    this.page.credit = 1;
    this.queueFlush();
  }

  /**
   * Frames for the canvas worker (which draws the book and the tape) go to `post`, one per
   * credit it returns; the page then needs frames only every PAGE_FRAME_MS_WITH_CANVAS. Null
   * detaches it (the page draws them again) and the page is back to one frame per credit.
   */
  attachCanvas(post: Post | null): void {
    if (this.canvas?.timer) this.clock.clearTimeout(this.canvas.timer);
    this.canvas = null;
    this.page.options.minIntervalMs = 0;
    if (post) {
      const sink = new FrameSink(post, { minIntervalMs: 0, everything: false });
      // It starts from what the page already has: the book, the recent trades, the status.
      sink.bookDirty = this.book() !== null;
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

  // ---- sending ----

  queueFlush(): void {
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
      if (sink.credit === 0) continue;
      const due = sink.dueAt();
      if (due === Infinity) continue;
      // A timer already set for this time or sooner stands; one set later (held tickers) gives
      // way to news that may go sooner.
      if (sink.timer !== null) {
        if (sink.timerAt <= due) continue;
        this.clock.clearTimeout(sink.timer);
        sink.timer = null;
      }
      const wait = due - now;
      if (wait > 0) {
        sink.timerAt = due;
        sink.timer = this.clock.setTimeout(() => {
          sink.timer = null;
          this.flush();
        }, wait);
        continue;
      }
      const { frame, transfer } = sink.take(++this.seq, now, this.book(), this.status());
      sink.post(frame, transfer);
    }
  }

  destroy(): void {
    for (const sink of this.sinks()) if (sink.timer !== null) this.clock.clearTimeout(sink.timer);
  }
}
