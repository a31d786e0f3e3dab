// Technical indicators over a price column. Results are Float64Arrays aligned with the input,
// NaN where the indicator is not yet defined. Definitions follow the common (TradingView /
// StockCharts) ones: EMA seeded with the SMA of its first window, RSI with Wilder's smoothing,
// Bollinger bands with the population standard deviation.

export const DEFAULT_MA_LENGTH = 9;

/** Simple moving average of length n. */
export function sma(src: ArrayLike<number>, n: number, len = src.length): Float64Array {
  const out = new Float64Array(len).fill(NaN);
  if (n < 1) return out;
  let sum = 0;
  for (let i = 0; i < len; i++) {
    sum += src[i]!;
    if (i >= n) sum -= src[i - n]!;
    if (i >= n - 1) out[i] = sum / n;
  }
  return out;
}

/** Exponential moving average (alpha 2/(n+1)), starting at the first index where `src` is defined. */
export function ema(src: ArrayLike<number>, n: number, len = src.length): Float64Array {
  const out = new Float64Array(len).fill(NaN);
  if (n < 1) return out;
  let start = 0;
  while (start < len && Number.isNaN(src[start]!)) start++;
  if (start + n > len) return out;
  let seed = 0;
  for (let i = start; i < start + n; i++) seed += src[i]!;
  let prev = seed / n;
  out[start + n - 1] = prev;
  const k = 2 / (n + 1);
  for (let i = start + n; i < len; i++) {
    prev = src[i]! * k + prev * (1 - k);
    out[i] = prev;
  }
  return out;
}

export interface Bands {
  mid: Float64Array;
  upper: Float64Array;
  lower: Float64Array;
}

/** Bollinger bands: SMA(n) ± mult × population standard deviation over the same window. */
export function bollinger(src: ArrayLike<number>, n: number, mult: number, len = src.length): Bands {
  const mid = sma(src, n, len);
  const upper = new Float64Array(len).fill(NaN);
  const lower = new Float64Array(len).fill(NaN);
  for (let i = n - 1; i < len; i++) {
    const m = mid[i]!;
    let v = 0;
    for (let j = i - n + 1; j <= i; j++) v += (src[j]! - m) ** 2;
    const sd = Math.sqrt(v / n);
    upper[i] = m + mult * sd;
    lower[i] = m - mult * sd;
  }
  return { mid, upper, lower };
}

export interface Macd {
  macd: Float64Array;
  signal: Float64Array;
  histogram: Float64Array;
}

/** MACD line (EMA fast − EMA slow), its signal EMA, and the histogram between them. */
export function macd(src: ArrayLike<number>, fast: number, slow: number, signalLen: number, len = src.length): Macd {
  const f = ema(src, fast, len);
  const s = ema(src, slow, len);
  const line = new Float64Array(len);
  for (let i = 0; i < len; i++) line[i] = f[i]! - s[i]!;
  const signal = ema(line, signalLen, len);
  const histogram = new Float64Array(len);
  for (let i = 0; i < len; i++) histogram[i] = line[i]! - signal[i]!;
  return { macd: line, signal, histogram };
}

/** Relative strength index with Wilder's smoothing; the first value at index n. */
export function rsi(src: ArrayLike<number>, n: number, len = src.length): Float64Array {
  const out = new Float64Array(len).fill(NaN);
  if (n < 1 || len <= n) return out;
  let gain = 0;
  let loss = 0;
  for (let i = 1; i <= n; i++) {
    const d = src[i]! - src[i - 1]!;
    if (d > 0) gain += d;
    else loss -= d;
  }
  gain /= n;
  loss /= n;
  const value = () => (loss === 0 ? (gain === 0 ? 50 : 100) : 100 - 100 / (1 + gain / loss));
  out[n] = value();
  for (let i = n + 1; i < len; i++) {
    const d = src[i]! - src[i - 1]!;
    gain = (gain * (n - 1) + (d > 0 ? d : 0)) / n;
    loss = (loss * (n - 1) + (d < 0 ? -d : 0)) / n;
    out[i] = value();
  }
  return out;
}
