// One receiver of feed frames (the page, or the canvas worker) and what its next frame carries.
// Each sink has its own credit and its own coalescing, so a sink that takes frames less often
// (the page, while the canvas worker draws the book) gets everything since its last frame.
import type { FeedFrame } from './frame.ts';
import type { CandleRow, TickerRow, TradeRow } from './stream-decoders.ts';

/** Trades kept in a pending frame (spec 7.7: recent trades capped at 100). */
export const TRADES_KEPT = 100;

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
  candle: CandleRow | null = null;
  statusDirty = true;
  credit = 1;
  lastSentAt = -Infinity;
  /** A timer waiting out `minIntervalMs`, if one is set. */
  timer: unknown = null;

  constructor(
    readonly post: (frame: FeedFrame, transfer: Transferable[]) => void,
    readonly options: SinkOptions,
  ) {}

  addTrades(list: readonly TradeRow[]): void {
    for (const t of list) this.newTrades.push(t);
    if (this.newTrades.length > TRADES_KEPT) this.newTrades.splice(0, this.newTrades.length - TRADES_KEPT);
  }

  addTicker(row: TickerRow): void {
    if (this.options.everything) this.tickers.set(row.symbol, row);
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

  /** Forgets what was just sent. */
  sent(now: number): void {
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
