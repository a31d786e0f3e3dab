import type { OrderBookMode } from '../../core/order-book.ts';
import type { SpotSymbol } from '../../core/symbols.ts';
import { FeedClient } from '../../feed/client.ts';
import { FEED_META_NAME, chooseFeedSource, type FeedSource } from '../../feed/feed-source.ts';
import type { BookFrame, DepthCurve, FeedFrame, FeedStatus, MarketSpec } from '../../feed/frame.ts';
import type { CandleRow, TickerRow, TradeRow } from '../../core/market-rows.ts';
import { FrameStore } from '../../core/frame-store.ts';
import { batch, signal } from '../signals.ts';
import { RETIRED_STORAGE_KEYS, removeStored } from '../storage.ts';
import type { Notice } from '../../protocol/notices.ts';
import type { HeatSnapshot } from '../../feed/frame.ts';

export type { StreamName } from '../../feed/frame.ts';


/** The latest order-book frame of the active symbol (null until its first snapshot). */
export const bookFrame = signal<BookFrame | null>(null);
/** Latest trades, newest first, at most 100. */
export const trades = signal<readonly TradeRow[]>([]);
/** Tickers by symbol, for the header and the market list. */
export const tickers = signal<ReadonlyMap<string, TickerRow>>(new Map());
export const lastCandle = signal<CandleRow | null>(null);
/** The depth chart's cumulative curves (only while a depth chart asked for them). */
export const depthCurve = signal<DepthCurve | null>(null);
export const feedStatus = signal<FeedStatus | null>(null);
export const engineKind = signal<string>('');
/** Every notice of the notice bar, as the exchange last sent them (all locales and symbols). */
export const notices = signal<readonly Notice[]>([]);
/** Frames received, and worker→page latency of the last one (ms), for the diagnostics panel. */
/** The order-book heatmap's columns for the active symbol while the heatmap is on (null: none yet). */
export const heatmap = signal<HeatSnapshot | null>(null);
/** The heatmap's sample period (ms): a column's width on the time axis. */
export { HEAT_SAMPLE_MS as HEAT_PERIOD_MS } from '../../feed/frame.ts';
export const frameStats = signal({ frames: 0, lastLatencyMs: 0 });

let client: FeedClient | null = null;
let source: FeedSource | null = null;

/**
 * Where market data comes from, decided once per page from the operator's exchange-feed meta tag
 * (see src/feed/feed-source.ts); `?feed=` and local storage are not consulted.
 */
export function feedSource(): FeedSource {
  if (source) return source;
  const tags = [...document.querySelectorAll<HTMLMetaElement>(`meta[name="${FEED_META_NAME}"]`)].map((m) => m.content);
  source = chooseFeedSource(tags, window.location);
  if (source.kind === 'invalid') console.error(`market data is off: the ${FEED_META_NAME} meta tag is unusable (${source.reason}):`, tags);
  return source;
}

/** What the feed said, kept plainly (the canvas worker keeps its own the same way); the signals above mirror it. */
const store = new FrameStore<FeedFrame>();

function applyFrame(f: FeedFrame): void {
  const touched = store.apply(f);
  batch(() => {
    if (touched.book) bookFrame.value = store.book;
    if (touched.trades) trades.value = store.trades as readonly TradeRow[];
    if (touched.tickers) tickers.value = store.tickers;
    if (touched.candle) lastCandle.value = store.candle;
    if (touched.curve) depthCurve.value = store.curve;
    if (touched.status) feedStatus.value = store.status;
    frameStats.value = { frames: frameStats.peek().frames + 1, lastLatencyMs: Math.max(0, Date.now() - f.sentAt) };
  });
}

/** Starts the feed worker once; later calls return the same client. */
export function startFeed(): FeedClient {
  if (client) return client;
  client = new FeedClient({
    onFrame: applyFrame,
    onNote: (note) => {
      if (note.type === 'ready') engineKind.value = note.engine;
      else if (note.type === 'notices') notices.value = note.list;
      else if (note.type === 'heat') heatmap.value = note.snapshot;
      else if (note.type === 'kline') for (const fn of candleListeners) fn(note.symbol, note.interval, note.candle);
      else if (note.type === 'socketReport') void import('./socket-reports.ts').then((m) => m.reportSocket('public', note.report));
      else console.warn('order-book engine fell back to the reference model:', note.reason);
    },
  });
  for (const key of RETIRED_STORAGE_KEYS) removeStored(key);
  const from = feedSource();
  // An unusable configured endpoint connects nowhere (the page says why) rather than guess one.
  if (from.kind !== 'invalid') client.send({ type: 'connect', url: from.url, notices: from.kind === 'own' });
  // ?staleAfter=ms shortens the no-data threshold (people checking a flaky link, and tests).
  const staleAfter = Number(new URLSearchParams(window.location.search).get('staleAfter'));
  if (Number.isFinite(staleAfter) && staleAfter >= 250) client.send({ type: 'staleAfter', ms: staleAfter });
  return client;
}

export function marketSpecFor(symbol: SpotSymbol, mode: OrderBookMode, step: string | null, interval: string | null): MarketSpec {
  return {
    symbol: symbol.symbolId,
    tickSize: symbol.tickSize,
    lotSize: symbol.lotSize,
    quoteDecimals: symbol.amountPrecision,
    mode,
    step,
    interval,
  };
}

/** A replay's seek moved the market's time: the tape drops what it showed (the stream brings the new time's trades). */
export function rewindFeed(): void {
  client?.send({ type: 'rewind' });
}

export function setActiveMarket(spec: MarketSpec | null): void {
  startFeed().send({ type: 'market', market: spec });
}

export function setWatchList(symbols: string[]): void {
  startFeed().send({ type: 'watch', symbols });
}

/**
 * Gives the canvas worker its own stream of feed frames (`port`), one per frame it draws; the
 * page then takes frames at most every 100 ms. Null takes it back (the page draws the canvases).
 */
export function attachCanvasFeed(port: MessagePort | null): void {
  startFeed().attachCanvas(port);
}

/** Turns the order-book heatmap's sampling on or off (buckets `widthTicks` ticks wide). */
export function setHeatmapSampling(on: boolean, widthTicks: number): void {
  if (!on) heatmap.value = null;
  startFeed().send({ type: 'heatmap', on, widthTicks });
}

type CandleListener = (symbol: string, interval: string, candle: CandleRow) => void;
const candleListeners = new Set<CandleListener>();

/**
 * The extra charts' candle streams (issue 36 item 3): the feed subscribes to each pair's kline
 * topic at its v5 interval and `onCandle` hears every candle of them; returns what stops it.
 */
export function watchKlines(list: Array<{ symbol: string; interval: string }>, onCandle: CandleListener): () => void {
  candleListeners.add(onCandle);
  startFeed().send({ type: 'klines', list });
  return () => {
    candleListeners.delete(onCandle);
    client?.send({ type: 'klines', list: [] });
  };
}

export function setBookView(mode: OrderBookMode, step: string | null): void {
  startFeed().send({ type: 'view', mode, step });
}
