// Heikin-Ashi ("average") candles: close = mean of OHLC, open = mean of the previous HA open
// and close (the first bar: mean of its own open and close), high/low widened to include them.

export interface OhlcColumns {
  open: ArrayLike<number>;
  high: ArrayLike<number>;
  low: ArrayLike<number>;
  close: ArrayLike<number>;
}

export interface OhlcArrays {
  open: Float64Array;
  high: Float64Array;
  low: Float64Array;
  close: Float64Array;
}

/** Heikin-Ashi columns of the first `n` bars; `into` is reused when large enough. */
export function heikinAshi(src: OhlcColumns, n: number, into?: OhlcArrays): OhlcArrays {
  const out =
    into && into.open.length >= n
      ? into
      : { open: new Float64Array(n), high: new Float64Array(n), low: new Float64Array(n), close: new Float64Array(n) };
  for (let i = 0; i < n; i++) {
    const o = src.open[i]!;
    const h = src.high[i]!;
    const l = src.low[i]!;
    const c = src.close[i]!;
    const hc = (o + h + l + c) / 4;
    const ho = i === 0 ? (o + c) / 2 : (out.open[i - 1]! + out.close[i - 1]!) / 2;
    out.open[i] = ho;
    out.close[i] = hc;
    out.high[i] = Math.max(h, ho, hc);
    out.low[i] = Math.min(l, ho, hc);
  }
  return out;
}
