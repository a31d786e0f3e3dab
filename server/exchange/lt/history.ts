import type { Candle, CandleStore } from '../sim/candles.ts';
import { KLINE_INTERVALS, type KlineInterval } from '../sim/intervals.ts';

export interface DeriveOptions {
  /** The underlying's candles and its price units (tick and lot sizes as floats). */
  readonly underlying: CandleStore;
  readonly underlyingTick: number;
  readonly underlyingLot: number;
  /** The underlying's price "now" (where its history ends) and the token's NAV then. */
  readonly underlyingNow: number;
  readonly tokenNow: number;
  readonly tokenTick: number;
  readonly tokenLot: number;
  /** +1 long, -1 short; the target leverage. */
  readonly direction: 1 | -1;
  readonly leverage: number;
  /** Share of the underlying's traded value the token's market had. */
  readonly volumeShare: number;
}

/**
 * A leveraged token's candle history before the process, derived from its underlying's so that
 * its 24 h change has the sign and about `leverage` times the size of the underlying's: the price
 * of a token rebalanced continuously, tokenNow × (S / S_now)^(±leverage). The live part then
 * follows the NAV engine (lt/tokens.ts); the history ends exactly at the starting NAV.
 */
export function deriveHistory(o: DeriveOptions): Map<KlineInterval, Candle[]> {
  const k = o.direction * o.leverage;
  const price = (ticks: number) => o.tokenNow * Math.pow((ticks * o.underlyingTick) / o.underlyingNow, k);
  const toTicks = (p: number) => Math.max(1, Math.round(p / o.tokenTick));
  const out = new Map<KlineInterval, Candle[]>();
  for (const iv of KLINE_INTERVALS) {
    const list = o.underlying.list(iv).map((c): Candle => {
      const open = toTicks(price(c.open));
      const close = toTicks(price(c.close));
      // A short token's high is at the underlying's low.
      const a = toTicks(price(c.high));
      const b = toTicks(price(c.low));
      const high = Math.max(open, close, a, b);
      const low = Math.min(open, close, a, b);
      const value = c.volume * o.underlyingLot * c.close * o.underlyingTick * o.volumeShare;
      const volume = Math.max(0, Math.round(value / (price(c.close) * o.tokenLot)));
      const mid = Math.round((open + high + low + close) / 4);
      return { start: c.start, open, high, low, close, volume, turnover: BigInt(volume) * BigInt(mid), lastTradeTs: c.lastTradeTs };
    });
    out.set(iv, list);
  }
  return out;
}
