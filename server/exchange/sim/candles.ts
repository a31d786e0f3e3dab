import { bucketStart, KLINE_INTERVALS, nextBucket, type KlineInterval } from './intervals.ts';

/** One candle in integer units: ticks, lots, quote units (ticks × lots, bigint as it sums up). */
export interface Candle {
  start: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
  turnover: bigint;
  /** Time of the last trade in it (0 for a flat candle without trades). */
  lastTradeTs: number;
}

/** CandleStore.mark's snapshot. */
export type CandleMark = ReadonlyMap<KlineInterval, { readonly start: number; readonly kept: readonly Candle[] }>;

/** The longest a live series grows before its oldest candles are dropped (bounds memory of 1s candles). */
const MAX_CANDLES = 20_000;
const TRIM_CHUNK = 2_000;
/** Empty buckets filled at most per roll, so a long pause cannot stall the loop. */
const MAX_GAP_FILL = 5_000;

/** Candles of every interval of one symbol, oldest first, updated by real trades only. */
export class CandleStore {
  private readonly series = new Map<KlineInterval, Candle[]>();
  /** Bumped per interval on every change, so publishers can skip unchanged ones. */
  readonly version = new Map<KlineInterval, number>();

  constructor(history: ReadonlyMap<KlineInterval, Candle[]>) {
    for (const iv of KLINE_INTERVALS) {
      this.series.set(iv, history.get(iv) ?? []);
      this.version.set(iv, 0);
    }
  }

  list(interval: KlineInterval): readonly Candle[] {
    return this.series.get(interval)!;
  }

  last(interval: KlineInterval): Candle | undefined {
    const s = this.series.get(interval)!;
    return s[s.length - 1];
  }

  /** Makes sure the bucket containing `now` exists in every interval (flat at the last close). */
  roll(now: number): void {
    for (const iv of KLINE_INTERVALS) this.ensure(iv, now);
  }

  addTrade(priceTicks: number, lots: number, quoteUnits: number, ts: number): void {
    const q = BigInt(quoteUnits);
    for (const iv of KLINE_INTERVALS) {
      const c = this.ensure(iv, ts, priceTicks);
      if (!c) continue;
      if (c.lastTradeTs === 0 && c.volume === 0) {
        // First trade of a flat candle: it opens where the market really traded.
        c.open = c.high = c.low = c.close;
      }
      if (priceTicks > c.high) c.high = priceTicks;
      if (priceTicks < c.low) c.low = priceTicks;
      c.close = priceTicks;
      c.volume += lots;
      c.turnover += q;
      c.lastTradeTs = ts;
      this.version.set(iv, this.version.get(iv)! + 1);
    }
  }

  /**
   * What the series hold from `t`'s bucket on (copies), for rewind: a replay marks its session's
   * start and rewinds there on a seek back.
   */
  mark(t: number): CandleMark {
    const out = new Map<KlineInterval, { start: number; kept: Candle[] }>();
    for (const iv of KLINE_INTERVALS) {
      const start = bucketStart(iv, t);
      out.set(iv, { start, kept: this.series.get(iv)!.filter((c) => c.start >= start).map((c) => ({ ...c })) });
    }
    return out;
  }

  /** Back to a mark: candles from its buckets on are dropped and the marked ones put back. */
  rewind(mark: CandleMark): void {
    for (const iv of KLINE_INTERVALS) {
      const m = mark.get(iv)!;
      const s = this.series.get(iv)!;
      let i = s.length;
      while (i > 0 && s[i - 1]!.start >= m.start) i--;
      s.splice(i, s.length - i, ...m.kept.map((c) => ({ ...c })));
      this.version.set(iv, this.version.get(iv)! + 1);
    }
  }

  /** The candle of `ts`'s bucket, creating flat ones across a gap; undefined for an already closed bucket. */
  private ensure(iv: KlineInterval, ts: number, seedPrice?: number): Candle | undefined {
    const s = this.series.get(iv)!;
    const start = bucketStart(iv, ts);
    let last = s[s.length - 1];
    if (last && last.start === start) return last;
    if (last && last.start > start) return undefined; // A late trade for a closed bucket is not re-opened.
    if (!last) {
      // A symbol without history (just listed) starts its first candle at its first print.
      if (seedPrice === undefined) return undefined;
      const c = flat(start, seedPrice);
      s.push(c);
      return c;
    }
    let fills = 0;
    let next = nextBucket(iv, last.start);
    if (next < start) {
      // Skip far gaps without materialising thousands of flat candles.
      while (next < start && fills < MAX_GAP_FILL) {
        s.push(flat(next, last.close));
        next = nextBucket(iv, next);
        fills++;
      }
      if (next < start) next = start;
      last = s[s.length - 1]!;
    }
    const c = flat(start, last.close);
    s.push(c);
    if (s.length > MAX_CANDLES) s.splice(0, TRIM_CHUNK);
    this.version.set(iv, this.version.get(iv)! + 1);
    return c;
  }
}

function flat(start: number, price: number): Candle {
  return { start, open: price, high: price, low: price, close: price, volume: 0, turnover: 0n, lastTradeTs: 0 };
}
