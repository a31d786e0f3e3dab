import type { Candle } from '../sim/candles.ts';
import { nextBucket, type KlineInterval } from '../sim/intervals.ts';
import type { Market, PublicTrade } from '../sim/market.ts';
import type { Markets } from '../sim/markets.ts';
import { encodeKline, encodeKlineItem } from '../../../src/protocol/bybit-v5/kline.ts';
import { encodePublicTrades, MAX_TRADES_PER_MESSAGE } from '../../../src/protocol/bybit-v5/public-trade.ts';
import { encodeTicker, encodeTickerData } from '../../../src/protocol/bybit-v5/ticker.ts';
import { klineTopic, publicTradeTopic, TICKER_PUSH_MS, tickersTopic } from '../../../src/protocol/bybit-v5/topics.ts';
import { sendTo, type Client } from './client.ts';
import { tickerFields } from './ticker.ts';
/** Kline pushes of the open candle (Bybit: "1-60 s"). */
const KLINE_PUSH_MS = 1000;

/** Base of the trade, ticker and kline streams: a subscriber set and a broadcast. */
abstract class FeedTopic {
  readonly subscribers = new Set<Client>();
  constructor(
    readonly name: string,
    readonly market: Market,
  ) {}
  abstract add(client: Client, now: number): void;
  remove(client: Client): void {
    this.subscribers.delete(client);
  }
  abstract flush(now: number): void;
  protected broadcast(text: string): void {
    const buf = Buffer.from(text);
    for (const c of this.subscribers) sendTo(c, buf, this.market.def.symbol);
  }
}

/** publicTrade.{symbol}: trades matched since the last flush, one message per flush. */
export class TradeTopic extends FeedTopic {
  private pending: PublicTrade[] = [];
  private readonly off: () => void;

  constructor(market: Market) {
    super(publicTradeTopic(market.def.symbol), market);
    this.off = market.onPublicTrade((t) => {
      if (this.subscribers.size > 0) this.pending.push(t);
    });
  }

  add(client: Client): void {
    this.subscribers.add(client);
  }

  override remove(client: Client): void {
    super.remove(client);
    if (this.subscribers.size === 0) this.pending = [];
  }

  flush(now: number): void {
    if (this.pending.length === 0 || this.market.paused) return;
    const trades = this.pending;
    this.pending = [];
    const m = this.market;
    for (let i = 0; i < trades.length; i += MAX_TRADES_PER_MESSAGE) {
      this.broadcast(encodePublicTrades(this.name, now, m.def.symbol, trades.slice(i, i + MAX_TRADES_PER_MESSAGE), m));
    }
  }

  /**
   * Fault control (/faults/trade-burst): what is pending goes out first, then `count` trades (at
   * most one message's worth) around the last price in one message, as a large taker sweeping
   * many small makers would print. Only the tape sees them: the book and candles do not move.
   */
  burst(count: number, now: number): number {
    this.flush(now);
    const m = this.market;
    const last = m.lastTicks() ?? 1;
    const n = Math.min(count, MAX_TRADES_PER_MESSAGE);
    const side = burstSeq % 2 === 0 ? 'Buy' : 'Sell';
    const trades = Array.from({ length: n }, (_, k) => ({
      id: `9${100 + m.index}${String(++burstSeq).padStart(14, '0')}`,
      ts: now,
      priceTicks: Math.max(1, last + (side === 'Buy' ? 1 : -1) * Math.floor((k * 8) / n)),
      qtyLots: 1 + (k % 10),
      side,
      seq: 0,
    }) as const);
    if (this.subscribers.size > 0) this.broadcast(encodePublicTrades(this.name, now, m.def.symbol, trades, m));
    return n;
  }

  dispose(): void {
    this.off();
  }
}

let burstSeq = 0;

/** tickers.{symbol}: snapshot-only, at most every 50 ms, only when something changed. */
export class TickerTopic extends FeedTopic {
  private lastAt = 0;
  private lastText = '';

  constructor(
    market: Market,
    private readonly markets: Markets,
  ) {
    super(tickersTopic(market.def.symbol), market);
  }

  add(client: Client, now: number): void {
    this.subscribers.add(client);
    sendTo(client, Buffer.from(this.encode(now)), this.market.def.symbol);
  }

  flush(now: number): void {
    if (this.subscribers.size === 0 || this.market.paused || now - this.lastAt < TICKER_PUSH_MS) return;
    const data = encodeTickerData(tickerFields(this.market, this.markets, now));
    if (data === this.lastText) return;
    this.lastText = data;
    this.lastAt = now;
    this.broadcast(this.wrap(now, data));
  }

  private encode(now: number): string {
    return this.wrap(now, encodeTickerData(tickerFields(this.market, this.markets, now)));
  }

  private wrap(now: number, data: string): string {
    return encodeTicker(this.name, now, this.market.engine.seq, data);
  }
}

/** kline.{interval}.{symbol}: the open candle every second while it changes; a closed one once with confirm=true. */
export class KlineTopic extends FeedTopic {
  private lastAt = 0;
  private lastVersion = -1;
  private openStart = -1;

  constructor(
    market: Market,
    readonly interval: KlineInterval,
  ) {
    super(klineTopic(interval, market.def.symbol), market);
  }

  add(client: Client, now: number): void {
    this.subscribers.add(client);
    const last = this.market.candles.last(this.interval);
    if (!last) return;
    sendTo(client, Buffer.from(this.wrap(now, [this.item(last, false)])), this.market.def.symbol);
    if (this.subscribers.size === 1) {
      this.openStart = last.start;
      this.lastVersion = this.market.candles.version.get(this.interval)!;
      this.lastAt = now;
    }
  }

  flush(now: number): void {
    if (this.subscribers.size === 0 || this.market.paused) return;
    const list = this.market.candles.list(this.interval);
    const last = list[list.length - 1];
    if (!last) return;
    const items: string[] = [];
    if (this.openStart >= 0 && last.start !== this.openStart) {
      let closed: Candle | undefined;
      for (let i = list.length - 2; i >= 0; i--) {
        if (list[i]!.start <= this.openStart) {
          closed = list[i];
          break;
        }
      }
      if (closed) items.push(this.item(closed, true));
      this.openStart = last.start;
    }
    if (this.openStart < 0) this.openStart = last.start;
    const version = this.market.candles.version.get(this.interval)!;
    if (items.length > 0 || (version !== this.lastVersion && now - this.lastAt >= KLINE_PUSH_MS)) {
      items.push(this.item(last, false));
      this.lastVersion = version;
      this.lastAt = now;
      this.broadcast(this.wrap(now, items));
    }
  }

  private item(c: Candle, confirm: boolean): string {
    return encodeKlineItem(c, this.interval, nextBucket(this.interval, c.start) - 1, confirm, this.market);
  }

  private wrap(now: number, items: string[]): string {
    return encodeKline(this.name, now, items);
  }
}

export type AnyFeedTopic = TradeTopic | TickerTopic | KlineTopic;
