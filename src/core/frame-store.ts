// What the feed has said, kept the same way by every receiver of feed frames (the page's state,
// the canvas worker): plain fields, no signals. `apply` folds one frame in and says what it
// touched, so the receiver redraws or notifies only that.
import type { BookFrame } from './book-rows.ts';
import { nextTrades, type TradePrint } from './trade-rows.ts';

/** The parts of a feed frame a store keeps (src/feed/frame.ts has the whole message). */
export interface StoreFrame<Ticker extends { symbol: string } = { symbol: string }, Candle = unknown, Curve = unknown, Status extends FrameStatus = FrameStatus> {
  book: BookFrame | null;
  /** The book was cleared (new symbol, gap, reconnect): drop what is shown. */
  bookCleared: boolean;
  /** Trades since the previous frame, oldest first. */
  trades: TradePrint[] | null;
  tradesCleared: boolean;
  tickers: Ticker[] | null;
  candle: Candle | null;
  curve?: Curve | null;
  status: Status | null;
}

/** The part of the feed's status a store reads: which streams are stale. */
export interface FrameStatus {
  stale: { book: boolean; trades: boolean };
}

/** What a frame changed. */
export interface FrameTouched {
  book: boolean;
  trades: boolean;
  tickers: boolean;
  candle: boolean;
  curve: boolean;
  status: boolean;
}

/** What a frame receiver sends back through its port when it drew a frame and may take the next. */
export type FrameCredit = { type: 'credit' };

export class FrameStore<F extends StoreFrame = StoreFrame> {
  /** The latest book of the active symbol (null until its first snapshot, and after a clear). */
  book: BookFrame | null = null;
  /** Latest trades, newest first, at most TRADES_LISTED. */
  trades: readonly TradePrint[] = [];
  /** Tickers by symbol; a new map when a frame brought tickers. */
  tickers: ReadonlyMap<string, NonNullable<F['tickers']>[number]> = new Map();
  candle: F['candle'] | null = null;
  curve: NonNullable<F['curve']> | null = null;
  status: F['status'] | null = null;

  apply(f: F): FrameTouched {
    if (f.bookCleared) this.book = null;
    if (f.book) this.book = f.book;
    const trades = f.tradesCleared || f.trades !== null;
    if (trades) this.trades = nextTrades(this.trades, f);
    if (f.tickers) {
      const map = new Map(this.tickers);
      for (const t of f.tickers) map.set(t.symbol, t);
      this.tickers = map;
    }
    if (f.candle) this.candle = f.candle;
    if (f.curve) this.curve = f.curve;
    if (f.status) this.status = f.status;
    return {
      book: f.book !== null || f.bookCleared,
      trades,
      tickers: f.tickers !== null,
      candle: !!f.candle,
      curve: !!f.curve,
      status: f.status !== null,
    };
  }
}
