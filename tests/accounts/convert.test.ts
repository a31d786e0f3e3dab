// Issue 17 item 4: OTC convert through Bybit's /v5/asset/exchange/* with the real bybit-api client:
// a quote at the market price less the spread, valid 10 s, converted once from the user's balances.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { RestClientV5 } from 'bybit-api';
import { ALICE, BOB, balance, login, removeDir, startTestServer, totals, type TestServer } from './helpers.ts';

let now = Date.UTC(2026, 10, 24, 12);
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ gridClock: () => now });
  // One trade at 50,000 sets BTC's price.
  const bob = new RestClientV5({ key: BOB.key, secret: BOB.secret, baseUrl: s.url });
  const alice = new RestClientV5({ key: ALICE.key, secret: ALICE.secret, baseUrl: s.url });
  expect((await bob.submitOrder({ category: 'spot', symbol: 'BTCUSDT', side: 'Sell', orderType: 'Limit', qty: '0.01', price: '50000' })).retCode).toBe(0);
  expect((await alice.submitOrder({ category: 'spot', symbol: 'BTCUSDT', side: 'Buy', orderType: 'Limit', qty: '0.01', price: '50000' })).retCode).toBe(0);
});
afterAll(async () => {
  await s.stop();
  removeDir(s.dataDir);
});

const client = () => new RestClientV5({ key: ALICE.key, secret: ALICE.secret, baseUrl: s.url });

describe('OTC convert', () => {
  test('lists the coins with the balance; quotes USDT → BTC at the price less 0.1 %; converts once; the totals are unchanged', async () => {
    const api = client();
    const coins = await api.getConvertCoins({ accountType: 'eb_convert_uta' });
    expect(coins.retCode).toBe(0);
    expect(coins.result.coins.map((c) => c.coin)).toEqual(expect.arrayContaining(['USDT', 'BTC', 'ETH', 'SUI']));
    const before = { usdt: balance(s.db, ALICE.id, 'USDT').available, btc: balance(s.db, ALICE.id, 'BTC').available };
    const sums = totals(s.db);
    const q = await api.requestConvertQuote({ fromCoin: 'USDT', toCoin: 'BTC', requestCoin: 'USDT', requestAmount: '100', accountType: 'eb_convert_uta' });
    expect(q.retCode).toBe(0);
    // 100 / 50,000 × 0.999 = 0.001998 BTC.
    expect(q.result).toMatchObject({ fromCoin: 'USDT', toCoin: 'BTC', fromAmount: '100', toAmount: '0.001998', exchangeRate: '0.00001998' });
    expect(Number(q.result.expiredTime)).toBe(now + 10_000);
    expect((await api.getConvertStatus({ quoteTxId: q.result.quoteTxId, accountType: 'eb_convert_uta' })).result.result.exchangeStatus).toBe('init');
    const done = await api.confirmConvertQuote({ quoteTxId: q.result.quoteTxId });
    expect(done.retCode).toBe(0);
    expect(Number(balance(s.db, ALICE.id, 'USDT').available)).toBeCloseTo(Number(before.usdt) - 100, 8);
    expect(Number(balance(s.db, ALICE.id, 'BTC').available)).toBeCloseTo(Number(before.btc) + 0.001998, 8);
    expect(totals(s.db)).toEqual(sums);
    expect((await api.getConvertStatus({ quoteTxId: q.result.quoteTxId, accountType: 'eb_convert_uta' })).result.result).toMatchObject({ exchangeStatus: 'success', toAmount: '0.001998' });
    // Once only.
    expect((await api.confirmConvertQuote({ quoteTxId: q.result.quoteTxId })).retCode).toBe(10001);
    const history = await api.getConvertHistory({ accountType: 'eb_convert_uta' });
    expect(history.result.list[0]).toMatchObject({ fromCoin: 'USDT', toCoin: 'BTC', exchangeStatus: 'success' });
  });

  test('a quote expires after 10 s; asking in the target coin prices the source; bad requests are refused', async () => {
    const api = client();
    const q = await api.requestConvertQuote({ fromCoin: 'BTC', toCoin: 'USDT', requestCoin: 'USDT', requestAmount: '49.95', accountType: 'eb_convert_uta' });
    expect(q.result).toMatchObject({ toAmount: '49.95', fromAmount: '0.001' });
    now += 10_001;
    expect((await api.confirmConvertQuote({ quoteTxId: q.result.quoteTxId })).retMsg).toContain('expired');
    for (const bad of [
      { fromCoin: 'USDT', toCoin: 'USDT', requestCoin: 'USDT', requestAmount: '10' },
      { fromCoin: 'USDT', toCoin: 'DOGE', requestCoin: 'USDT', requestAmount: '10' },
      { fromCoin: 'USDT', toCoin: 'BTC', requestCoin: 'ETH', requestAmount: '10' },
      { fromCoin: 'USDT', toCoin: 'BTC', requestCoin: 'USDT', requestAmount: '0.5' },
      { fromCoin: 'USDT', toCoin: 'BTC', requestCoin: 'USDT', requestAmount: '-1' },
    ]) {
      const r = await api.requestConvertQuote({ ...bad, accountType: 'eb_convert_uta' });
      expect(r.retCode, JSON.stringify(bad)).toBe(10001);
    }
    // More than the balance: quoted, refused at execution, nothing moved.
    const big = await api.requestConvertQuote({ fromCoin: 'USDT', toCoin: 'BTC', requestCoin: 'USDT', requestAmount: '900000', accountType: 'eb_convert_uta' });
    const usdt = balance(s.db, ALICE.id, 'USDT').available;
    expect((await api.confirmConvertQuote({ quoteTxId: big.result.quoteTxId })).retCode).toBe(170131);
    expect(balance(s.db, ALICE.id, 'USDT').available).toBe(usdt);
  });

  test('the OTC page quotes plain decimals only (issue 30 item 5): a padded or exponent amount shows the form again with the error', async () => {
    const cookie = await login(s.url, ALICE.id);
    const quote = (requestAmount: string) =>
      fetch(`${s.url}/user/assets/otc/quote`, {
        method: 'POST', headers: { cookie, origin: s.origin, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ fromCoin: 'USDT', toCoin: 'BTC', requestAmount }).toString(),
      });
    expect((await quote('10')).status).toBe(200);
    for (const bad of [' 10', '10 ', '1e1', '0x0A', '+10']) {
      const r = await quote(bad);
      expect(r.status, bad).toBe(400);
      expect(await r.text()).toContain('requestAmount must be a positive decimal');
    }
  });
});
