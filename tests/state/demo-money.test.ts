// Spec 8's demo-recharge outcomes, each said only after the exchange's answer.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { rechargeDemo } from '../../src/state/account/demo-money.ts';
import { clearToasts, toasts } from '../../src/state/toasts.ts';

let answer: unknown;
let sent: unknown;
let extraHeaders: Record<string, string> = {};
beforeEach(() => {
  clearToasts();
  extraHeaders = {};
  vi.stubGlobal('fetch', async (_url: string, init?: { body?: string }) => {
    sent = JSON.parse(init!.body!);
    return new Response(JSON.stringify(answer), { status: 200, headers: { 'content-type': 'application/json', ...extraHeaders } });
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
    expect(toasts.value).toMatchObject([{ kind: 'success', key: 'demoRecharge.success', params: { coin: 'USDT' }, amounts: { amount: '1000' } }]);
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
    answer = { retCode: 10001, retMsg: 'Request parameter error: amountStr of ETH', result: {} };
    expect(await rechargeDemo('ETH', '1')).toBe(false);
    expect(toasts.value).toMatchObject([{ kind: 'error', text: 'Request parameter error: amountStr of ETH' }]);
  });

  it('the rate limit (retCode 10006) in words, with when to try again from X-Bapi-Limit-Reset-Timestamp (sixth walkthrough: raw "Too many visits!")', async () => {
    answer = { retCode: 10006, retMsg: 'Too many visits!', result: {} };
    extraHeaders = { 'x-bapi-limit-reset-timestamp': String(Date.now() + 41_500) };
    expect(await rechargeDemo('ETH', '1')).toBe(false);
    extraHeaders = {};
    expect(await rechargeDemo('ETH', '1')).toBe(false);
    expect(toasts.value.map((t) => [t.kind, t.key, t.text])).toEqual([
      ['error', 'demoRecharge.rateLimited', undefined],
      ['error', 'demoRecharge.rateLimitedLater', undefined],
    ]);
    expect(['41', '42']).toContain(toasts.value[0]!.params!.seconds);
  });
});
