// Spec 8's leveraged-token "failed large amount": the exchange's daily-limit refusals (175001,
// 175004) read as that message; any other refusal shows the exchange's own words (issue 34 item 5).
import { afterEach, describe, expect, test, vi } from 'vitest';
import { placeLtOrder } from '../../src/state/trading/lt-orders.ts';

afterEach(() => vi.unstubAllGlobals());

const refuse = (retCode: number, retMsg: string) =>
  vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ retCode, retMsg, result: {} }), { status: 200, headers: { 'content-type': 'application/json' } }));

describe('leveraged-token order refusals (spec 8)', () => {
  test('a daily-limit refusal reads as failed large amount, for a subscription and a redemption', async () => {
    refuse(175001, 'Exceeds the daily limit (test)');
    expect(await placeLtOrder('subscribe', 'BTC3L', '100000')).toEqual({ ok: false, key: 'lt.sub.failedLargeAmount' });
    refuse(175004, 'Exceeds the daily redemption limit (test)');
    expect(await placeLtOrder('redeem', 'BTC3L', '100000')).toEqual({ ok: false, key: 'lt.sub.failedLargeAmount' });
  });

  test('another refusal shows the server message', async () => {
    refuse(175006, 'Insufficient available balance (test)');
    expect(await placeLtOrder('subscribe', 'BTC3L', '100')).toEqual({ ok: false, text: 'Insufficient available balance (test)' });
  });
});
