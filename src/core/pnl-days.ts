// The P&L tab's realised profit per day and coin (spec 2.13): closed-P&L rows summed exactly.
import { fx, fxPlain } from './decimal.ts';

export interface ClosedPnl {
  /** ms since the epoch */
  time: number;
  /** The coin the profit is in (the pair's quote coin). */
  coin: string;
  /** Decimal string, negative for a loss. */
  pnl: string;
}

export interface DayPnl {
  /** The day as `dayOf` names it (the page: YYYY-MM-DD in the viewer's time zone). */
  day: string;
  coin: string;
  pnl: string;
  /** How many closing fills it sums. */
  count: number;
}

/** The viewer's local calendar day of a time, as YYYY-MM-DD. */
export function localDay(t: number): string {
  const d = new Date(t);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** Newest day first, then by coin; rows whose amount is not a decimal are left out. */
export function pnlByDay(rows: readonly ClosedPnl[], dayOf: (t: number) => string = localDay): DayPnl[] {
  const sums = new Map<string, { day: string; coin: string; sum: bigint; count: number }>();
  for (const r of rows) {
    const v = fx(r.pnl);
    if (v === null || !Number.isFinite(r.time)) continue;
    const day = dayOf(r.time);
    const key = `${day} ${r.coin}`;
    const e = sums.get(key) ?? { day, coin: r.coin, sum: 0n, count: 0 };
    e.sum += v;
    e.count++;
    sums.set(key, e);
  }
  return [...sums.values()]
    .sort((a, b) => (a.day === b.day ? a.coin.localeCompare(b.coin) : a.day < b.day ? 1 : -1))
    .map((e) => ({ day: e.day, coin: e.coin, pnl: fxPlain(e.sum), count: e.count }));
}
