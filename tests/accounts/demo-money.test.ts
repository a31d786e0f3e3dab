// POST /v5/account/demo-apply-money (issue 19 item 4): a demo account's funds, through a signed
// request and through the real bybit-api client.
import { describe, expect, test } from 'vitest';
import { RestClientV5 } from 'bybit-api';
import { parseAmount } from '../../src/core/decimal.ts';
import { DEMO_APPLY_MONEY_PATH } from '../../src/protocol/bybit-v5/demo-money.ts';
import { ALICE, balance, removeDir, sharedTestServer, signed, startTestServer, type TestServer } from './helpers.ts';

const DEMO = { id: 100003, key: 'LOCALDEMOKEY000003', secret: 'local-demo-secret-0000000000000003' };
// A fresh exchange per test: the once-a-minute window starts clean.
const s = sharedTestServer(true);

/** A second exchange for one request with a fresh window, stopped and removed after. */
async function withFresh(fn: (t: TestServer) => Promise<void>): Promise<void> {
  const t = await startTestServer();
  try {
    await fn(t);
  } finally {
    await t.stop();
    removeDir(t.dataDir);
  }
}

const apply = (who: { key: string; secret: string }, body: Record<string, unknown>) => signed(s.url, who, 'POST', DEMO_APPLY_MONEY_PATH, body);

describe('demo trading funds', () => {
  test('adds to a demo account once a minute, with the result code; a second request in the minute is rate limited', async () => {
    const before = balance(s.db, DEMO.id, 'USDT').available;
    const r = await apply(DEMO, { adjustType: 0, utaDemoApplyMoney: [{ coin: 'USDT', amountStr: '100000' }, { coin: 'BTC', amountStr: '2' }] });
    expect(r.body).toMatchObject({ retCode: 0, result: { resultCode: 0 } });
    expect(Number(balance(s.db, DEMO.id, 'USDT').available)).toBe(Number(before) + 100000);
    expect(balance(s.db, DEMO.id, 'BTC').available).toBe('3');
    const again = await apply(DEMO, { utaDemoApplyMoney: [{ coin: 'USDT', amountStr: '1' }] });
    expect(again.body.retCode).toBe(10006);
    expect(Number(balance(s.db, DEMO.id, 'USDT').available)).toBe(Number(before) + 100000);
  });

  test('refuses accounts that are not demo, amounts over the per-request cap, unknown coins and bad adjust types, moving nothing', async () => {
    expect((await apply(ALICE, { utaDemoApplyMoney: [{ coin: 'USDT', amountStr: '10' }] })).body.retCode).toBe(10005);
    for (const bad of [
      { utaDemoApplyMoney: [{ coin: 'BTC', amountStr: '15.00000001' }] },
      { utaDemoApplyMoney: [{ coin: 'DOGE', amountStr: '1' }] },
      { utaDemoApplyMoney: [{ coin: 'ETH', amountStr: '-1' }] },
      { adjustType: 2, utaDemoApplyMoney: [{ coin: 'ETH', amountStr: '1' }] },
      { utaDemoApplyMoney: [] },
    ]) {
      await withFresh(async (fresh) => {
        const r = await signed(fresh.url, DEMO, 'POST', DEMO_APPLY_MONEY_PATH, bad);
        expect(r.body.retCode, JSON.stringify(bad)).toBe(10001);
        expect(balance(fresh.db, DEMO.id, 'BTC').available).toBe('1');
      });
    }
  });

  test('3410020 when a coin would pass the account ceiling (ten requests worth), nothing applied', async () => {
    s.trading.adjustFunds(DEMO.id, [{ coin: 'BTC', delta: parseAmount('139')! }], 'test-seed');
    const r = await apply(DEMO, { utaDemoApplyMoney: [{ coin: 'BTC', amountStr: '15' }, { coin: 'USDT', amountStr: '5' }] });
    expect(r.body).toMatchObject({ retCode: 0, result: { resultCode: 3410020 } });
    expect(balance(s.db, DEMO.id, 'BTC').available).toBe('140');
  });

  test('adjustType 1 takes funds back, and refuses to go below zero', async () => {
    const rest = new RestClientV5({ key: DEMO.key, secret: DEMO.secret, baseUrl: s.url });
    const r = await rest.requestDemoTradingFunds({ adjustType: 1, utaDemoApplyMoney: [{ coin: 'ETH', amountStr: '4' }] });
    expect(r.retCode).toBe(0);
    expect(balance(s.db, DEMO.id, 'ETH').available).toBe('6');
    await withFresh(async (fresh) => {
      const over = await signed(fresh.url, DEMO, 'POST', DEMO_APPLY_MONEY_PATH, { adjustType: 1, utaDemoApplyMoney: [{ coin: 'ETH', amountStr: '11' }] });
      expect(over.body.retCode).toBe(170131);
      expect(balance(fresh.db, DEMO.id, 'ETH').available).toBe('10');
    });
  });

  // Issue 30: a demo account borrowed with a leveraged buy, then took back its BTC and ETH: the
  // request succeeded and left equity near −5,214 USDT with nothing behind the loan.
  const marginDemo = async () => {
    const demo = new RestClientV5({ key: DEMO.key, secret: DEMO.secret, baseUrl: s.url });
    expect((await demo.toggleSpotMarginTrade('1')).retCode).toBe(0);
    expect((await demo.setSpotMarginLeverageV2({ leverage: '5' })).retCode).toBe(0);
    // The market's own sellers at 97,000, deep enough for the whole buy.
    s.engines('BTCUSDT')!.submit({ type: 'Limit', side: 'Sell', priceTicks: 9_700_000, qtyLots: 5_000_000, timeInForce: 'GTC' });
  };
  const leveragedBuy = () => signed(s.url, DEMO, 'POST', '/v5/order/create', { category: 'spot', symbol: 'BTCUSDT', side: 'Buy', orderType: 'Limit', qty: '1.6', price: '97000', isLeverage: 1 });
  const takeBack = () => apply(DEMO, { adjustType: 1, utaDemoApplyMoney: [{ coin: 'BTC', amountStr: '2.5' }, { coin: 'ETH', amountStr: '10' }] });
  const covered = () => {
    const r = s.margin.risk(DEMO.id);
    return r.equity > 0n && r.im <= r.equity;
  };

  test('taking back funds that the loans need as margin is refused, and nothing moves', async () => {
    await marginDemo();
    expect((await leveragedBuy()).body.retCode).toBe(0);
    expect(s.margin.liabilities(DEMO.id).find((l) => l.coin === 'USDT')?.amount ?? 0n).toBeGreaterThan(0n);
    const btc = balance(s.db, DEMO.id, 'BTC').available;
    const r = await takeBack();
    expect(r.body.retCode).toBe(170131);
    expect(r.body.retMsg).toMatch(/loans/);
    expect(balance(s.db, DEMO.id, 'BTC').available).toBe(btc);
    expect(balance(s.db, DEMO.id, 'ETH').available).toBe('10');
    expect(covered()).toBe(true);
  });

  test('sent alongside the borrowing order, the take-back never leaves a loan uncovered', async () => {
    await marginDemo();
    const [placed, back] = await Promise.all([leveragedBuy(), takeBack()]);
    // Whichever the exchange took first, the second was judged on what the first left.
    expect([placed.body.retCode, back.body.retCode]).toContain(0);
    expect(covered() || s.margin.liabilities(DEMO.id).length === 0).toBe(true);
  });
});
