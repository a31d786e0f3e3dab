import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { RestClientV5 } from 'bybit-api';
import { WebSocket } from 'ws';
import { signWsAuth } from '../../server/auth/hmac.ts';
import type { LeveragedTokenMarketResultV5, LeverageTokenInfoV5, PurchaseSpotLeveragedTokenResultV5, RedeemSpotLeveragedTokenResultV5, SpotLeveragedTokenOrderHistoryV5 } from 'bybit-api';
import { ALICE, BOB, EAA, LEADER, balance, removeDir, startTestServer, tempDir, type TestServer } from './helpers.ts';
import { LeveragedTokens } from '../../server/exchange/lt/tokens.ts';
import { SYMBOL_BY_NAME } from '../../server/exchange/symbols.ts';
import { fxPlain, parseAmount } from '../../src/core/decimal.ts';

const T0 = Date.UTC(2026, 10, 24, 12);
let price = 97_000;
let now = T0;
const tokens = new LeveragedTokens({ priceOf: (s) => (s === 'BTCUSDT' ? price : SYMBOL_BY_NAME.get(s)?.startPrice), now: T0 });
const dataDir = tempDir();
let s: TestServer;
const start = (settleMs = 3_600_000) =>
  startTestServer({ dataDir, accounts: { leveragedTokens: tokens, ltClock: () => now, ltSettleMs: settleMs } });

beforeAll(async () => {
  s = await start();
});
afterAll(async () => {
  await s.stop();
  removeDir(dataDir);
});

type Envelope<T> = { retCode: number; retMsg: string; result: T };
const client = (who: { key: string; secret: string }) => new RestClientV5({ key: who.key, secret: who.secret, baseUrl: s.url });
/** The calls bybit-api's leveraged-token methods made (getLeveragedTokenInfo, purchaseSpotLeveragedToken, ...), through its own signing. */
const api = (who: { key: string; secret: string }) => {
  const rest = client(who);
  return {
    info: (ltCoin?: string) => rest.get('/v5/spot-lever-token/info', { ltCoin }) as Promise<Envelope<{ list: LeverageTokenInfoV5[] }>>,
    reference: (ltCoin: string) => rest.get('/v5/spot-lever-token/reference', { ltCoin }) as Promise<Envelope<LeveragedTokenMarketResultV5>>,
    purchase: (p: { ltCoin: string; amount: string; serialNo?: string }) => rest.postPrivate('/v5/spot-lever-token/purchase', p) as Promise<Envelope<PurchaseSpotLeveragedTokenResultV5>>,
    redeem: (p: { ltCoin: string; quantity: string; serialNo?: string }) => rest.postPrivate('/v5/spot-lever-token/redeem', p) as Promise<Envelope<RedeemSpotLeveragedTokenResultV5>>,
    records: (p: Record<string, unknown> = {}) => rest.getPrivate('/v5/spot-lever-token/order-record', p) as Promise<Envelope<{ list: SpotLeveragedTokenOrderHistoryV5[] }>>,
  };
};
const add = (a: string, b: string) => fxPlain(parseAmount(a)! + parseAmount(b)!);

describe('leveraged tokens through the real bybit-api client', () => {
  test('info and reference (public), with Bybit fields', async () => {
    const a = api(ALICE);
    const info = await a.info('BTC3L');
    expect(info.retCode).toBe(0);
    expect(info.result.list[0]).toMatchObject({ ltCoin: 'BTC3L', minPurchase: '100', maxPurchase: '10000', maxPurchaseDaily: '200000', minRedeem: '40', maxRedeem: '8000', purchaseFeeRate: '0.0005', redeemFeeRate: '0.0005', ltStatus: '1', manageFeeRate: '0.00005' });
    expect((await a.info()).result.list.map((i) => i.ltCoin)).toEqual(['BTC3L', 'BTC3S', 'ETH3L', 'ETH3S']);
    const ref = await a.reference('BTC3L');
    expect(ref.result).toMatchObject({ ltCoin: 'BTC3L', nav: '1.25', leverage: '3', circulation: '5000000' });
  });

  test('purchase 100 USDT: in progress with USDT locked, pushed; completed at the NAV of settling, fee 0.05 %', async () => {
    // bybit-api's socket client knows only Bybit's current private topics: a plain signed socket.
    const ws = new WebSocket(`${s.url.replace('http', 'ws')}/v5/private`);
    const pushes: Array<Record<string, string>> = [];
    let acks = 0;
    ws.addEventListener('message', (m) => {
      const msg = JSON.parse(String(m.data));
      if (msg.topic === 'user.lt.order') pushes.push(...msg.data);
      else if (msg.success) acks++;
    });
    await new Promise((r) => ws.addEventListener('open', r));
    const expires = Date.now() + 10_000;
    ws.send(JSON.stringify({ op: 'auth', args: [ALICE.key, expires, signWsAuth(ALICE.secret, expires)] }));
    await waitFor(() => acks === 1);
    ws.send(JSON.stringify({ op: 'subscribe', args: ['user.lt.order'] }));
    await waitFor(() => acks === 2);
    const a = api(ALICE);
    const r = await a.purchase({ ltCoin: 'BTC3L', amount: '100', serialNo: 'buy-1' });
    expect(r.retCode).toBe(0);
    expect(r.result).toMatchObject({ ltCoin: 'BTC3L', ltOrderStatus: '2', amount: '100', execQty: '', execAmt: '', serialNo: 'buy-1', valueCoin: 'USDT' });
    expect(balance(s.db, ALICE.id, 'USDT')).toEqual({ available: '99900', locked: '100' });
    await waitFor(() => pushes.length === 1);
    expect(pushes[0]).toMatchObject({ orderId: r.result.purchaseId, ltOrderStatus: '2', ltOrderType: '1' });
    // BTC +1 %: NAV +3 % (1.25 → 1.2875) before the order settles.
    price = 97_970;
    tokens.tick(now);
    expect(tokens.nav('BTC3L')).toBeCloseTo(1.2875, 10);
    s.lt.settle(r.result.purchaseId);
    // fee 0.05 USDT; (100 − 0.05) / 1.2875 = 77.631067... → 77.631 (lot 0.001)
    expect(balance(s.db, ALICE.id, 'USDT')).toEqual({ available: '99900', locked: '0' });
    expect(balance(s.db, ALICE.id, 'BTC3L').available).toBe('1077.631');
    expect(balance(s.db, 1, 'USDT').available).toBe('0.05');
    await waitFor(() => pushes.length === 2);
    expect(pushes[1]).toMatchObject({ ltOrderStatus: '1', amount: '100', value: '77.631', fee: '0.05' });
    ws.close();
    expect((await a.reference('BTC3L')).result.circulation).toBe('5000077.631');
  });

  test('redeem: tokens locked, then quote at NAV less 0.05 %; order-record lists both', async () => {
    const a = api(ALICE);
    const r = await a.redeem({ ltCoin: 'BTC3L', quantity: '80', serialNo: 'sell-1' });
    expect(r.retCode).toBe(0);
    expect(r.result).toMatchObject({ ltOrderStatus: '2', quantity: '80', serialNo: 'sell-1' });
    expect(balance(s.db, ALICE.id, 'BTC3L')).toEqual({ available: '997.631', locked: '80' });
    s.lt.settle(r.result.redeemId);
    // 80 × 1.2875 = 103; fee 0.0515; 102.9485 to the account.
    expect(balance(s.db, ALICE.id, 'USDT').available).toBe('100002.9485');
    expect(balance(s.db, ALICE.id, 'BTC3L')).toEqual({ available: '997.631', locked: '0' });
    const list = (await a.records()).result.list;
    expect(list.map((o) => [o.ltOrderType, o.ltOrderStatus, o.serialNo])).toEqual([['2', '1', 'sell-1'], ['1', '1', 'buy-1']]);
    expect(list[0]).toMatchObject({ ltCoin: 'BTC3L', amount: '80', value: '102.9485', fee: '0.0515', valueCoin: 'USDT' });
    expect((await a.records({ ltOrderType: 1 })).result.list).toHaveLength(1);
    expect((await a.records({ serialNo: 'sell-1' })).result.list[0]!.orderId).toBe(r.result.redeemId);
  });

  test('per-order limits, balance, serial numbers and format, exactly at the boundaries', async () => {
    const b = api(BOB);
    const code = async (p: Promise<Envelope<unknown>>) => (await p).retCode;
    expect(await code(b.purchase({ ltCoin: 'BTC3L', amount: '10000.01' }))).toBe(175009);
    expect(await code(b.purchase({ ltCoin: 'BTC3L', amount: '99.99' }))).toBe(175016);
    expect(await code(b.purchase({ ltCoin: 'BTC3L', amount: '100.123456789' }))).toBe(175016);
    expect(await code(b.purchase({ ltCoin: 'BTC3L', amount: '0' }))).toBe(175016);
    expect(await code(b.purchase({ ltCoin: 'XYZ3L', amount: '100' }))).toBe(10001);
    expect(await code(b.redeem({ ltCoin: 'BTC3L', quantity: '8000.001' }))).toBe(175013);
    expect(await code(b.redeem({ ltCoin: 'BTC3L', quantity: '39.999' }))).toBe(175016);
    expect(await code(b.redeem({ ltCoin: 'BTC3L', quantity: '1000.001' }))).toBe(175006);
    expect(await code(b.purchase({ ltCoin: 'BTC3L', amount: '10000', serialNo: 'max' }))).toBe(0);
    expect(await code(b.purchase({ ltCoin: 'BTC3L', amount: '100', serialNo: 'max' }))).toBe(175000);
    expect(await code(b.redeem({ ltCoin: 'BTC3L', quantity: '80' }))).toBe(0);
    s.trading.adjustFunds(BOB.id, [{ coin: 'USDT', delta: -parseAmount(balance(s.db, BOB.id, 'USDT').available)! + parseAmount('99.99')! }], 'test-seed');
    expect(await code(b.purchase({ ltCoin: 'BTC3L', amount: '100' }))).toBe(175003);
  });

  test('daily limits: 200,000 USDT of purchases per UTC day, counted from 00:00 UTC', async () => {
    const l = api(LEADER);
    s.trading.adjustFunds(LEADER.id, [{ coin: 'USDT', delta: parseAmount('200000')! }], 'test-seed');
    for (let i = 0; i < 20; i++) {
      expect((await l.purchase({ ltCoin: 'BTC3S', amount: '10000' })).retCode).toBe(0);
      await new Promise((r) => setTimeout(r, 60)); // under the 20 requests/s limit
    }
    expect((await l.purchase({ ltCoin: 'BTC3S', amount: '100' })).retCode).toBe(175001);
    // Another token has its own limit; a failed order does not count.
    expect((await l.purchase({ ltCoin: 'ETH3L', amount: '100' })).retCode).toBe(0);
    const saved = now;
    now = Date.UTC(2026, 10, 25, 0, 0, 0);
    expect((await l.purchase({ ltCoin: 'BTC3S', amount: '100' })).retCode).toBe(0);
    now = saved;
  });

  test('daily limits: 80,000 ETH3L of redemptions per UTC day', async () => {
    const l = api(LEADER);
    s.trading.adjustFunds(LEADER.id, [{ coin: 'ETH3L', delta: parseAmount('90000')! }], 'test-seed');
    for (let i = 0; i < 20; i++) {
      expect((await l.redeem({ ltCoin: 'ETH3L', quantity: '4000' })).retCode).toBe(0);
      await new Promise((r) => setTimeout(r, 60));
    }
    expect((await l.redeem({ ltCoin: 'ETH3L', quantity: '20' })).retCode).toBe(175004);
    expect(balance(s.db, LEADER.id, 'ETH3L')).toEqual({ available: '10000', locked: '80000' });
  });

  test('refused while rebalancing ("position change"), and an order in progress when it starts fails with its funds back', async () => {
    const e = api(EAA);
    const r = await e.purchase({ ltCoin: 'BTC3L', amount: '500' });
    expect(r.retCode).toBe(0);
    // BTC −12 %: the long token's leverage passes 4, it rebalances.
    price = 97_970 * 0.88;
    tokens.tick(now);
    expect(tokens.status('BTC3L', now)).toBe(5);
    const refused = await e.purchase({ ltCoin: 'BTC3L', amount: '100' });
    expect(refused.retCode).toBe(175014);
    expect(refused.retMsg).toMatch(/position change/);
    expect((await e.redeem({ ltCoin: 'BTC3L', quantity: '100' })).retCode).toBe(175015);
    expect(s.lt.settle(r.result.purchaseId)!.status).toBe(3);
    expect(balance(s.db, EAA.id, 'USDT')).toEqual({ available: '100000', locked: '0' });
    // 30 s later the rebalance is over.
    now += 30_000;
    expect((await e.purchase({ ltCoin: 'BTC3L', amount: '100' })).retCode).toBe(0);
  });

  test('a restart loses nothing: an order in progress settles after it, circulation is kept', async () => {
    const a = api(ALICE);
    const r = await a.purchase({ ltCoin: 'ETH3S', amount: '200', serialNo: 'restart-1' });
    expect(r.retCode).toBe(0);
    const circulation = tokens.circulation('BTC3L');
    await s.stop();
    tokens.get('BTC3L')!.minted = 0;
    s = await start(10);
    expect(tokens.circulation('BTC3L')).toBeCloseTo(circulation, 6);
    await waitFor(() => (s.db.prepare('SELECT status FROM lt_orders WHERE order_id = ?').get(r.result.purchaseId) as { status: number }).status === 1);
    // 200 − 0.1 fee at NAV 0.4: 499.75 ETH3S.
    expect(balance(s.db, ALICE.id, 'ETH3S').available).toBe('499.75');
    expect(add(balance(s.db, ALICE.id, 'USDT').available, '200')).toBe('100002.9485');
  });
});

async function waitFor(cond: () => boolean, ms = 5000): Promise<void> {
  const until = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
}
