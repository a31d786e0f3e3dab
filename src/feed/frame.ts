// What crosses from the feed worker to the main thread: commands one way, at most one frame
// per animation frame the other (the main thread hands back a credit after each frame it used).
import type { BookFrame } from '../core/book-rows.ts';
import type { FrameCredit } from '../core/frame-store.ts';
import type { OrderBookMode } from '../core/order-book.ts';
import type { SocketState } from '../net/socket.ts';
import type { CandleRow, TickerRow, TradeRow } from '../core/market-rows.ts';

export interface MarketSpec {
  symbol: string;
  tickSize: string;
  lotSize: string;
  /** Decimals shown for quote totals. */
  quoteDecimals: number;
  mode: OrderBookMode;
  /** Merge step as a decimal string from the symbol's digitMerge list, or null for the raw book. */
  step: string | null;
  /** v5 kline interval ('1s', '1', …, 'D', 'W', 'M'), or null for no candles. */
  interval: string | null;
}

export type FeedCommand =
  /** `notices`: the stream is our own exchange's, which also carries the notice bar's topic. */
  | { type: 'connect'; url: string; notices?: boolean }
  | { type: 'market'; market: MarketSpec | null }
  | { type: 'view'; mode: OrderBookMode; step: string | null }
  | { type: 'interval'; interval: string | null }
  | { type: 'watch'; symbols: string[] }
  /** The extra charts' candle streams (issue 36 item 3): each kline topic's candles go to the page as a note. */
  | { type: 'klines'; list: Array<{ symbol: string; interval: string }> }
  | { type: 'credit' }
  | { type: 'online' }
  | { type: 'visible'; hiddenForMs: number }
  | { type: 'staleAfter'; ms: number }
  /** The market's time went back or jumped (a replay's seek): the tape so far is not the market's any more. */
  | { type: 'rewind' }
  /** Opt in to (or out of) the depth-chart curve in frames; off by default, it costs a copy per frame. */
  | { type: 'depth'; on: boolean }
  /**
   * The order-book heatmap: while on, the engine samples the book every HEAT_SAMPLE_MS into the
   * symbol's ring (buckets `widthTicks` wide) and the worker posts the symbol's columns after each
   * sample. Off (the default): no timer and no sampling at all.
   */
  | { type: 'heatmap'; on: boolean; widthTicks: number }
  /** Frames for the canvas worker go through this port (null: none; the page draws the canvases). */
  | { type: 'canvasPort'; port: MessagePort | null };

/**
 * The book engine's WebAssembly bytes, which the page fetches (index.html preloads them, so the
 * download starts with the page) and hands to the feed worker; null: the worker fetches them.
 */
export type EngineBytes = { type: 'engine'; bytes: ArrayBuffer | null };

/** What the canvas worker sends back through its port. */
export type CanvasFeedReply = FrameCredit;

export type StreamName = 'book' | 'trades' | 'ticker' | 'kline';

export interface FeedStatus {
  socket: SocketState;
  closeCode: number;
  stale: Record<StreamName, boolean>;
  /**
   * Wall-clock time (ms) of each stream's newest data as of the last stale change, 0 when none:
   * while a stream is stale it is the time of its last data (issue 35 item 5: the data's age).
   */
  lastData: Record<StreamName, number>;
  /** Messages dropped as malformed, by reason (for the diagnostics panel). */
  dropped: Record<string, number>;
  gaps: number;
  /** Books that came out crossed and were re-fetched. */
  crossed: number;
  resubscribes: number;
  reconnects: number;
  subscribeErrors: string[];
}

/** A book as the engine laid it out (src/core/book-rows.ts formats it). */
export type { BookFrame } from '../core/book-rows.ts';

export interface FeedFrame {
  type: 'frame';
  seq: number;
  /** Worker time when the frame left, for latency figures. */
  sentAt: number;
  book: BookFrame | null;
  /** Trades that arrived since the previous frame, oldest first; null when none. */
  trades: TradeRow[] | null;
  /** When the book was cleared (new symbol, gap, reconnect), the page drops what it shows. */
  bookCleared: boolean;
  tradesCleared: boolean;
  tickers: TickerRow[] | null;
  candle: CandleRow | null;
  status: FeedStatus | null;
  /** The engine's cumulative depth curves, with each book frame while the depth chart is on. */
  curve?: DepthCurve | null;
}

/** Per side, pairs [priceTicks, cumulative size × 10^sizeDecimals], best price first. */
export interface DepthCurve {
  symbol: string;
  bids: Float64Array;
  asks: Float64Array;
}

/** The order-book heatmap's columns for one symbol (src/engine/heat-sampler.ts). */
export type { HeatSnapshot } from '../engine/heat-sampler.ts';

/** How often the heatmap samples the book while it is on. */
export const HEAT_SAMPLE_MS = 1000;
