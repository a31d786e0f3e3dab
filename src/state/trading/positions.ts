// The integrated orders area's positions and profit and loss (spec 2.13, 7.2, 7.7): the account's
// spot positions and its closing fills, read while shown and again after each wallet push
// (account/wallet-reads.ts); their value and unrealised P&L at the live tickers, whose symbols are
// watched meanwhile; and closing a position with a market sell.
import { fetchClosedPnl } from '../../api/margin.ts';
import { fetchPositions } from '../../api/positions.ts';
import { pnlByDay, type DayPnl } from '../../core/pnl-days.ts';
import { EMPTY_DRAFT } from '../../core/order-rules.ts';
import { isDustSize, markValue, pnlByCoin, unrealisedPnl, type Position } from '../../core/positions.ts';
import { walletRead } from '../account/wallet-reads.ts';
import { activeSymbol } from '../market/active-market.ts';
import { staleData } from '../market/data-age.ts';
import { tickers } from '../market/market-data.ts';
import { symbolById, symbolList } from '../market/markets.ts';
import { watchTickers } from '../market/ticker-watch.ts';
import { computed, effect, signal } from '../signals.ts';
import { fx, fxPlain } from '../../core/decimal.ts';
import { placeOrder, type PlaceResult } from './trading.ts';

export type { Position } from '../../core/positions.ts';
export type { DayPnl } from '../../core/pnl-days.ts';

const positionsRead = walletRead(() => fetchPositions());
/** The P&L tab's ranges (spec 2.12: 7, 30 and 180 days). */
export const PNL_RANGES = [7, 30, 180] as const;
export type PnlRange = (typeof PNL_RANGES)[number];
/** The range the P&L tab shows. */
export const pnlRange = signal<PnlRange>(7);

// The rows come with the range they were read for: a table never shows one range's sums under another's title.
const closedRead = walletRead(async () => {
  const days = pnlRange.peek();
  return { days, rows: await fetchClosedPnl(days) };
});

/** Shows another range: read again at once. */
export function setPnlRange(days: PnlRange): void {
  if (pnlRange.peek() === days) return;
  pnlRange.value = days;
  void closedRead.poll.refresh();
}

/** The account's positions, dust left out (core/positions.ts isDustSize); null before the first answer. */
export const positions = computed(() => {
  const list = positionsRead.poll.data.value;
  if (!list) return null;
  void symbolList.value;
  return list.filter((p) => !isDustSize(p.size, symbolById(p.symbolId)?.quantityPrecision));
});

/** Reads the positions while shown, and streams their symbols' tickers (their live prices) meanwhile. */
export function watchPositions(): () => void {
  const release = positionsRead.watch();
  const symbols = computed(() => [...new Set((positions.value ?? []).map((p) => p.symbolId))].join(','));
  const stopTickers = effect(() => {
    const list = symbols.value;
    return watchTickers('positions', list ? list.split(',') : []);
  });
  return () => {
    stopTickers();
    release();
  };
}

/** A position's last price: the live ticker's, or its average entry until a ticker comes. */
const lastOf = (p: Position) => tickers.value.get(p.symbolId)?.lastPrice ?? p.avgPrice;

export interface PositionRow extends Position {
  /** Its value and unrealised P&L at the last price (decimal strings; null when not computable). */
  markValue: string | null;
  pnl: string | null;
  /** That price is stale (unrealisedStale's rule, per row): its figures must look it. */
  stale: boolean;
}

/** The positions at the live prices; null before the first answer. */
export const positionRows = computed<readonly PositionRow[] | null>(() => {
  const list = positions.value;
  if (!list) return null;
  const staleSymbol = staleData.ticker.value ? activeSymbol.value?.symbolId : undefined;
  return list.map((p) => {
    const last = lastOf(p);
    return { ...p, markValue: markValue(last, p.size), pnl: unrealisedPnl(last, p.avgPrice, p.size, p.cost, p.short), stale: p.symbolId === staleSymbol };
  });
});

/** The coin a position's P&L is in: its pair's quote coin. */
const quoteOf = (p: Position) => symbolById(p.symbolId)?.quoteTokenName ?? p.symbolId;

/** Unrealised P&L per quote coin (the coin it is counted in) at the live prices; null before the first answer. */
export const unrealisedByCoin = computed(() => {
  const list = positions.value;
  void symbolList.value;
  return list ? pnlByCoin(list, lastOf, quoteOf) : null;
});

/**
 * Whether unrealised figures rest on a stale price: a position is on the shown pair while its
 * ticker is stale (fourth walkthrough: the header said the data was a minute old while the P&L tab
 * went on showing its figure as if live). Other pairs' tickers carry no staleness of their own.
 */
export const unrealisedStale = computed(() => {
  const s = activeSymbol.value?.symbolId;
  return !!s && staleData.ticker.value && (positions.value ?? []).some((p) => p.symbolId === s);
});

/** Reads the closing fills while shown (and after each wallet push); returns the release. */
export function watchClosedPnl(): () => void {
  return closedRead.watch();
}

/** Realised profit per day and coin (the pair's quote coin) over the chosen range; null before the first answer or while another range is read. */
export const dailyPnl = computed<readonly DayPnl[] | null>(() => {
  const read = closedRead.poll.data.value;
  if (!read || read.days !== pnlRange.value) return null;
  void symbolList.value;
  return pnlByDay(read.rows.map((r) => ({ time: r.time, pnl: r.pnl, coin: symbolById(r.symbolId)?.quoteTokenName ?? r.symbolId })));
});

/** Realised totals per coin over the chosen range (the days' sums added up); null as dailyPnl. */
export const realisedByCoin = computed<ReadonlyArray<readonly [coin: string, pnl: string]> | null>(() => {
  const days = dailyPnl.value;
  if (!days) return null;
  const sums = new Map<string, bigint>();
  for (const d of days) sums.set(d.coin, (sums.get(d.coin) ?? 0n) + (fx(d.pnl) ?? 0n));
  return [...sums].map(([coin, v]) => [coin, fxPlain(v)] as const);
});

/**
 * Closes a position: a closing (reduce-only) market order of its size cut to the symbol's quantity
 * precision (digits dropped, never rounded up): a sell of a holding, a buy of a short.
 */
export function closePosition(p: Position): Promise<PlaceResult> {
  const sym = symbolById(p.symbolId);
  const dp = sym ? sym.quantityPrecision : 6;
  const [i, f = ''] = p.size.split('.');
  const qty = dp > 0 && f ? `${i}.${f.slice(0, dp)}` : i!;
  return placeOrder({ ...EMPTY_DRAFT, kind: 'market', side: p.short ? 'Buy' : 'Sell', marketBy: 'qty', qty, closing: true }, p.symbolId, 'form');
}
