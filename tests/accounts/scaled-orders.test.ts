import { describe, expect, test } from 'vitest';
import { ALICE, balance, sharedTestServer, signed } from './helpers.ts';
import { inBatches, scaledOrders, type ScaledInput } from '../../src/core/scaled-orders.ts';
import { fxPlain, parseAmount } from '../../src/core/decimal.ts';

// Scaled orders (issue 17 item 3): the ladder is exact, and /v5/order/create-batch places it.
const s = sharedTestServer(true);
const BTC = { tickSize: '0.01', lotSize: '0.000001', minQty: '0.000048', minAmt: '1' };
const ladder = (p: Partial<ScaledInput>) => scaledOrders({ from: '90000', to: '95000', count: 10, total: '0.1', distribution: 'flat', ...BTC, ...p });
const sum = (list: Array<{ qty: string }>) => fxPlain(list.reduce((a, o) => a + parseAmount(o.qty)!, 0n));

describe('the ladder', () => {
  test('prices evenly spaced on the tick, endpoints exact; sizes add up to the total exactly', () => {
    for (const distribution of ['flat', 'increasing', 'decreasing'] as const) {
      for (const count of [2, 3, 7, 10, 99, 100]) {
        const l = ladder({ distribution, count, total: '0.123457', from: '90000', to: '95000.03' });
        if (typeof l === 'string') throw new Error(l);
        expect(l).toHaveLength(count);
        expect(l[0]!.price).toBe('90000');
        expect(l[count - 1]!.price).toBe('95000.03');
        for (const o of l) {
          expect(parseAmount(o.price)! % parseAmount('0.01')!).toBe(0n);
          expect(parseAmount(o.qty)! % parseAmount('0.000001')!).toBe(0n);
        }
        for (let i = 1; i < count; i++) expect(parseAmount(l[i]!.price)! > parseAmount(l[i - 1]!.price)!).toBe(true);
        expect(sum(l)).toBe('0.123457');
      }
    }
  });

  test('increasing grows toward the upper price (the last 3× the first), decreasing the reverse, flat equal', () => {
    const inc = ladder({ distribution: 'increasing', count: 3, total: '0.06' }) as Array<{ price: string; qty: string }>;
    expect(inc.map((o) => o.qty)).toEqual(['0.01', '0.02', '0.03']);
    const dec = ladder({ distribution: 'decreasing', count: 3, total: '0.06' }) as Array<{ price: string; qty: string }>;
    expect(dec.map((o) => o.qty)).toEqual(['0.03', '0.02', '0.01']);
    const flat = ladder({ count: 4, total: '0.000203' }) as Array<{ price: string; qty: string }>;
    expect(flat.map((o) => o.qty)).toEqual(['0.000051', '0.000051', '0.000051', '0.00005']);
    expect(flat.map((o) => o.price)).toEqual(['90000', '91666.66', '93333.33', '95000']);
  });

  test('refusals name the field', () => {
    expect(ladder({ count: 1 })).toBe('count');
    expect(ladder({ count: 101 })).toBe('count');
    expect(ladder({ from: '90000.001' })).toBe('priceTick');
    expect(ladder({ from: '90000', to: '90000.05' })).toBe('range');
    expect(ladder({ total: '0.0000001' })).toBe('totalLot');
    expect(ladder({ total: '0.0001' })).toBe('minQty');
    expect(ladder({ total: '0' })).toBe('total');
  });
});

describe('POST /v5/order/create-batch', () => {
  test('a 100-order ladder goes in batches of 10: every order on the tick, the total exact', async () => {
    const l = ladder({ count: 100, total: '0.5', distribution: 'increasing', from: '80000', to: '90000' });
    if (typeof l === 'string') throw new Error(l);
    for (const batch of inBatches(l)) {
      const r = await signed(s.url, ALICE, 'POST', '/v5/order/create-batch', {
        category: 'spot', request: batch.map((o) => ({ symbol: 'BTCUSDT', side: 'Buy', orderType: 'Limit', qty: o.qty, price: o.price })),
      });
      expect(r.body.retCode).toBe(0);
      expect(r.body.retExtInfo!.list.every((e: { code: number }) => e.code === 0)).toBe(true);
      expect(r.body.result.list.every((o: { orderId: string }) => o.orderId !== '')).toBe(true);
    }
    const open = await signed(s.url, ALICE, 'GET', '/v5/order/realtime', { category: 'spot', symbol: 'BTCUSDT', limit: '50' });
    expect(open.body.result.list).toHaveLength(50);
    const rows = s.db.prepare(`SELECT price, qty FROM orders WHERE user_id = ? AND status = 'New'`).all(ALICE.id) as Array<{ price: string; qty: string }>;
    expect(rows).toHaveLength(100);
    expect(sum(rows)).toBe('0.5');
    expect(rows.every((r) => parseAmount(r.price)! % parseAmount('0.01')! === 0n)).toBe(true);
    const locked = rows.reduce((a, r) => a + (parseAmount(r.price)! * parseAmount(r.qty)!) / 10n ** 18n, 0n);
    expect(balance(s.db, ALICE.id, 'USDT').locked).toBe(fxPlain(locked));
  });

  test('each item stands alone: a bad one is refused with its code, the others are placed; more than 10 is refused', async () => {
    const r = await signed(s.url, ALICE, 'POST', '/v5/order/create-batch', {
      category: 'spot',
      request: [
        { symbol: 'BTCUSDT', side: 'Buy', orderType: 'Limit', qty: '0.001', price: '90000' },
        { symbol: 'BTCUSDT', side: 'Buy', orderType: 'Limit', qty: '0.001', price: '90000.001' },
        { symbol: 'BTCUSDT', side: 'Buy', orderType: 'Limit', qty: '5', price: '90000' },
      ],
    });
    expect(r.body.retCode).toBe(0);
    expect(r.body.retExtInfo!.list.map((e: { code: number }) => e.code)).toEqual([0, 170134, 170131]);
    expect(r.body.result.list[1].orderId).toBe('');
    const many = await signed(s.url, ALICE, 'POST', '/v5/order/create-batch', {
      category: 'spot', request: Array.from({ length: 11 }, () => ({ symbol: 'BTCUSDT', side: 'Buy', orderType: 'Limit', qty: '0.001', price: '90000' })),
    });
    expect(many.body.retCode).toBe(10001);
  });
});
