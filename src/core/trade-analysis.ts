// Trade analysis (issue 32): the user's fills of one pair over a range, per day and in total: what
// was bought and sold, the quote volume, the fees per coin and what closing fills realised (the
// exchange's closed P&L). Exact decimals throughout (18-place fixed point).
import { fx, fxPlain } from './decimal.ts';
import { localDay } from './pnl-days.ts';

export interface AnalysedFill {
  side: 'Buy' | 'Sell';
  qty: string;
  value: string;
  fee: string;
  feeCoin: string;
  time: number;
}

export interface RealisedRow {
  time: number;
  pnl: string;
}

export interface AnalysisRow {
  /** YYYY-MM-DD in the viewer's time zone, or 'total'. */
  day: string;
  fills: number;
  bought: string;
  sold: string;
  /** Quote value of all fills. */
  volume: string;
  /** Fees per coin, in the order first seen. */
  fees: ReadonlyArray<readonly [coin: string, amount: string]>;
  realised: string;
}

interface Sums {
  fills: number;
  bought: bigint;
  sold: bigint;
  volume: bigint;
  fees: Map<string, bigint>;
  realised: bigint;
}

const empty = (): Sums => ({ fills: 0, bought: 0n, sold: 0n, volume: 0n, fees: new Map(), realised: 0n });

const rowOf = (day: string, s: Sums): AnalysisRow => ({
  day, fills: s.fills, bought: fxPlain(s.bought), sold: fxPlain(s.sold), volume: fxPlain(s.volume),
  fees: [...s.fees].map(([c, v]) => [c, fxPlain(v)] as const), realised: fxPlain(s.realised),
});

/** Per day (newest first) and the total; a fill or a row whose figures are not decimals is left out. */
export function analyseTrades(fills: readonly AnalysedFill[], realised: readonly RealisedRow[], dayOf: (t: number) => string = localDay): { days: AnalysisRow[]; total: AnalysisRow } {
  const days = new Map<string, Sums>();
  const total = empty();
  const at = (t: number) => {
    const d = dayOf(t);
    let s = days.get(d);
    if (!s) days.set(d, (s = empty()));
    return s;
  };
  for (const f of fills) {
    const q = fx(f.qty);
    const v = fx(f.value);
    const fee = fx(f.fee);
    if (q === null || v === null || fee === null || !Number.isFinite(f.time)) continue;
    for (const s of [at(f.time), total]) {
      s.fills++;
      if (f.side === 'Buy') s.bought += q;
      else s.sold += q;
      s.volume += v;
      if (fee !== 0n) s.fees.set(f.feeCoin, (s.fees.get(f.feeCoin) ?? 0n) + fee);
    }
  }
  for (const r of realised) {
    const v = fx(r.pnl);
    if (v === null || !Number.isFinite(r.time)) continue;
    at(r.time).realised += v;
    total.realised += v;
  }
  return { days: [...days].sort(([a], [b]) => (a < b ? 1 : a > b ? -1 : 0)).map(([d, s]) => rowOf(d, s)), total: rowOf('total', total) };
}
