// Spec 8's demo-recharge outcomes, each said only after the exchange's answer.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { rechargeDemo } from '../../src/state/account/demo-money.ts';
import { clearToasts, toasts } from '../../src/state/toasts.ts';

let answer: unknown;
let sent: unknown;
beforeEach(() => {
  clearToasts();
  vi.stubGlobal('fetch', async (_url: string, init?: { body?: string }) => {
    sent = JSON.parse(init!.body!);
    return new Response(JSON.stringify(answer), { status: 200, headers: { 'content-type': 'application/json' } });
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  clearToasts();
});

const ok = (resultCode: number) => ({ retCode: 0, retMsg: 'OK', result: { resultCode } });

describe('demo recharge', () => {
  it('resultCode 0: success with the amount, sent as Bybit asks with the page’s bizScene', async () => {
    answer = ok(0);
    expect(await rechargeDemo('USDT', '1000')).toBe(true);
    expect(sent).toEqual({ adjustType: 0, bizScene: 'SPOT_TRADE', utaDemoApplyMoney: [{ coin: 'USDT', amountStr: '1000' }] });
    expect(toasts.value).toMatchObject([{ kind: 'success', key: 'demoRecharge.success', params: { amount: '1000', coin: 'USDT' } }]);
  });

  it('resultCode 3410020 has its own message; any other resultCode the generic one', async () => {
    answer = ok(3410020);
    expect(await rechargeDemo('BTC', '15')).toBe(false);
    answer = ok(3410099);
    expect(await rechargeDemo('BTC', '15')).toBe(false);
    expect(toasts.value.map((t) => [t.kind, t.key])).toEqual([
      ['error', 'demoRecharge.ceiling'],
      ['error', 'demoRecharge.failed'],
    ]);
  });

  it('a non-zero retCode shows the server message as it came', async () => {
    answer = { retCode: 10006, retMsg: 'Too many visits!', result: {} };
    expect(await rechargeDemo('ETH', '1')).toBe(false);
    expect(toasts.value).toMatchObject([{ kind: 'error', text: 'Too many visits!' }]);
  });
});
