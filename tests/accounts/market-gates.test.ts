// Issue 16 item 2: the market rules an order must pass (banned sides, maintenance, the innovation
// quota), set through --faults and enforced on orders placed through the real bybit-api client.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { RestClientV5 } from 'bybit-api';
import { createExchangeInstaller } from '../../server/exchange/install.ts';
import { INNOVATION_QUOTA_PATH } from '../../src/protocol/innovation-quota.ts';
import { ALICE, BOB, removeDir, startTestServer, type TestServer } from './helpers.ts';
import { faults } from '../support/faults.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ faults: true, extra: [createExchangeInstaller()] });
});
afterAll(async () => {
  await s.stop();
  removeDir(s.dataDir);
});

const client = (who: { key: string; secret: string }) => new RestClientV5({ key: who.key, secret: who.secret, baseUrl: s.url });
const f = faults(() => s.url);
const instrument = async (symbol: string, cookie?: string) => {
  const r = await fetch(`${s.url}/v5/market/instruments-info?category=spot&symbol=${symbol}`, cookie ? { headers: { cookie } } : {});
  return ((await r.json()) as { result: { list: Array<Record<string, unknown>> } }).result.list[0]!;
};
const limit = (symbol: string, side: 'Buy' | 'Sell', qty: string, price: string) => ({ category: 'spot' as const, symbol, side, orderType: 'Limit' as const, qty, price });

describe('banned sides (spec 4.4)', () => {
  test('a banned buy is refused with 170210 and listed as isBanBuy; the other side still trades; lifting the ban restores it', async () => {
    await f.banSide({ symbol: 'ETHUSDT', buy: true });
    expect(await instrument('ETHUSDT')).toMatchObject({ isBanBuy: true, isBanSell: false });
    const buy = await client(ALICE).submitOrder(limit('ETHUSDT', 'Buy', '0.01', '1000'));
    expect(buy.retCode).toBe(170210);
    expect(buy.retMsg).toContain('Buying ETHUSDT is suspended');
    const sell = await client(ALICE).submitOrder(limit('ETHUSDT', 'Sell', '0.01', '90000'));
    expect(sell.retCode).toBe(0);
    await f.banSide({ symbol: 'ETHUSDT', buy: false });
    expect((await client(ALICE).submitOrder(limit('ETHUSDT', 'Buy', '0.01', '1000'))).retCode).toBe(0);
    expect(await instrument('ETHUSDT')).toMatchObject({ isBanBuy: false });
  });

  test('a scoped ban applies only to requests carrying that fault_scope cookie', async () => {
    await f.banSide({ symbol: 'SOLUSDT', sell: true, scope: 'gates-1' });
    expect(await instrument('SOLUSDT', 'fault_scope=gates-1')).toMatchObject({ isBanSell: true });
    expect(await instrument('SOLUSDT')).toMatchObject({ isBanSell: false });
    expect((await client(ALICE).submitOrder(limit('SOLUSDT', 'Sell', '0.1', '9000'))).retCode).toBe(0);
  });
});

describe('suspended trading (spec 4.4, 7.7: /faults/suspend)', () => {
  test('a suspended pair is listed Closed and refuses both sides with 170210; resumed, it trades again; a scoped suspension is that scope\'s only', async () => {
    const t = (await (await fetch(`${s.url}/v5/market/tickers?category=spot&symbol=XRPUSDT`)).json()) as { result: { list: Array<{ lastPrice: string }> } };
    const last = Number(t.result.list[0]!.lastPrice);
    const buyAt = (last * 0.98).toFixed(4);
    await f.suspend({ symbol: 'XRPUSDT', suspended: true });
    expect(await instrument('XRPUSDT')).toMatchObject({ status: 'Closed' });
    for (const side of ['Buy', 'Sell'] as const) {
      const r = await client(ALICE).submitOrder(limit('XRPUSDT', side, '10', side === 'Buy' ? buyAt : (last * 1.02).toFixed(4)));
      expect(r.retCode).toBe(170210);
      expect(r.retMsg).toContain('Trading XRPUSDT is suspended');
    }
    await f.suspend({ symbol: 'XRPUSDT', suspended: false });
    expect(await instrument('XRPUSDT')).toMatchObject({ status: 'Trading' });
    expect((await client(ALICE).submitOrder(limit('XRPUSDT', 'Buy', '10', buyAt))).retCode).toBe(0);
    await f.suspend({ symbol: 'XRPUSDT', suspended: true, scope: 'gates-2' });
    expect(await instrument('XRPUSDT', 'fault_scope=gates-2')).toMatchObject({ status: 'Closed' });
    expect(await instrument('XRPUSDT')).toMatchObject({ status: 'Trading' });
  });
});

describe('fiat rates (spec 2.10: GET /api/spot/exchange-rate, /faults/fiat-rate)', () => {
  const rates = async () => {
    const body = (await (await fetch(`${s.url}/api/spot/exchange-rate`)).json()) as { success: boolean; result: { base: string; rates: Array<{ currency: string; rate: string }> } };
    expect(body.success).toBe(true);
    expect(body.result.base).toBe('USD');
    return new Map(body.result.rates.map((r) => [r.currency, r.rate]));
  };
  test('what one US dollar buys in each offered currency; a fault sets one, and clearing it restores the table', async () => {
    const before = await rates();
    for (const c of ['EUR', 'JPY', 'CNY', 'KRW', 'TRY', 'BRL']) expect(before.get(c)).toMatch(/^\d+(\.\d+)?$/);
    await f.fiatRate({ currency: 'EUR', rate: '0.5' });
    expect((await rates()).get('EUR')).toBe('0.5');
    await f.fiatRate({ currency: 'EUR', rate: '' });
    expect((await rates()).get('EUR')).toBe(before.get('EUR'));
  });
});

describe('maintenance (GET /v5/system/status)', () => {
  test('an ongoing window is reported and refuses orders with 10016; completed lets them through again', async () => {
    await f.maintenance({ state: 'ongoing', title: 'Spot upgrade' });
    const status = await client(ALICE).getSystemStatus();
    expect(status.retCode).toBe(0);
    expect(status.result.list).toEqual([expect.objectContaining({ title: 'Spot upgrade', state: 'ongoing', serviceTypes: [5], product: [1] })]);
    const r = await client(BOB).submitOrder(limit('BTCUSDT', 'Buy', '0.0001', '50000'));
    expect(r.retCode).toBe(10016);
    await f.maintenance({ state: 'completed' });
    const after = await client(ALICE).getSystemStatus({ state: 'ongoing' });
    expect(after.result.list).toEqual([]);
    expect((await client(BOB).submitOrder(limit('BTCUSDT', 'Buy', '0.0001', '50000'))).retCode).toBe(0);
  });
});

describe('innovation quota (spec 3, 5.2)', () => {
  test('buys in the innovation zone are capped by the remaining quota, which fills use up; sells and other pairs are not', async () => {
    const alice = client(ALICE);
    const quota = async () => ((await alice.getPrivate(INNOVATION_QUOTA_PATH, { symbolId: 'PEPEUSDT' })) as { result: Record<string, string> }).result;
    expect(await quota()).toEqual({ coin: 'USDT', limit: '-1' });
    await f.innovationQuota({ name: 'alice', total: '50' });
    expect(await quota()).toEqual({ coin: 'USDT', limit: '50' });
    // 3,000,000 × 0.00002 = 60 USDT > 50.
    const over = await alice.submitOrder(limit('PEPEUSDT', 'Buy', '3000000', '0.00002'));
    expect(over.retCode).toBe(170228);
    expect(over.retMsg).toContain('50 USDT');
    // Bob sells 1,000,000 PEPE at 0.00002; Alice's buy of it fills for 20 USDT.
    expect((await client(BOB).submitOrder(limit('PEPEUSDT', 'Sell', '1000000', '0.00002'))).retCode).toBe(0);
    expect((await alice.submitOrder(limit('PEPEUSDT', 'Buy', '1000000', '0.00002'))).retCode).toBe(0);
    expect(await quota()).toEqual({ coin: 'USDT', limit: '30' });
    expect((await alice.submitOrder(limit('PEPEUSDT', 'Buy', '2000000', '0.00002'))).retCode).toBe(170228);
    expect((await alice.submitOrder(limit('PEPEUSDT', 'Sell', '100000', '0.1'))).retCode).toBe(0);
    expect((await alice.submitOrder(limit('BTCUSDT', 'Buy', '0.001', '50000'))).retCode).toBe(0);
    // A classic account reads its quota per symbol.
    const bob = (await client(BOB).getPrivate(INNOVATION_QUOTA_PATH, { symbolId: 'GOATUSDT' })) as { result: Record<string, string> };
    expect(bob.result).toEqual({ symbolId: 'GOATUSDT', totalAmount: '-1', remainAmount: '-1' });
    await f.innovationQuota({ name: 'alice', total: '-1' });
    expect((await alice.submitOrder(limit('PEPEUSDT', 'Buy', '3000000', '0.00002'))).retCode).toBe(0);
  });
});
