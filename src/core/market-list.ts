// Rows of the header's market list (spec 2.8): filtering and ordering, free of React and signals.
import { isPositiveDecimal } from './decimal.ts';
import type { SpotSymbol } from './symbols.ts';

export interface MarketListTicker {
  lastPrice: string;
  price24hPcnt: string;
  turnover24h: string;
}

export interface MarketListRow {
  symbol: SpotSymbol;
  ticker: MarketListTicker | undefined;
}

export type MarketSortKey = 'default' | 'pair' | 'price' | 'change';
export type SortDirection = 'asc' | 'desc';

/** Case-insensitive match on the base, the quote, 'BASE/QUOTE' or the symbol id ('ethusdt', 'eth/u'). */
export function matchesQuery(symbol: SpotSymbol, query: string): boolean {
  const q = query.trim().toUpperCase().replace(/\s+/g, '');
  if (!q) return true;
  const pair = `${symbol.baseTokenName}/${symbol.quoteTokenName}`.toUpperCase();
  return pair.includes(q) || symbol.symbolId.toUpperCase().includes(q.replace('/', ''));
}

// Values compared as numbers only for ordering; what is shown stays the exchange's decimal string.
const num = (s: string | undefined): number => {
  const n = Number(s);
  return s === undefined || s === '' || !Number.isFinite(n) ? Number.NaN : n;
};

const byPair = (a: MarketListRow, b: MarketListRow) =>
  `${a.symbol.baseTokenName}/${a.symbol.quoteTokenName}`.localeCompare(`${b.symbol.baseTokenName}/${b.symbol.quoteTokenName}`);

/** Rows without a ticker always sink to the end, whichever direction is chosen. */
function byNumber(pick: (r: MarketListRow) => number, dir: SortDirection) {
  return (a: MarketListRow, b: MarketListRow) => {
    const x = pick(a);
    const y = pick(b);
    if (Number.isNaN(x) || Number.isNaN(y)) return Number.isNaN(x) ? (Number.isNaN(y) ? byPair(a, b) : 1) : -1;
    return (dir === 'asc' ? x - y : y - x) || byPair(a, b);
  };
}

/**
 * The default order puts the default quote's markets first (their turnovers share a unit and
 * are the ones most people trade), each quote group by 24 h turnover, busiest first.
 */
const byDefault = (defaultQuote: string) => (a: MarketListRow, b: MarketListRow): number => {
  const qa = a.symbol.quoteTokenName === defaultQuote ? 0 : 1;
  const qb = b.symbol.quoteTokenName === defaultQuote ? 0 : 1;
  if (qa !== qb) return qa - qb;
  if (a.symbol.quoteTokenName !== b.symbol.quoteTokenName) return a.symbol.quoteTokenName.localeCompare(b.symbol.quoteTokenName);
  return byNumber((r) => num(r.ticker?.turnover24h), 'desc')(a, b);
};

/** Filters by `query` and orders the rows; never mutates `rows`. */
export function marketListRows(rows: readonly MarketListRow[], query: string, key: MarketSortKey, dir: SortDirection, defaultQuote: string): MarketListRow[] {
  const out = rows.filter((r) => matchesQuery(r.symbol, query));
  if (key === 'default') return out.sort(byDefault(defaultQuote));
  if (key === 'pair') return out.sort((a, b) => (dir === 'asc' ? byPair(a, b) : byPair(b, a)));
  const pick = key === 'price' ? (r: MarketListRow) => num(r.ticker?.lastPrice) : (r: MarketListRow) => num(r.ticker?.price24hPcnt);
  return out.sort(byNumber(pick, dir));
}

/**
 * `rows` in the order `order` gave them (symbol ids of an earlier sort), rows not in it after them
 * in `rows`' own order. A list sorted by live figures (the default, by 24 h turnover; by price or
 * change) keeps its rows in place between re-sorts: at the stress feed its rows swapped 15 times a
 * second, each a row taken out of the table and put back (issue 37), and a row that jumps while the
 * trader reaches for it is the wrong row.
 */
export function inOrder(order: readonly string[], rows: readonly MarketListRow[]): MarketListRow[] {
  const at = new Map(order.map((id, i) => [id, i]));
  const known: MarketListRow[] = [];
  const added: MarketListRow[] = [];
  for (const r of rows) (at.has(r.symbol.symbolId) ? known : added).push(r);
  known.sort((a, b) => at.get(a.symbol.symbolId)! - at.get(b.symbol.symbolId)!);
  return known.concat(added);
}

/**
 * `rows` with each row that shows what it showed before replaced by its earlier object (same
 * symbol, same last price and 24 h change), so a memoized table draws only the rows whose text
 * changed; `prev` is the earlier call's result.
 */
export function reuseUnchangedRows(prev: readonly MarketListRow[], rows: readonly MarketListRow[]): MarketListRow[] {
  const before = new Map(prev.map((r) => [r.symbol.symbolId, r]));
  return rows.map((r) => {
    const old = before.get(r.symbol.symbolId);
    const same = old !== undefined && old.symbol === r.symbol && old.ticker?.lastPrice === r.ticker?.lastPrice && old.ticker?.price24hPcnt === r.ticker?.price24hPcnt;
    return same ? old : r;
  });
}

/**
 * A list row's ticker (issue 37: only the rows in view stream): the pushed one while the symbol
 * streams, else the last read of every ticker (a row that left the view a while ago would keep
 * its last pushed figures otherwise), else whatever was pushed.
 */
export function listRowTicker<T>(symbolId: string, pushed: ReadonlyMap<string, T>, read: ReadonlyMap<string, T>, streaming: ReadonlySet<string>): T | undefined {
  const live = pushed.get(symbolId);
  return (streaming.has(symbolId) ? live : undefined) ?? read.get(symbolId) ?? live;
}

/**
 * Whether a row has a price to show: a pair not open yet has a ticker whose last price is "0"
 * (walkthrough 7: NEW/USDT read 0.0000 and 0.00 %, as if it had traded at zero); it shows '--'.
 */
export function hasTraded(t: MarketListTicker | undefined): t is MarketListTicker {
  return t !== undefined && isPositiveDecimal(t.lastPrice);
}
