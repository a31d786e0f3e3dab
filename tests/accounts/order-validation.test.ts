import { describe, expect, test } from 'vitest';
import { ALICE, balance, signed, totals, sharedTestServer } from './helpers.ts';

const s = sharedTestServer();

const base = { category: 'spot', symbol: 'BTCUSDT', side: 'Buy', orderType: 'Limit', qty: '0.01', price: '50000' };

function snapshot() {
  return {
    orders: (s.db.prepare('SELECT COUNT(*) AS n FROM orders').get() as { n: number }).n,
    usdt: balance(s.db, ALICE.id, 'USDT'),
    btc: balance(s.db, ALICE.id, 'BTC'),
    totals: totals(s.db),
  };
}

const CASES: Array<[string, Record<string, unknown>, number]> = [
  ['unknown symbol', { ...base, symbol: 'NOPEUSDT' }, 170121],
  ['off-tick price', { ...base, price: '50000.001' }, 170134],
  ['off-lot qty', { ...base, qty: '0.0100001' }, 170137],
  ['below minimum qty', { ...base, qty: '0.000047' }, 170136],
  ['below minimum value', { ...base, symbol: 'XRPUSDT', price: '1', qty: '0.5' }, 170140],
  ['insufficient balance', { ...base, qty: '3', price: '50000' }, 170131],
  ['insufficient base for a sell', { ...base, side: 'Sell', qty: '2.5' }, 170131],
  ['market buy over the balance', { ...base, orderType: 'Market', price: undefined, qty: '100001' }, 170131],
  ['missing price on a limit', { ...base, price: undefined }, 10001],
  ['bad side', { ...base, side: 'buy' }, 10001],
  ['bad category', { ...base, category: 'linear' }, 10001],
  ['bad time in force', { ...base, timeInForce: 'GTD' }, 10001],
  ['bad orderLinkId', { ...base, orderLinkId: 'has space' }, 10001],
  ['too long orderLinkId', { ...base, orderLinkId: 'x'.repeat(37) }, 10001],
  ['negative qty', { ...base, qty: '-1' }, 10001],
  ['conditional without triggerPrice', { ...base, orderFilter: 'StopOrder' }, 10001],
];

describe('refused orders change nothing', () => {
  test.each(CASES)('%s → %i', async (_name, body, code) => {
    const before = snapshot();
    const r = await signed(s.url, ALICE, 'POST', '/v5/order/create', body);
    expect(r.status).toBe(200);
    expect(r.body.retCode).toBe(code);
    expect(snapshot()).toEqual(before);
  });

  test('malformed JSON → 10001 and nothing written', async () => {
    const before = snapshot();
    const ts = String(Date.now());
    const raw = '{"category":"spot","symbol":';
    const { sign } = await import('./helpers.ts');
    const res = await fetch(`${s.url}/v5/order/create`, {
      method: 'POST',
      headers: { 'x-bapi-api-key': ALICE.key, 'x-bapi-timestamp': ts, 'x-bapi-recv-window': '5000', 'x-bapi-sign': sign(ALICE.secret, ts, ALICE.key, '5000', raw), 'content-type': 'application/json' },
      body: raw,
    });
    expect((await res.json()).retCode).toBe(10001);
    expect(snapshot()).toEqual(before);
  });

  test('oversized body → 413 and nothing written', async () => {
    const before = snapshot();
    const r = await signed(s.url, ALICE, 'POST', '/v5/order/create', { ...base, pad: 'x'.repeat(20_000) });
    expect(r.status).toBe(413);
    expect(r.body.retCode).toBe(10001);
    expect(snapshot()).toEqual(before);
  });

  test('bad signature, unknown key, expired recv_window → Bybit codes, nothing written', async () => {
    const before = snapshot();
    expect((await signed(s.url, ALICE, 'POST', '/v5/order/create', base, { badSign: true })).body.retCode).toBe(10004);
    expect((await signed(s.url, { key: 'NOSUCHKEY', secret: 'x' }, 'POST', '/v5/order/create', base)).body.retCode).toBe(10003);
    expect((await signed(s.url, ALICE, 'POST', '/v5/order/create', base, { ts: Date.now() - 6000 })).body.retCode).toBe(10002);
    expect((await signed(s.url, ALICE, 'POST', '/v5/order/create', base, { ts: Date.now() + 5000 })).body.retCode).toBe(10002);
    expect((await signed(s.url, ALICE, 'GET', '/v5/order/realtime', { category: 'spot' }, { badSign: true })).body.retCode).toBe(10004);
    expect(snapshot()).toEqual(before);
  });

  test('no credentials at all → 401', async () => {
    const res = await fetch(`${s.url}/v5/order/realtime?category=spot`);
    expect(res.status).toBe(401);
  });
});

describe('orderLinkId is idempotent', () => {
  test('the same orderLinkId twice gives 170141 and never a second order or lock', async () => {
    const body = { ...base, orderLinkId: 'idem-1' };
    const first = await signed(s.url, ALICE, 'POST', '/v5/order/create', body);
    expect(first.body.retCode).toBe(0);
    const after1 = snapshot();
    const second = await signed(s.url, ALICE, 'POST', '/v5/order/create', body);
    expect(second.body.retCode).toBe(170141);
    expect(snapshot()).toEqual(after1);
    const open = await signed(s.url, ALICE, 'GET', '/v5/order/realtime', { category: 'spot', orderLinkId: 'idem-1' });
    expect(open.body.result.list).toHaveLength(1);
    // even after the first is cancelled the id stays taken
    expect((await signed(s.url, ALICE, 'POST', '/v5/order/cancel', { category: 'spot', symbol: 'BTCUSDT', orderLinkId: 'idem-1' })).body.retCode).toBe(0);
    expect((await signed(s.url, ALICE, 'POST', '/v5/order/create', body)).body.retCode).toBe(170141);
  });

  test('another user may use the same orderLinkId', async () => {
    const { BOB } = await import('./helpers.ts');
    expect((await signed(s.url, BOB, 'POST', '/v5/order/create', { ...base, orderLinkId: 'idem-1' })).body.retCode).toBe(0);
  });
});
