// Focused edge cases of the page's REST client, with msw standing in for the network.
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api/http.ts';
import { fetchSpotSymbols } from '../../src/api/market.ts';
import { fetchUserInfo } from '../../src/api/user.ts';

const BASE = 'http://exchange.test';
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const row = (symbol: string, extra: Record<string, unknown> = {}) => ({
  symbol,
  baseCoin: symbol.replace('USDT', ''),
  quoteCoin: 'USDT',
  innovation: '0',
  status: 'Trading',
  lotSizeFilter: { basePrecision: '0.000001', quotePrecision: '0.00000001', minOrderQty: '0.000048', maxOrderQty: '71.7', minOrderAmt: '1', maxOrderAmt: '4000000' },
  priceFilter: { tickSize: '0.01' },
  ...extra,
});

describe('instruments-info', () => {
  it('keeps well-formed rows and drops malformed ones without failing the list', async () => {
    server.use(
      http.get(`${BASE}/v5/market/instruments-info`, () =>
        HttpResponse.json({
          retCode: 0,
          retMsg: 'OK',
          result: {
            category: 'spot',
            list: [
              row('BTCUSDT', { digitMerge: '0.01,0.1,1' }),
              row('BADUSDT', { priceFilter: { tickSize: '-1' } }),
              row('NANUSDT', { lotSizeFilter: { basePrecision: 'NaN' } }),
              'not a row',
              row('ETHUSDT', { innovation: '1' }),
            ],
          },
          retExtInfo: {},
          time: 1,
        }),
      ),
    );
    const list = await fetchSpotSymbols(BASE);
    expect(list.map((s) => s.symbolId)).toEqual(['BTCUSDT', 'ETHUSDT']);
    expect(list[0]).toMatchObject({ pricePrecision: 2, quantityPrecision: 6, digitMerge: '0.01,0.1,1', mark: '' });
    expect(list[1]!.mark).toBe('innovation');
  });

  it('a Bybit error envelope becomes an ApiError with its code and message', async () => {
    server.use(http.get(`${BASE}/v5/market/instruments-info`, () => HttpResponse.json({ retCode: 10001, retMsg: 'params error', result: {}, retExtInfo: {}, time: 1 })));
    await expect(fetchSpotSymbols(BASE)).rejects.toMatchObject({ name: 'ApiError', code: 10001, message: 'params error' });
  });

  it('an HTML error page or a dropped connection is a clear error, not a crash', async () => {
    server.use(http.get(`${BASE}/v5/market/instruments-info`, () => new HttpResponse('<html>bad gateway</html>', { status: 502 })));
    await expect(fetchSpotSymbols(BASE)).rejects.toBeInstanceOf(ApiError);
    server.use(http.get(`${BASE}/v5/market/instruments-info`, () => HttpResponse.error()));
    await expect(fetchSpotSymbols(BASE)).rejects.toMatchObject({ code: 'network' });
  });
});

describe('user info', () => {
  // fetchUserInfo calls a path on the page's own origin; give Node one to resolve against.
  beforeAll(() => {
    (globalThis as { location?: unknown }).location = new URL(BASE);
  });
  const url = `${BASE}/api/user/info`;

  it('401 means anonymous', async () => {
    server.use(http.get(url, () => HttpResponse.json({ code: 401 }, { status: 401 })));
    await expect(fetchUserInfo()).resolves.toMatchObject({ userState: -1, id: null });
  });

  it('a logged-in answer maps the User entity, flags included', async () => {
    server.use(
      http.get(url, () =>
        HttpResponse.json({ result: { userState: 1, id: 7, isUTA: true, isDemoAccount: false, unified_account: 2, is_copy_trading_leader: 1, double_confirm: { notifyClose: true } } }),
      ),
    );
    await expect(fetchUserInfo()).resolves.toMatchObject({ userState: 1, id: 7, isUTA: true, unifiedAccount: 2, isCopyTradingLeader: true, doubleConfirm: { notifyClose: true, successAudio: false } });
  });

  it('a server failure is an error the page can show, not a silent logout', async () => {
    server.use(http.get(url, () => HttpResponse.json({ retMsg: 'boom' }, { status: 500 })));
    await expect(fetchUserInfo()).rejects.toMatchObject({ status: 500 });
  });
});
