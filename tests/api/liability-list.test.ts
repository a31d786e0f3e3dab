// Spec 7.2's liability list: sent with settleCoin 'all' and ignoreZeroBorrowSize true, read from
// result.list; a refusal is an error with the exchange's message (issue 34 item 5).
import { afterEach, describe, expect, test, vi } from 'vitest';
import { fetchLiabilities } from '../../src/api/margin.ts';

afterEach(() => vi.unstubAllGlobals());

function answer(body: unknown, sent: Array<{ url: string; method: string; body: unknown }>) {
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    sent.push({ url: String(url), method: init?.method ?? 'GET', body: init?.body ? JSON.parse(String(init.body)) : null });
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  });
}

describe('liability list (spec 7.2)', () => {
  test("sends settleCoin 'all' and ignoreZeroBorrowSize true; reads result.list", async () => {
    const sent: Array<{ url: string; method: string; body: unknown }> = [];
    answer({ retCode: 0, retMsg: 'OK', result: { list: [{ coin: 'USDT', borrowSize: '100.5', interest: '0.01', hourlyBorrowRate: '0.000001' }] } }, sent);
    expect(await fetchLiabilities()).toEqual([{ coin: 'USDT', borrowSize: '100.5', interest: '0.01', hourlyBorrowRate: '0.000001' }]);
    expect(sent).toEqual([{ url: '/unified/spot/v5/margin/liabilities', method: 'POST', body: { settleCoin: 'all', ignoreZeroBorrowSize: true } }]);
  });

  test('a non-zero retCode is an error carrying the message', async () => {
    answer({ retCode: 10016, retMsg: 'Server error (test)', result: {} }, []);
    await expect(fetchLiabilities()).rejects.toThrow('Server error (test)');
  });
});
