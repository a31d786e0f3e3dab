// A columnar candle series: typed arrays, oldest first, prices as exact integers scaled by
// 10^decimals (so a shown price is the sent one), volume as a float (it is only abbreviated).
// Changes bump `version`; `change` says what kind, so views rebuild only what they must.
import { decimalToScaled, scaledToDecimal } from '../decimal.ts';

/** A candle as decimal strings, the shape REST rows and realtime candles both reduce to. */
export interface CandleInput {
  start: number;
  open: string;
  high: string;
  low: string;
  close: string;
  volume: string;
}

export type SeriesChange = 'all' | 'last' | 'append' | 'prepend';
export type MergeResult = 'replaced' | 'appended' | 'ignored';

const MIN_CAPACITY = 1024;

export class CandleSeries {
  time = new Float64Array(MIN_CAPACITY);
  open = new Float64Array(MIN_CAPACITY);
  high = new Float64Array(MIN_CAPACITY);
  low = new Float64Array(MIN_CAPACITY);
  close = new Float64Array(MIN_CAPACITY);
  volume = new Float64Array(MIN_CAPACITY);
  length = 0;
  /** Price decimals; the arrays hold price × 10^decimals. */
  decimals = 0;
  /** 10^-decimals, to turn a stored price into a float for drawing. */
  unit = 1;
  version = 0;
  change: SeriesChange = 'all';
  /** Bars added at the front by the latest prepend (views keep their place by it). */
  prepended = 0;

  /** Replaces everything; rows oldest first (unsorted or duplicate rows are dropped). */
  reset(rows: readonly CandleInput[], decimals: number): void {
    this.decimals = decimals;
    this.unit = 10 ** -decimals;
    this.length = 0;
    this.ensure(rows.length);
    let lastStart = -Infinity;
    for (const r of rows) {
      if (!(r.start > lastStart)) continue;
      if (this.write(this.length, r)) {
        this.length++;
        lastStart = r.start;
      }
    }
    this.bump('all');
  }

  /** Adds older rows (oldest first) in front; rows not strictly older than the first bar are skipped. */
  prepend(rows: readonly CandleInput[]): number {
    const first = this.length ? this.time[0]! : Infinity;
    const fresh: CandleInput[] = [];
    let lastStart = -Infinity;
    for (const r of rows) if (r.start < first && r.start > lastStart) fresh.push(r), (lastStart = r.start);
    if (fresh.length === 0) return 0;
    const n = fresh.length;
    const cap = Math.max(MIN_CAPACITY, (this.length + n) * 2);
    const cols = ['time', 'open', 'high', 'low', 'close', 'volume'] as const;
    for (const c of cols) {
      const next = new Float64Array(Math.max(cap, this[c].length));
      next.set(this[c].subarray(0, this.length), n);
      this[c] = next;
    }
    let written = 0;
    for (let i = 0; i < n; i++) if (this.write(written, fresh[i]!)) written++;
    if (written < n) {
      // A malformed row was skipped: close the hole so the arrays stay dense.
      for (const c of cols) this[c].copyWithin(written, n, n + this.length);
    }
    this.length += written;
    this.prepended = written;
    this.bump('prepend');
    return written;
  }

  /** A realtime candle: replaces the last when it has the same start, appends when newer, else ignored. */
  merge(c: CandleInput): MergeResult {
    const n = this.length;
    if (n > 0 && c.start < this.time[n - 1]!) return 'ignored';
    if (n > 0 && c.start === this.time[n - 1]!) {
      if (!this.write(n - 1, c)) return 'ignored';
      this.bump('last');
      return 'replaced';
    }
    this.ensure(n + 1);
    if (!this.write(n, c)) return 'ignored';
    this.length++;
    this.bump('append');
    return 'appended';
  }

  clear(): void {
    this.length = 0;
    this.bump('all');
  }

  /** Exact decimal string of a stored price. */
  priceText(scaled: number): string {
    return scaledToDecimal(Math.round(scaled), this.decimals);
  }

  /** Index of the bar starting at or before `t` (-1 when none). */
  indexAtOrBefore(t: number): number {
    let lo = 0;
    let hi = this.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.time[mid]! <= t) lo = mid + 1;
      else hi = mid;
    }
    return lo - 1;
  }

  private bump(change: SeriesChange): void {
    if (change !== 'prepend') this.prepended = 0;
    this.change = change;
    this.version++;
  }

  private ensure(n: number): void {
    if (this.time.length >= n) return;
    const cap = Math.max(n, this.time.length * 2);
    for (const c of ['time', 'open', 'high', 'low', 'close', 'volume'] as const) {
      const next = new Float64Array(cap);
      next.set(this[c].subarray(0, this.length));
      this[c] = next;
    }
  }

  private write(i: number, r: CandleInput): boolean {
    const o = toScaled(r.open, this.decimals);
    const h = toScaled(r.high, this.decimals);
    const l = toScaled(r.low, this.decimals);
    const c = toScaled(r.close, this.decimals);
    const v = Number(r.volume);
    if (o === null || h === null || l === null || c === null || !Number.isFinite(v) || !Number.isFinite(r.start)) return false;
    this.time[i] = r.start;
    this.open[i] = o;
    this.high[i] = Math.max(h, o, c);
    this.low[i] = Math.min(l, o, c);
    this.close[i] = c;
    this.volume[i] = v;
    return true;
  }
}

/** Exact when the string has at most `decimals` places; rounded otherwise (a price finer than the tick). */
function toScaled(s: string, decimals: number): number | null {
  const exact = decimalToScaled(s, decimals);
  if (exact !== null) return exact;
  const f = Number(s);
  return Number.isFinite(f) && f >= 0 ? Math.round(f * 10 ** decimals) : null;
}
