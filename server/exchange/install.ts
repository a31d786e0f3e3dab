import type { AppContext } from '../app.ts';
import { sendJson } from '../http/router.ts';
import { SYMBOLS } from './symbols.ts';

/** Registers the exchange's public market data. Grown by the exchange issue. */
export function installExchange(ctx: AppContext): void {
  ctx.router.on('GET', '/v5/market/time', (_req, res) => {
    const now = Date.now();
    sendJson(res, 200, {
      retCode: 0,
      retMsg: 'OK',
      result: { timeSecond: String(Math.floor(now / 1000)), timeNano: `${now}000000` },
      retExtInfo: {},
      time: now,
    });
  });
  ctx.router.on('GET', '/v5/market/instruments-info', (_req, res) => {
    sendJson(res, 200, {
      retCode: 0,
      retMsg: 'OK',
      result: {
        category: 'spot',
        list: SYMBOLS.map((s) => ({
          symbol: s.symbol,
          baseCoin: s.base,
          quoteCoin: s.quote,
          innovation: s.innovation ? '1' : '0',
          status: 'Trading',
          marginTrading: 'none',
          stTag: '0',
          lotSizeFilter: {
            basePrecision: s.lotSize,
            quotePrecision: s.quotePrecision,
            minOrderQty: s.minOrderQty,
            maxOrderQty: s.maxOrderQty,
            minOrderAmt: s.minOrderAmt,
            maxOrderAmt: s.maxOrderAmt,
          },
          priceFilter: { tickSize: s.tickSize },
          riskParameters: { priceLimitRatioX: '0.05', priceLimitRatioY: '0.05' },
        })),
      },
      retExtInfo: {},
      time: Date.now(),
    });
  });
}
