import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { rawQuery } from '../../http/request.ts';
import { digits, query, text, type Schema } from '../../http/schemas.ts';
import { isKlineInterval, bucketStart } from '../sim/intervals.ts';
import { listedSymbols, marginTradingOf } from '../symbols.ts';
import type { Market } from '../sim/market.ts';
import type { Markets } from '../sim/markets.ts';
import { tickerFields } from '../ws/ticker.ts';
import { faultScopeOf } from '../faults/scope.ts';
import type { MarketRules } from '../market-rules.ts';
import { fail, intParam, ok, PARAM_ERROR } from './envelope.ts';
import type { InstrumentWire } from '../../../src/protocol/bybit-v5/instrument.ts';
import { encodeKlineRow, type KlineRowWire } from '../../../src/protocol/bybit-v5/kline.ts';

const CATEGORIES = new Set(['spot', 'linear', 'inverse', 'option']);

const CATEGORY = text(32);
const SYMBOL = text(64);

/** Query schemas: shapes only; categories, symbols, intervals and ranges answer Bybit's own messages below. */
const QUERIES: Record<string, Schema> = {
  '/v5/market/time': query({}),
  '/v5/market/instruments-info': query({ category: CATEGORY, symbol: SYMBOL, status: text(32), baseCoin: text(32), limit: digits(9), cursor: text(256) }),
  '/v5/market/tickers': query({ category: CATEGORY, symbol: SYMBOL, baseCoin: text(32) }),
  '/v5/market/orderbook': query({ category: CATEGORY, symbol: SYMBOL, limit: digits(9) }),
  '/v5/market/recent-trade': query({ category: CATEGORY, symbol: SYMBOL, baseCoin: text(32), limit: digits(9) }),
  '/v5/system/status': query({ id: text(64), state: text(16) }),
  '/v5/market/kline': query({ category: CATEGORY, symbol: SYMBOL, interval: text(8), start: digits(16), end: digits(16), limit: digits(9) }),
};

/** Registers /v5/market/* (docs: reference/bybit-v5/02_rest_market.md). Only spot exists locally. */
export function installMarketRoutes(app: FastifyInstance, markets: Markets, rules: MarketRules): void {
  // Public market data: counted per client IP (Bybit's 600 requests per 5 s), not per user.
  const get = (path: string, h: (url: URL, res: FastifyReply, request: FastifyRequest) => void) =>
    app.get(path, { schema: { querystring: QUERIES[path] }, config: { ipLimit: true } }, (request, reply) => {
      h(new URL(`http://localhost/?${rawQuery(request)}`), reply, request);
    });

  /** Checks `category`; answers and returns false when it is missing, unknown or not spot. */
  const spotOnly = (url: URL, res: FastifyReply, required = true): boolean => {
    const c = url.searchParams.get('category');
    if (c === null || c === '') {
      if (!required) return true;
      fail(res, PARAM_ERROR, 'params error: category is required');
      return false;
    }
    if (!CATEGORIES.has(c)) {
      fail(res, PARAM_ERROR, 'Illegal category');
      return false;
    }
    if (c !== 'spot') {
      fail(res, PARAM_ERROR, `params error: category ${c} is not available on the local exchange`);
      return false;
    }
    return true;
  };

  const market = (url: URL, res: FastifyReply, required: boolean): Market | null | undefined => {
    const s = url.searchParams.get('symbol');
    if (s === null || s === '') {
      if (required) fail(res, PARAM_ERROR, 'params error: symbol is required');
      return required ? undefined : null;
    }
    const m = markets.bySymbol.get(s);
    if (!m) fail(res, PARAM_ERROR, 'Not supported symbols');
    return m;
  };

  get('/v5/market/time', (_url, res) => {
    const now = Date.now();
    ok(res, { timeSecond: String(Math.floor(now / 1000)), timeNano: `${now}000000` });
  });

  // Bybit's system status (docs v5/system-status): the maintenance windows this client is shown.
  get('/v5/system/status', (url, res, request) => {
    const id = url.searchParams.get('id');
    const state = url.searchParams.get('state');
    const list = rules.records(faultScopeOf(request.headers.cookie)).filter((r) => (!id || r.id === id) && (!state || r.state === state));
    ok(res, { list });
  });

  get('/v5/market/instruments-info', (url, res, request) => {
    if (!spotOnly(url, res)) return;
    const m = market(url, res, false);
    if (m === undefined) return;
    const status = url.searchParams.get('status');
    const now = markets.now();
    const scope = faultScopeOf(request.headers.cookie);
    const list = (m ? [m] : markets.list)
      .map((x) => instrument(x, now, rules.banOf(x.def.symbol, scope), rules.isDelisted(x.def.symbol) || rules.isSuspended(x.def.symbol, scope)))
      .filter((x) => !status || x.status === status);
    ok(res, { category: 'spot', list, nextPageCursor: '' });
  });

  get('/v5/market/tickers', (url, res) => {
    if (!spotOnly(url, res)) return;
    const m = market(url, res, false);
    if (m === undefined) return;
    const now = markets.now();
    const list = (m ? [m] : markets.list).map((x) => {
      const t = tickerFields(x, markets, now);
      const bid = x.engine.depth(1);
      const b = bid.bids[0];
      const a = bid.asks[0];
      // REST spot tickers carry the top of book; key order as Bybit's example.
      const { symbol, ...rest } = t;
      return {
        symbol,
        bid1Price: b ? x.price(b.priceTicks) : '',
        bid1Size: b ? x.qty(b.totalLots) : '',
        ask1Price: a ? x.price(a.priceTicks) : '',
        ask1Size: a ? x.qty(a.totalLots) : '',
        lastPrice: rest.lastPrice,
        prevPrice24h: rest.prevPrice24h,
        price24hPcnt: rest.price24hPcnt,
        highPrice24h: rest.highPrice24h,
        lowPrice24h: rest.lowPrice24h,
        turnover24h: rest.turnover24h,
        volume24h: rest.volume24h,
        usdIndexPrice: rest.usdIndexPrice,
        ...(rest.nav !== undefined ? { nav: rest.nav, navTime: rest.navTime, leverage: rest.leverage } : {}),
      };
    });
    ok(res, { category: 'spot', list });
  });

  get('/v5/market/orderbook', (url, res) => {
    if (!spotOnly(url, res)) return;
    const m = market(url, res, true);
    if (!m) return;
    const limit = intParam(url, 'limit') ?? 1;
    if (!Number.isInteger(limit) || limit < 1 || limit > 1000) {
      fail(res, PARAM_ERROR, 'params error: limit must be between 1 and 1000');
      return;
    }
    const d = m.engine.depth(limit);
    const now = markets.now();
    ok(res, {
      s: m.def.symbol,
      a: d.asks.map((l) => [m.price(l.priceTicks), m.qty(l.totalLots)]),
      b: d.bids.map((l) => [m.price(l.priceTicks), m.qty(l.totalLots)]),
      ts: now,
      u: m.engine.version,
      seq: m.engine.seq,
      cts: m.lastBookTs || now,
    });
  });

  get('/v5/market/recent-trade', (url, res) => {
    if (!spotOnly(url, res)) return;
    const m = market(url, res, true);
    if (!m) return;
    const limit = intParam(url, 'limit') ?? 60;
    if (!Number.isInteger(limit) || limit < 1 || limit > 60) {
      fail(res, PARAM_ERROR, 'params error: limit must be between 1 and 60');
      return;
    }
    const list = m.recent
      .slice(-limit)
      .reverse()
      .map((t) => ({
        execId: t.id,
        symbol: m.def.symbol,
        price: m.price(t.priceTicks),
        size: m.qty(t.qtyLots),
        side: t.side,
        time: String(t.ts),
        isBlockTrade: false,
        isRPITrade: false,
        seq: String(t.seq),
      }));
    ok(res, { category: 'spot', list });
  });

  get('/v5/market/kline', (url, res) => {
    // Bybit defaults a missing category to linear; locally only spot exists, so it answers spot data.
    if (!spotOnly(url, res, false)) return;
    const m = market(url, res, true);
    if (!m) return;
    const interval = url.searchParams.get('interval') ?? '';
    if (!isKlineInterval(interval)) {
      fail(res, PARAM_ERROR, 'Invalid period!');
      return;
    }
    const limit = intParam(url, 'limit') ?? 200;
    const start = intParam(url, 'start');
    const end = intParam(url, 'end');
    if (!Number.isInteger(limit) || limit < 1 || limit > 1000) {
      fail(res, PARAM_ERROR, 'params error: limit must be between 1 and 1000');
      return;
    }
    if ((start !== undefined && !Number.isInteger(start)) || (end !== undefined && !Number.isInteger(end))) {
      fail(res, PARAM_ERROR, 'params error: start and end must be integers (ms)');
      return;
    }
    if (start !== undefined && end !== undefined && start > end) {
      fail(res, PARAM_ERROR, 'params error: start must not be after end');
      return;
    }
    const list = m.candles.list(interval);
    const from = start === undefined ? -Infinity : bucketStart(interval, start);
    const to = end ?? Infinity;
    // Binary search for the newest candle starting at or before `to`, then walk back (newest first).
    let lo = 0;
    let hi = list.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (list[mid]!.start <= to) lo = mid + 1;
      else hi = mid;
    }
    const rows: KlineRowWire[] = [];
    for (let i = lo - 1; i >= 0 && rows.length < limit; i--) {
      const c = list[i]!;
      if (c.start < from) break;
      rows.push(encodeKlineRow(c, m));
    }
    ok(res, { category: 'spot', symbol: m.def.symbol, list: rows });
  });
}

function instrument(m: Market, now: number, ban: { buy: boolean; sell: boolean }, delisted: boolean): InstrumentWire {
  const s = m.def;
  return {
    symbolId: symbolIdOf(s.symbol),
    symbol: s.symbol,
    baseCoin: s.base,
    quoteCoin: s.quote,
    innovation: s.innovation ? '1' : '0',
    // A symbol that opens later is listed as PreLaunch until then (local extension: launchTime says when).
    status: delisted ? 'Closed' : m.isOpen(now) ? 'Trading' : 'PreLaunch',
    marginTrading: marginTradingOf(s),
    stTag: '0',
    lotSizeFilter: {
      basePrecision: s.lotSize,
      quotePrecision: s.quotePrecision,
      minOrderQty: s.minOrderQty,
      maxOrderQty: s.maxOrderQty,
      minOrderAmt: s.minOrderAmt,
      maxOrderAmt: s.maxOrderAmt,
      maxLimitOrderQty: s.maxOrderQty,
      maxMarketOrderQty: s.maxOrderQty,
      postOnlyMaxLimitOrderSize: s.maxOrderQty,
    },
    priceFilter: { tickSize: s.tickSize },
    riskParameters: { priceLimitRatioX: '0.05', priceLimitRatioY: '0.05' },
    symbolType: s.innovation ? 'innovation' : s.adventure ? 'adventure' : '',
    launchTime: String(m.launchTime(now)),
    // Local extension: the merge steps of the order book (spec 3, digitMerge); Bybit has no such field.
    digitMerge: s.digitMerge,
    // Local extension (spec 3 Symbol flags): a side the exchange refuses orders on; Bybit's public rows have none.
    isBanBuy: ban.buy,
    isBanSell: ban.sell,
  };
}

const SYMBOL_IDS = new Map(listedSymbols(true).map((d, i) => [d.symbol, i + 1]));
/** Bybit's numeric `symbolId` (BTCUSDT is 9 there): the pair's place in the exchange's list, from 1. */
function symbolIdOf(symbol: string): number {
  return SYMBOL_IDS.get(symbol) ?? 0;
}
