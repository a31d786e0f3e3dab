import { describe, expect, it, test } from 'vitest';
import { hasTraded, inOrder, listRowTicker, marketListRows, matchesQuery, reuseUnchangedRows, type MarketListRow } from '../../src/core/market-list.ts';
import type { SpotSymbol } from '../../src/core/symbols.ts';

function sym(base: string, quote: string): SpotSymbol {
  return {
    symbolId: `${base}${quote}`, symbolName: `${base}${quote}`, baseTokenName: base, quoteTokenName: quote,
    tickSize: '0.01', lotSize: '0.001', pricePrecision: 2, quantityPrecision: 3, amountPrecision: 8,
    minTradeQuantity: '0', maxTradeQuantity: '0', minTradeAmount: '0', maxTradeAmount: '0', digitMerge: '', mark: '', tradeStatus: 'Trading', isBanBuy: false, isBanSell: false, margin: false,
  };
}
const row = (base: string, quote: string, lastPrice?: string, pcnt?: string, turnover?: string): MarketListRow => ({
  symbol: sym(base, quote),
  ticker: lastPrice === undefined ? undefined : { lastPrice, price24hPcnt: pcnt ?? '0', turnover24h: turnover ?? '0' },
});

const ROWS: MarketListRow[] = [
  row('SOL', 'USDT', '190.5', '0.05', '2000000'),
  row('ETH', 'BTC', '0.035', '-0.01', '90'),
  row('BTC', 'USDT', '97000', '-0.002', '900000000'),
  row('NEW', 'USDT'),
  row('ETH', 'USDT', '3400', '0.012', '50000000'),
];
const pairs = (rows: MarketListRow[]) => rows.map((r) => `${r.symbol.baseTokenName}/${r.symbol.quoteTokenName}`);

describe('market list rows (spec 2.8)', () => {
  it('searches base, quote, pair and symbol id, ignoring case and spaces', () => {
    const eth = sym('ETH', 'USDT');
    for (const q of ['eth', 'ETH/US', 'ethusdt', ' usdt ', 'eth / usdt', '']) expect(matchesQuery(eth, q), q).toBe(true);
    for (const q of ['btc', 'USDT/ETH', 'ethbtc']) expect(matchesQuery(eth, q), q).toBe(false);
    expect(pairs(marketListRows(ROWS, 'eth', 'default', 'desc', 'USDT'))).toEqual(['ETH/USDT', 'ETH/BTC']);
  });

  it('by default lists the default quote first, busiest first, markets without a ticker last in their group', () => {
    expect(pairs(marketListRows(ROWS, '', 'default', 'desc', 'USDT'))).toEqual(['BTC/USDT', 'ETH/USDT', 'SOL/USDT', 'NEW/USDT', 'ETH/BTC']);
  });

  it('sorts by price and change numerically both ways, rows without a ticker always last', () => {
    expect(pairs(marketListRows(ROWS, '', 'price', 'desc', 'USDT'))).toEqual(['BTC/USDT', 'ETH/USDT', 'SOL/USDT', 'ETH/BTC', 'NEW/USDT']);
    expect(pairs(marketListRows(ROWS, '', 'price', 'asc', 'USDT'))).toEqual(['ETH/BTC', 'SOL/USDT', 'ETH/USDT', 'BTC/USDT', 'NEW/USDT']);
    expect(pairs(marketListRows(ROWS, '', 'change', 'desc', 'USDT'))).toEqual(['SOL/USDT', 'ETH/USDT', 'BTC/USDT', 'ETH/BTC', 'NEW/USDT']);
  });

  it('sorts by pair name and leaves the input untouched', () => {
    const before = pairs(ROWS);
    expect(pairs(marketListRows(ROWS, '', 'pair', 'asc', 'USDT'))).toEqual(['BTC/USDT', 'ETH/BTC', 'ETH/USDT', 'NEW/USDT', 'SOL/USDT']);
    expect(pairs(marketListRows(ROWS, '', 'pair', 'desc', 'USDT'))).toEqual(['SOL/USDT', 'NEW/USDT', 'ETH/USDT', 'ETH/BTC', 'BTC/USDT']);
    expect(pairs(ROWS)).toEqual(before);
  });
});

describe('reuseUnchangedRows', () => {
  it('keeps a row object whose symbol, price and change read the same, and takes the new one otherwise', () => {
    const btc = sym('BTC', 'USDT');
    const eth = sym('ETH', 'USDT');
    const prev: MarketListRow[] = [
      { symbol: btc, ticker: { lastPrice: '97000', price24hPcnt: '0.01', turnover24h: '5' } },
      { symbol: eth, ticker: { lastPrice: '3400', price24hPcnt: '0.02', turnover24h: '5' } },
    ];
    // BTC: only the turnover moved (not shown); ETH: its price moved; a new symbol object is a new row.
    const next: MarketListRow[] = [
      { symbol: eth, ticker: { lastPrice: '3401', price24hPcnt: '0.02', turnover24h: '5' } },
      { symbol: btc, ticker: { lastPrice: '97000', price24hPcnt: '0.01', turnover24h: '9' } },
      { symbol: sym('SOL', 'USDT'), ticker: undefined },
    ];
    const out = reuseUnchangedRows(prev, next);
    expect(out[0]).toBe(next[0]);
    expect(out[1]).toBe(prev[0]);
    expect(out[2]).toBe(next[2]);
    // The order is the new one's.
    expect(out.map((r) => r.symbol.symbolId)).toEqual(['ETHUSDT', 'BTCUSDT', 'SOLUSDT']);
    // Same text but a new symbol object (precision may have changed): a new row.
    const again = reuseUnchangedRows(out, [{ symbol: sym('BTC', 'USDT'), ticker: { lastPrice: '97000', price24hPcnt: '0.01', turnover24h: '9' } }]);
    expect(again[0]).not.toBe(prev[0]);
  });
});

describe('inOrder: rows keep their places between re-sorts (issue 37)', () => {
  it('orders rows as an earlier sort did, however their figures moved since; new rows after', () => {
    const first = marketListRows(ROWS, '', 'default', 'desc', 'USDT');
    const order = first.map((r) => r.symbol.symbolId);
    // SOL's turnover passes BTC's: a fresh sort would swap them; the kept order does not.
    const moved = ROWS.map((r) => (r.symbol.symbolId === 'SOLUSDT' ? row('SOL', 'USDT', '191', '0.06', '999000000') : r));
    const fresh = marketListRows(moved, '', 'default', 'desc', 'USDT');
    expect(pairs(fresh).indexOf('SOL/USDT')).toBeLessThan(pairs(fresh).indexOf('BTC/USDT'));
    const kept = inOrder(order, fresh);
    expect(pairs(kept)).toEqual(pairs(first));
    expect(kept.find((r) => r.symbol.symbolId === 'SOLUSDT')!.ticker!.lastPrice).toBe('191');
    const withNew = inOrder(order.slice(0, 2), fresh);
    expect(pairs(withNew).slice(0, 2)).toEqual(pairs(first).slice(0, 2));
    expect(withNew).toHaveLength(fresh.length);
    expect(inOrder([], fresh)).toEqual(fresh);
  });
});

test('a list row shows the pushed ticker while its symbol streams, else the last read of every ticker', () => {
  const pushed = new Map([['BTCUSDT', 'pushed-btc'], ['ETHUSDT', 'pushed-eth']]);
  const read = new Map([['BTCUSDT', 'read-btc'], ['SOLUSDT', 'read-sol']]);
  const streaming = new Set(['BTCUSDT']);
  expect(listRowTicker('BTCUSDT', pushed, read, streaming)).toBe('pushed-btc');
  // Out of view since: its last push is older than the read.
  expect(listRowTicker('BTCUSDT', pushed, read, new Set())).toBe('read-btc');
  // Streaming but not pushed yet: the read.
  expect(listRowTicker('SOLUSDT', pushed, read, new Set(['SOLUSDT']))).toBe('read-sol');
  // Never read (a list opened before its first read came): what was pushed, else nothing.
  expect(listRowTicker('ETHUSDT', pushed, read, new Set())).toBe('pushed-eth');
  expect(listRowTicker('XRPUSDT', pushed, read, streaming)).toBeUndefined();
});

test('a pair not open yet (last price "0") has no price to show; a traded one has', () => {
  expect(hasTraded({ lastPrice: '0', price24hPcnt: '0', turnover24h: '0' })).toBe(false);
  expect(hasTraded({ lastPrice: '0.0000', price24hPcnt: '0', turnover24h: '0' })).toBe(false);
  expect(hasTraded({ lastPrice: '', price24hPcnt: '', turnover24h: '' })).toBe(false);
  expect(hasTraded(undefined)).toBe(false);
  expect(hasTraded({ lastPrice: '0.00001871', price24hPcnt: '0.01', turnover24h: '5' })).toBe(true);
});
