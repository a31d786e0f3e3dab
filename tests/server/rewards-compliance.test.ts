// The rewards hub (spec 2.16, 6) and the compliance config (spec 6) on the exchange.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { COMPLIANCE_CONFIG_PATH, DEFAULT_COMPLIANCE_CONFIG } from '../../src/protocol/compliance.ts';
import { REWARD_CLAIM_PATH, REWARDS_HUB_PATH } from '../../src/protocol/rewards.ts';
import { startTestExchange, type TestExchange } from './helpers.ts';
import { faults } from '../support/faults.ts';

let ex: TestExchange;
beforeAll(async () => {
  ex = await startTestExchange([], { accounts: true });
});
afterAll(() => ex.stop());

/** Registers a fresh account and returns its session cookie. */
async function register(kind: 'uta' | 'classic' | 'demo'): Promise<string> {
  const res = await fetch(`${ex.http}/register`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ex.http },
    body: new URLSearchParams({ name: `rw${kind}${Math.random().toString(36).slice(2, 8)}`, account_type: kind, redirect_url: '/' }),
  });
  expect(res.status).toBe(303);
  return res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
}

const call = (path: string, cookie: string, body?: unknown) =>
  fetch(`${ex.http}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { cookie, origin: ex.http, 'x-requested-with': 'spot-web', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  }).then(async (r) => ({ status: r.status, body: (await r.json()) as any }));

describe('rewards hub', () => {
  test('tasks start in progress; an unfinished one cannot be claimed; visitors and demo accounts have none', async () => {
    const cookie = await register('uta');
    const r = await call(REWARDS_HUB_PATH, cookie);
    expect(r.body.result.list).toEqual([
      { taskId: 'first-order', coin: 'USDT', reward: '5', progress: '0', target: '1', status: 'inProgress' },
      { taskId: 'volume-1000', coin: 'USDT', reward: '10', progress: '0', target: '1000', status: 'inProgress' },
    ]);
    expect((await call(REWARD_CLAIM_PATH, cookie, { taskId: 'first-order' })).body.message).toBe('this task is not finished yet');
    expect((await call(REWARD_CLAIM_PATH, cookie, { taskId: 'nope' })).status).toBe(400);
    expect((await call(REWARDS_HUB_PATH, '')).status).toBe(401);
    const demo = await register('demo');
    expect((await call(REWARDS_HUB_PATH, demo)).body.message).toBe('the demo account does not support the rewards hub');
  });

  test('a finished task is claimed once: the reward is credited in the same step as the claim', async () => {
    const cookie = await register('uta');
    // One order, as the trading page places it (session cookie, same origin).
    const order = await call('/v5/order/create', cookie, { category: 'spot', symbol: 'XRPUSDT', side: 'Buy', orderType: 'Limit', qty: '10', price: '0.5' });
    expect(order.body.retCode, JSON.stringify(order.body)).toBe(0);
    const usdt = async () => {
      const w = await call('/v5/account/wallet-balance?accountType=UNIFIED', cookie);
      return w.body.result.list[0].coin.find((c: any) => c.coin === 'USDT').walletBalance as string;
    };
    const before = Number(await usdt());
    const tasks = (await call(REWARDS_HUB_PATH, cookie)).body.result.list;
    expect(tasks[0]).toMatchObject({ taskId: 'first-order', progress: '1', status: 'claimable' });
    const claimed = await call(REWARD_CLAIM_PATH, cookie, { taskId: 'first-order' });
    expect(claimed.body.result.list[0].status).toBe('claimed');
    expect(Number(await usdt())).toBe(before + 5);
    expect((await call(REWARD_CLAIM_PATH, cookie, { taskId: 'first-order' })).body.message).toBe('this reward was already claimed');
  });
});

describe('compliance config', () => {
  const get = (cookie = '') => fetch(`${ex.http}${COMPLIANCE_CONFIG_PATH}`, { headers: cookie ? { cookie } : {} }).then((r) => r.json() as Promise<any>);
  const fault = faults(() => ex.http).compliance;

  test('serves the defaults; a fault changes flags for one scope only, and reset drops them', async () => {
    expect((await get()).result).toEqual(DEFAULT_COMPLIANCE_CONFIG);
    await fault({ scope: 'cmp', rewardsHub: false, ordersPanel: false });
    expect((await get('fault_scope=cmp')).result).toMatchObject({ rewardsHub: false, ordersPanel: false, liquidityShield: true });
    expect((await get()).result).toEqual(DEFAULT_COMPLIANCE_CONFIG);
    await fault({ scope: 'cmp', reset: true });
    expect((await get('fault_scope=cmp')).result).toEqual(DEFAULT_COMPLIANCE_CONFIG);
  });
});
