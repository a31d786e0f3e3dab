// Spec 6 / 7.1: the open prices a login fetches, per time zone (GET /v5/market/open-price).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayStartMs, OPEN_PRICE_PATH, zoneOffsetMs } from '../../server/exchange/rest/open-price-route.ts';
import { getJson, startTestExchange, type TestExchange } from './helpers.ts';

let ex: TestExchange;
beforeAll(async () => {
  ex = await startTestExchange();
});
afterAll(async () => {
  await ex?.stop();
});

describe('open prices by time zone', () => {
  it('finds local midnight of the zone', () => {
    const now = Date.UTC(2026, 10, 24, 6, 30);
    expect(zoneOffsetMs('UTC', now)).toBe(0);
    expect(zoneOffsetMs('Asia/Tokyo', now)).toBe(9 * 3_600_000);
    expect(zoneOffsetMs('Not/AZone', now)).toBeNull();
    expect(dayStartMs(now, 0)).toBe(Date.UTC(2026, 10, 24));
    // 06:30 UTC is 15:30 in Tokyo: its day began at 15:00 UTC the day before.
    expect(dayStartMs(now, 9 * 3_600_000)).toBe(Date.UTC(2026, 10, 23, 15));
    // 06:30 UTC is 22:30 the day before in Los Angeles (UTC-8 in November).
    expect(dayStartMs(now, -8 * 3_600_000)).toBe(Date.UTC(2026, 10, 23, 8));
  });

  it('answers result.data with each open market\'s open price at the start of that day', async () => {
    const r = (await getJson(`${ex.http}${OPEN_PRICE_PATH}?category=spot&timeZone=Asia/Tokyo`)) as { retCode: number; result: { timeZone: string; openTime: string; data: Array<{ symbol: string; openPrice: string }> } };
    expect(r.retCode).toBe(0);
    expect(r.result.timeZone).toBe('Asia/Tokyo');
    expect(Number(r.result.openTime)).toBe(dayStartMs(Date.now(), 9 * 3_600_000));
    const btc = r.result.data.find((d) => d.symbol === 'BTCUSDT');
    expect(btc?.openPrice).toMatch(/^\d+\.\d+$/);
    // A market that has not opened yet has no open price.
    expect(r.result.data.find((d) => d.symbol === 'NEWUSDT')).toBeUndefined();
  });

  it('refuses another category and an unknown zone', async () => {
    expect(((await getJson(`${ex.http}${OPEN_PRICE_PATH}?category=linear&timeZone=UTC`)) as { retCode: number }).retCode).toBe(10001);
    expect(((await getJson(`${ex.http}${OPEN_PRICE_PATH}?category=spot&timeZone=Mars/Base`)) as { retCode: number }).retCode).toBe(10001);
  });
});
