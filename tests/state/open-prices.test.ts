// Spec 6: logging in fetches the user's time zone, then that zone's open prices.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ANONYMOUS } from '../../src/core/user-info.ts';
import { loadOpenPriceData, openPrices, startOpenPriceSync, userTimeZone } from '../../src/state/account/open-prices.ts';
import { user, userKnown } from '../../src/state/account/user.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  user.value = ANONYMOUS;
  userKnown.value = false;
});

describe('open-price and time-zone data at login', () => {
  it('reads the zone, then the open prices of that zone', async () => {
    const asked: string[] = [];
    const ok = await loadOpenPriceData(() => true, { timeZone: async () => 'Asia/Tokyo', prices: async (z) => (asked.push(z), new Map([['BTCUSDT', '96000.5']])) });
    expect(ok).toBe(true);
    expect(asked).toEqual(['Asia/Tokyo']);
    expect(userTimeZone.value).toBe('Asia/Tokyo');
    expect(openPrices.value.get('BTCUSDT')).toBe('96000.5');
  });

  it('a login calls the exchange for both; a visitor calls nothing', async () => {
    const urls: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      urls.push(url);
      const body = url.startsWith('/spot/api/account/time_zone')
        ? { code: 0, success: true, result: { timeZone: 'Europe/Berlin' } }
        : { retCode: 0, retMsg: 'OK', result: { category: 'spot', data: [{ symbol: 'ETHUSDT', openPrice: '3000.00' }] } };
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    });
    const stop = startOpenPriceSync();
    userKnown.value = true;
    expect(urls).toEqual([]);
    user.value = { ...ANONYMOUS, userState: 1, id: 42 };
    await vi.waitFor(() => expect(openPrices.value.get('ETHUSDT')).toBe('3000.00'));
    expect(urls).toEqual(['/spot/api/account/time_zone', '/v5/market/open-price?category=spot&timeZone=Europe%2FBerlin']);
    // Logging out clears it.
    user.value = ANONYMOUS;
    expect(userTimeZone.value).toBeNull();
    expect(openPrices.value.size).toBe(0);
    stop();
  });
});
