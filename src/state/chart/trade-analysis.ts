// Trade analysis (issue 32): the user's fills of the active pair and what its closing fills realised
// over a chosen range (7, 30 or 180 days), read while the Trade analysis view shows and after each
// wallet push (a fill moves the wallet), summed per day by core/trade-analysis.ts.
import { fetchChartFills } from '../../api/chart-trades.ts';
import { fetchClosedPnl } from '../../api/margin.ts';
import { analyseTrades, type AnalysisRow } from '../../core/trade-analysis.ts';
import { afterWalletPush } from '../account/wallet-reads.ts';
import { isLoggedIn, user } from '../account/user.ts';
import { activeSymbol } from '../market/active-market.ts';
import { pollPool } from '../poll.ts';
import { computed, effect, signal } from '../signals.ts';
import { PNL_RANGES, type PnlRange } from '../trading/positions.ts';

export { PNL_RANGES as ANALYSIS_RANGES };
export type { AnalysisRow } from '../../core/trade-analysis.ts';

/** The range the analysis covers. */
export const analysisRange = signal<PnlRange>(7);

export function setAnalysisRange(days: PnlRange): void {
  analysisRange.value = days;
}

interface Query {
  owner: string;
  symbol: string;
  days: PnlRange;
}

const reads = pollPool<Query, { days: AnalysisRow[]; total: AnalysisRow } | null>(
  (q) => ({
    read: async () => {
      const [fills, closed] = await Promise.all([fetchChartFills(q.symbol, q.days), fetchClosedPnl(q.days, q.symbol)]);
      return analyseTrades(
        fills.map((f) => ({ side: f.side, qty: f.execQty, value: f.execValue, fee: f.execFee, feeCoin: f.feeCurrency, time: f.tradeTime })),
        closed.map((c) => ({ time: c.time, pnl: c.pnl })),
      );
    },
    everyMs: null,
    initial: null,
  }),
  (q) => `${q.owner}/${q.symbol}/${q.days}`,
);

const query = computed<Query | null>(() => {
  const sym = activeSymbol.value;
  return isLoggedIn.value && sym ? { owner: String(user.value.id ?? ''), symbol: sym.symbolId, days: analysisRange.value } : null;
});

/** Reads while the view shows, again after each wallet push (account/wallet-reads.ts); returns the release. */
export function watchTradeAnalysis(): () => void {
  const stopRead = effect(() => {
    const q = query.value;
    return q ? reads.use(q) : undefined;
  });
  const stopPush = afterWalletPush(() => {
    const q = query.peek();
    if (q) void reads.refresh((x) => x.owner === q.owner && x.symbol === q.symbol && x.days === q.days);
  });
  return () => {
    stopPush();
    stopRead();
  };
}

/** The analysis of the active pair over the range; null while it loads (or logged out). */
export const tradeAnalysis = computed(() => {
  const q = query.value;
  return q ? reads.data(q, null) : null;
});

/** The last read failed. */
export const tradeAnalysisFailed = computed(() => {
  const q = query.value;
  return q ? reads.status(q).error !== null : false;
});
