// What the chart draws, derived from the candle series and cached: float price columns (or
// Heikin-Ashi ones), and indicator lines. Rebuilt only when the series version, chart type or
// indicator settings change; a realtime last-candle update recomputes from the last bars on.
import type { CandleSeries } from '../../core/chart/candle-series.ts';
import { heikinAshi, type OhlcArrays } from '../../core/chart/heikin-ashi.ts';
import { bollinger, ema, macd, rsi, sma } from '../../core/chart/indicators.ts';
import type { ChartType, IndicatorSettings } from '../../core/chart/chart-prefs.ts';

export interface Line {
  values: Float64Array;
  color: number;
}

export interface SubPane {
  kind: 'vol' | 'macd' | 'rsi' | 'line';
  lines: Line[];
  /** Histogram bars (volume, MACD histogram), coloured up/down by `histUp`. */
  hist: Float64Array | null;
  histUp: Uint8Array | null;
  /** Fixed range (RSI 0–100) or null for auto. */
  range: [number, number] | null;
}

export const INDICATOR_COLORS = { ma: 0xf7a600, ema: 0x3d9cf0, bollMid: 0xd17cf0, bollBand: 0x8b6fd6, macd: 0x3d9cf0, signal: 0xf7a600, rsi: 0xd17cf0 };

export class ChartData {
  ohlc: OhlcArrays = { open: new Float64Array(0), high: new Float64Array(0), low: new Float64Array(0), close: new Float64Array(0) };
  length = 0;
  overlays: Line[] = [];
  /** Volume drawn in the bottom of the main pane, when its pane is 'main'. */
  volumeOverlay: SubPane | null = null;
  subPanes: SubPane[] = [];
  private key = '';
  private version = -1;

  /** Brings the derived data up to date; true when anything changed. */
  update(series: CandleSeries, version: number, type: ChartType, ind: IndicatorSettings): boolean {
    const key = `${type}|${JSON.stringify(ind)}`;
    if (key === this.key && version === this.version) return false;
    const incremental = key === this.key && (series.change === 'last' || series.change === 'append') && version === this.version + 1;
    this.key = key;
    this.version = version;
    this.buildColumns(series, type, incremental);
    this.buildIndicators(series, ind);
    return true;
  }

  private buildColumns(s: CandleSeries, type: ChartType, incremental: boolean): void {
    const n = s.length;
    if (this.ohlc.open.length < n) {
      const cap = Math.max(1024, n * 2);
      const grow = (a: Float64Array) => {
        const b = new Float64Array(cap);
        b.set(a.subarray(0, this.length));
        return b;
      };
      this.ohlc = { open: grow(this.ohlc.open), high: grow(this.ohlc.high), low: grow(this.ohlc.low), close: grow(this.ohlc.close) };
    }
    const from = incremental ? Math.max(0, Math.min(this.length, n) - 1) : 0;
    const u = s.unit;
    const o = this.ohlc;
    for (let i = from; i < n; i++) {
      o.open[i] = s.open[i]! * u;
      o.high[i] = s.high[i]! * u;
      o.low[i] = s.low[i]! * u;
      o.close[i] = s.close[i]! * u;
    }
    this.length = n;
    // Heikin-Ashi depends on every earlier bar, but O(n) over floats is well under a millisecond at 100k.
    if (type === 'heikin') heikinAshi(o, n, o);
  }

  private buildIndicators(s: CandleSeries, ind: IndicatorSettings): void {
    const n = this.length;
    const close = this.ohlc.close;
    const main: Line[] = [];
    const subs: SubPane[] = [];
    const place = (pane: 'main' | 'sub', lines: Line[]) => {
      if (pane === 'main') main.push(...lines);
      else subs.push({ kind: 'line', lines, hist: null, histUp: null, range: null });
    };
    if (ind.ma.on) place(ind.ma.pane, [{ values: sma(close, ind.ma.length, n), color: INDICATOR_COLORS.ma }]);
    if (ind.ema.on) place(ind.ema.pane, [{ values: ema(close, ind.ema.length, n), color: INDICATOR_COLORS.ema }]);
    if (ind.boll.on) {
      const b = bollinger(close, ind.boll.length, ind.boll.mult, n);
      place(ind.boll.pane, [
        { values: b.upper, color: INDICATOR_COLORS.bollBand },
        { values: b.mid, color: INDICATOR_COLORS.bollMid },
        { values: b.lower, color: INDICATOR_COLORS.bollBand },
      ]);
    }
    this.volumeOverlay = null;
    if (ind.vol.on) {
      const up = new Uint8Array(n);
      for (let i = 0; i < n; i++) up[i] = s.close[i]! >= s.open[i]! ? 1 : 0;
      const pane: SubPane = { kind: 'vol', lines: [], hist: s.volume.subarray(0, n), histUp: up, range: null };
      if (ind.vol.pane === 'main') this.volumeOverlay = pane;
      else subs.push(pane);
    }
    if (ind.macd.on) {
      const m = macd(close, ind.macd.fast, ind.macd.slow, ind.macd.signal, n);
      const up = new Uint8Array(n);
      for (let i = 0; i < n; i++) up[i] = m.histogram[i]! >= 0 ? 1 : 0;
      subs.push({
        kind: 'macd',
        lines: [
          { values: m.macd, color: INDICATOR_COLORS.macd },
          { values: m.signal, color: INDICATOR_COLORS.signal },
        ],
        hist: m.histogram,
        histUp: up,
        range: null,
      });
    }
    if (ind.rsi.on) subs.push({ kind: 'rsi', lines: [{ values: rsi(close, ind.rsi.length, n), color: INDICATOR_COLORS.rsi }], hist: null, histUp: null, range: [0, 100] });
    this.overlays = main;
    this.subPanes = subs;
  }
}
