import type { CandleStore } from './candles.ts';

const MINUTE = 60_000;
const DAY_MINUTES = 1440;

export interface Stats24h {
  prevPriceTicks: number;
  highTicks: number;
  lowTicks: number;
  volumeLots: number;
  turnoverUnits: bigint;
}

/**
 * Rolling 24 h statistics from the 1-minute candles (which only real trades move). The closed
 * minutes are summed once per minute; the open minute is added on every read.
 */
export class RollingStats {
  private cachedMinute = -1;
  private closed: Stats24h | undefined;

  constructor(private readonly candles: CandleStore) {}

  read(now: number): Stats24h | undefined {
    const list = this.candles.list('1');
    const last = list[list.length - 1];
    if (!last) return undefined;
    const minute = Math.floor(now / MINUTE);
    if (minute !== this.cachedMinute) {
      this.cachedMinute = minute;
      this.closed = undefined;
      const from = (minute - DAY_MINUTES) * MINUTE;
      let first: number | undefined;
      let high = -Infinity;
      let low = Infinity;
      let vol = 0;
      let turnover = 0n;
      for (let i = list.length - 1; i >= 0; i--) {
        const c = list[i]!;
        if (c.start < from) break;
        if (c.start >= minute * MINUTE) continue; // the open minute is added live below
        first = c.open;
        if (c.high > high) high = c.high;
        if (c.low < low) low = c.low;
        vol += c.volume;
        turnover += c.turnover;
      }
      if (first !== undefined) this.closed = { prevPriceTicks: first, highTicks: high, lowTicks: low, volumeLots: vol, turnoverUnits: turnover };
    }
    const open = last.start >= minute * MINUTE ? last : undefined;
    const base = this.closed;
    if (!base) {
      return open && { prevPriceTicks: open.open, highTicks: open.high, lowTicks: open.low, volumeLots: open.volume, turnoverUnits: open.turnover };
    }
    if (!open) return base;
    return {
      prevPriceTicks: base.prevPriceTicks,
      highTicks: Math.max(base.highTicks, open.high),
      lowTicks: Math.min(base.lowTicks, open.low),
      volumeLots: base.volumeLots + open.volume,
      turnoverUnits: base.turnoverUnits + open.turnover,
    };
  }
}
