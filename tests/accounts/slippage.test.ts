// Issue 16 item 5: a market order's slippage tolerance (Bybit's slippageToleranceType and
// slippageTolerance), through the real bybit-api client: it fills no worse than the bound and the
// rest is cancelled; bad values are refused.
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { RestClientV5 } from 'bybit-api';
import { ALICE, BOB, removeDir, startTestServer, type TestServer } from './helpers.ts';

let s: TestServer;
beforeEach(async () => {
  s = await startTestServer();
});
afterEach(async () => {
  await s.stop();
  removeDir(s.dataDir);
});

const client = (who: { key: string; secret: string }) => new RestClientV5({ key: who.key, secret: who.secret, baseUrl: s.url });

/** Bob's asks on SOLUSDT: 1 SOL each at 100, 101 and 105. */
async function asks(): Promise<void> {
  for (const price of ['100', '101', '105']) {
    expect((await client(BOB).submitOrder({ category: 'spot', symbol: 'SOLUSDT', side: 'Sell', orderType: 'Limit', qty: '1', price })).retCode).toBe(0);
  }
}

async function filled(orderId: string): Promise<{ qty: string; status: string; type: string; tolerance: string }> {
  const r = await client(ALICE).getHistoricOrders({ category: 'spot', orderId });
  const o = r.result.list[0]!;
  return { qty: o.cumExecQty, status: o.orderStatus, type: (o as unknown as { slippageToleranceType: string }).slippageToleranceType, tolerance: (o as unknown as { slippageTolerance: string }).slippageTolerance };
}

describe('slippage tolerance of market orders', () => {
  test('Percent: a buy fills up to ask1 × (1 + p%) and the rest is cancelled', async () => {
    await asks();
    const r = await client(ALICE).submitOrder({ category: 'spot', symbol: 'SOLUSDT', side: 'Buy', orderType: 'Market', marketUnit: 'baseCoin', qty: '3', slippageToleranceType: 'Percent', slippageTolerance: '2' });
    expect(r.retCode).toBe(0);
    await expect.poll(() => filled(r.result.orderId)).toMatchObject({ qty: '2.000', status: 'PartiallyFilledCanceled', type: 'Percent', tolerance: '2' });
  });

  test('TickSize: a buy fills up to ask1 + n ticks', async () => {
    await asks();
    const r = await client(ALICE).submitOrder({ category: 'spot', symbol: 'SOLUSDT', side: 'Buy', orderType: 'Market', marketUnit: 'baseCoin', qty: '3', slippageToleranceType: 'TickSize', slippageTolerance: '50' });
    expect(r.retCode).toBe(0);
    // 100 + 50 × 0.01 = 100.5: only the ask at 100.
    await expect.poll(() => filled(r.result.orderId)).toMatchObject({ qty: '1.000', status: 'PartiallyFilledCanceled', type: 'TickSize' });
  });

  test('without a tolerance the exchange protection (5 %) applies; bad tolerances and limit orders with one are refused', async () => {
    await asks();
    const alice = client(ALICE);
    const plain = await alice.submitOrder({ category: 'spot', symbol: 'SOLUSDT', side: 'Buy', orderType: 'Market', marketUnit: 'baseCoin', qty: '3' });
    await expect.poll(() => filled(plain.result.orderId)).toMatchObject({ qty: '3.000', status: 'Filled', type: 'UNKNOWN', tolerance: '' });
    for (const bad of [
      { slippageToleranceType: 'Percent', slippageTolerance: '10.5' },
      { slippageToleranceType: 'Percent', slippageTolerance: '0.001' },
      { slippageToleranceType: 'TickSize', slippageTolerance: '1.5' },
      { slippageToleranceType: 'TickSize', slippageTolerance: '10001' },
      { slippageToleranceType: 'Basis', slippageTolerance: '1' },
    ]) {
      const r = await alice.submitOrder({ category: 'spot', symbol: 'SOLUSDT', side: 'Buy', orderType: 'Market', qty: '10', ...bad } as never);
      expect(r.retCode, JSON.stringify(bad)).toBe(10001);
    }
    const limit = await alice.submitOrder({ category: 'spot', symbol: 'SOLUSDT', side: 'Buy', orderType: 'Limit', qty: '1', price: '90', slippageToleranceType: 'Percent', slippageTolerance: '1' } as never);
    expect(limit.retCode).toBe(10001);
  });
});
