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
});
