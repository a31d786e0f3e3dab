import type { Candle } from './candles.ts';
import { bucketStart, nextBucket, type KlineInterval } from './intervals.ts';
import type { Rng } from './rng.ts';

/**
 * Candle history older than the process: a log-space random walk that ends exactly at the start
 * price "now", refined top-down with Brownian bridges (days → hours → minutes → seconds) so every
 * finer path passes through the coarser points, then built bottom-up so a coarse candle's
 * high/low/volume contain those of the finer candles it covers. Aggregated intervals (3m, 4h, W,
 * M, ...) are sums of their base interval, so the intervals agree with each other.
 */
export interface HistoryOptions {
  readonly now: number;
  readonly startPrice: number;
  /** Yearly volatility. */
  readonly volatility: number;
  readonly tickSize: number;
  readonly lotSize: number;
  /** Typical traded base quantity per day (float, converted to lots). */
  readonly dailyVolume: number;
  readonly rng: Rng;
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const YEAR = 365 * DAY;

/** How far back each base level reaches; coarser intervals aggregate from these. */
const COVERAGE = { day: 1100 * DAY, hour: 90 * DAY, minute: 7 * DAY, second: 2 * HOUR };

interface Point {
  t: number;
  p: number; // log price
}

/** Float candle before conversion to ticks. */
interface RawCandle {
  start: number;
  end: number;
  o: number;
  h: number;
  l: number;
  c: number;
  v: number;
}

export function generateHistory(opts: HistoryOptions): Map<KlineInterval, Candle[]> {
  const { now, rng } = opts;
  const sigma = opts.volatility / Math.sqrt(YEAR); // per ms^0.5
  // Day points: midnights back to the coverage start, plus "now", walked backwards from the start price.
  const dayPts: Point[] = [{ t: now, p: Math.log(opts.startPrice) }];
  for (let t = bucketStart('D', now); t >= now - COVERAGE.day; t -= DAY) {
    const after = dayPts[dayPts.length - 1]!;
    if (t === after.t) continue;
    dayPts.push({ t, p: after.p + sigma * Math.sqrt(after.t - t) * rng.normal() });
  }
  dayPts.reverse();
  const hourPts = refine(dayPts, HOUR, now - COVERAGE.hour, sigma, rng);
  const minutePts = refine(hourPts, MINUTE, now - COVERAGE.minute, sigma, rng);
  const secondPts = refine(minutePts, SECOND, now - COVERAGE.second, sigma, rng);

  const volPerMs = opts.dailyVolume / DAY;
  const sec = build(secondPts, [], volPerMs, sigma, rng);
  const min = build(minutePts, sec, volPerMs, sigma, rng);
  const hour = build(hourPts, min, volPerMs, sigma, rng);
  const day = build(dayPts, hour, volPerMs, sigma, rng);

  const out = new Map<KlineInterval, Candle[]>();
  const conv = (raw: RawCandle[]) => raw.map((r) => toCandle(r, opts));
  out.set('1s', conv(sec));
  out.set('1', conv(min));
  out.set('60', conv(hour));
  out.set('D', conv(day));
  for (const iv of ['3', '5', '15', '30'] as const) out.set(iv, aggregate(out.get('1')!, iv));
  for (const iv of ['120', '240', '360', '720'] as const) out.set(iv, aggregate(out.get('60')!, iv));
  out.set('W', aggregate(out.get('D')!, 'W'));
  out.set('M', aggregate(out.get('D')!, 'M'));
  return out;
}

/** Points every `step` ms from `from` on, bridged between the coarse points around them. */
function refine(coarse: Point[], step: number, from: number, sigma: number, rng: Rng): Point[] {
  const out: Point[] = [];
  const first = Math.ceil(from / step) * step;
  for (let i = 1; i < coarse.length; i++) {
    const a = coarse[i - 1]!;
    const b = coarse[i]!;
    if (b.t < first) continue;
    let cur = a;
    if (a.t >= first && (out.length === 0 || out[out.length - 1]!.t !== a.t)) out.push(a);
    for (let t = Math.max(first, Math.floor(a.t / step) * step + step); t < b.t; t += step) {
      const frac = (t - cur.t) / (b.t - cur.t);
      const mean = cur.p + (b.p - cur.p) * frac;
      const sd = sigma * Math.sqrt(((t - cur.t) * (b.t - t)) / (b.t - cur.t));
      const pt = { t, p: mean + sd * rng.normal() };
      if (t >= first) out.push(pt);
      cur = pt;
    }
    out.push(b);
  }
  return out;
}

/** Candles between consecutive points, widened by the finer candles inside them. */
function build(pts: Point[], finer: RawCandle[], volPerMs: number, sigma: number, rng: Rng): RawCandle[] {
  const out: RawCandle[] = [];
  let j = 0;
  for (let i = 1; i < pts.length; i++) {
    const a = pts[i - 1]!;
    const b = pts[i]!;
    const o = Math.exp(a.p);
    const c = Math.exp(b.p);
    let h = Math.max(o, c);
    let l = Math.min(o, c);
    let v = 0;
    let covered = 0;
    while (j < finer.length && finer[j]!.start < a.t) j++;
    while (j < finer.length && finer[j]!.start < b.t) {
      const f = finer[j]!;
      if (f.h > h) h = f.h;
      if (f.l < l) l = f.l;
      v += f.v;
      covered += f.end - f.start;
      j++;
    }
    const span = b.t - a.t;
    if (covered < span) {
      // Uncovered time gets a synthetic excursion and volume proportional to its length.
      const wick = sigma * Math.sqrt(span - covered) * Math.abs(rng.normal()) * 0.6;
      h *= 1 + wick * rng.next();
      l *= 1 - wick * rng.next();
      v += volPerMs * (span - covered) * rng.logNormal(1, 0.5);
    }
    out.push({ start: a.t, end: b.t, o, h, l, c, v });
  }
  return out;
}

function toCandle(r: RawCandle, opts: HistoryOptions): Candle {
  const tick = (x: number) => Math.max(1, Math.round(x / opts.tickSize));
  const open = tick(r.o);
  const close = tick(r.c);
  const high = Math.max(open, close, tick(r.h));
  const low = Math.min(open, close, tick(r.l));
  const volume = Math.max(0, Math.round(r.v / opts.lotSize));
  const mid = Math.round((open + high + low + close) / 4);
  return { start: r.start, open, high, low, close, volume, turnover: BigInt(volume) * BigInt(mid), lastTradeTs: r.end - 1 };
}

/** Sums base candles into the buckets of a coarser interval. */
export function aggregate(base: readonly Candle[], iv: KlineInterval): Candle[] {
  const out: Candle[] = [];
  let cur: Candle | undefined;
  let curEnd = 0;
  for (const c of base) {
    if (!cur || c.start >= curEnd) {
      const start = bucketStart(iv, c.start);
      cur = { ...c, start };
      curEnd = nextBucket(iv, start);
      out.push(cur);
      continue;
    }
    if (c.high > cur.high) cur.high = c.high;
    if (c.low < cur.low) cur.low = c.low;
    cur.close = c.close;
    cur.volume += c.volume;
    cur.turnover += c.turnover;
    cur.lastTradeTs = c.lastTradeTs;
  }
  return out;
}
