// Issue 17 item 1: the strategy engine through Bybit's /v5/strategy/* and the real bybit-api client,
// with a clock the test drives: TWAP slices on schedule with exact totals, iceberg shows one slice
// at a time, chase re-prices and gives up after 5 post-only rejections, stop cancels the rest.
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { RestClientV5 } from 'bybit-api';
import { createExchangeInstaller } from '../../server/exchange/install.ts';
import { ALICE, BOB, removeDir, startTestServer, type TestServer } from './helpers.ts';
import { faults } from '../support/faults.ts';

let now = Date.UTC(2026, 10, 24, 12);
let s: TestServer;
beforeEach(async () => {
  s = await startTestServer({ faults: true, extra: [createExchangeInstaller()], accounts: { strategyClock: () => now, strategyTickMs: 0 } });
});
afterEach(async () => {
  await s.stop();
  removeDir(s.dataDir);
});

const alice = () => new RestClientV5({ key: ALICE.key, secret: ALICE.secret, baseUrl: s.url });
const bob = () => new RestClientV5({ key: BOB.key, secret: BOB.secret, baseUrl: s.url });
const limit = (side: 'Buy' | 'Sell', qty: string, price: string) => ({ category: 'spot' as const, symbol: 'SOLUSDT', side, orderType: 'Limit' as const, qty, price });
/** Lets the engine's deferred fill handling run. */
const settle = () => new Promise((r) => setTimeout(r, 20));

async function strategy(id: string) {
  const r = await alice().getStrategyList({ strategyId: id });
  expect(r.retCode).toBe(0);
  return r.result.list[0]!;
}
async function children(id: string) {
  return (await alice().getStrategyOrderList({ strategyId: id })).result.list;
}
/** Alice's open SOL/USDT orders, price and quantity as numbers. */
async function openOrders(): Promise<Array<{ orderId: string; price: number; qty: number }>> {
  const list = (await alice().getActiveOrders({ category: 'spot', symbol: 'SOLUSDT' })).result.list;
  return list.map((o) => ({ orderId: o.orderId, price: Number(o.price), qty: Number(o.qty) }));
}

describe('TWAP', () => {
  test('slices on schedule: duration ÷ interval market slices, the total exact; then terminated with terminateType 2', async () => {
    expect((await bob().submitOrder(limit('Sell', '10', '100'))).retCode).toBe(0);
    const r = await alice().createStrategyOrder({ category: 'UTA_SPOT', symbol: 'SOLUSDT', side: 'Buy', strategyType: 'twap', size: '3', duration: 300, interval: 60 });
    expect(r.retCode).toBe(0);
    const id = r.result.strategyId;
    // The first slice goes at once; the next only when its time comes.
    expect(await strategy(id)).toMatchObject({ status: 2, executedSize: '0.6', strategyType: 'twap' });
    s.strategies.tick();
    expect((await children(id)).length).toBe(1);
    for (let i = 1; i < 5; i++) {
      now += 60_000;
      s.strategies.tick();
      await settle();
    }
    const done = await strategy(id);
    expect(done).toMatchObject({ status: 3, terminateType: 2, executedSize: '3', executedAvgPrice: '100' });
    const kids = await children(id);
    expect(kids.map((k) => [k.size, k.status])).toEqual(Array(5).fill(['0.6', '5']));
    // Bybit's createType marks them as the TWAP's (the page does not toast them one by one, spec 4.7).
    const child = (await alice().getHistoricOrders({ category: 'spot', orderId: kids[0]!.orderId })).result.list[0]!;
    expect((child as unknown as { createType: string }).createType).toBe('CreateByTWAP');
  });

  test('random slices (±20 %) still add up to the size exactly', async () => {
    expect((await bob().submitOrder(limit('Sell', '10', '100'))).retCode).toBe(0);
    const r = await alice().createStrategyOrder({ category: 'UTA_SPOT', symbol: 'SOLUSDT', side: 'Buy', strategyType: 'twap', size: '2.5', duration: 300, interval: 30, isRandom: true });
    const id = r.result.strategyId;
    for (let i = 1; i < 10; i++) {
      now += 30_000;
      s.strategies.tick();
    }
    await settle();
    const kids = await children(id);
    expect(kids).toHaveLength(10);
    expect(kids.reduce((a, k) => a + Math.round(Number(k.size) * 1000), 0)).toBe(2500);
    expect(new Set(kids.map((k) => k.size)).size).toBeGreaterThan(1);
    expect(await strategy(id)).toMatchObject({ status: 3, executedSize: '2.5' });
  });

  test('a slice that does not fill is retried once, then skipped; the strategy ends unfilled (status 4)', async () => {
    const r = await alice().createStrategyOrder({ category: 'UTA_SPOT', symbol: 'SOLUSDT', side: 'Buy', strategyType: 'twap', size: '1', duration: 300, interval: 60 });
    const id = r.result.strategyId;
    now += 1000;
    s.strategies.tick();
    const kids = await children(id);
    expect(kids).toHaveLength(2);
    expect(kids[1]!.parentOrderId).toBe(kids[0]!.orderId);
    for (let i = 1; i < 5; i++) {
      now += 60_000;
      s.strategies.tick();
      now += 1000;
      s.strategies.tick();
    }
    expect(await strategy(id)).toMatchObject({ status: 4, terminateType: 2, executedSize: '0' });
  });

  test('a restart mid-run picks the strategy up where it was', async () => {
    expect((await bob().submitOrder(limit('Sell', '10', '100'))).retCode).toBe(0);
    const id = (await alice().createStrategyOrder({ category: 'UTA_SPOT', symbol: 'SOLUSDT', side: 'Buy', strategyType: 'twap', size: '3', duration: 300, interval: 60 })).result.strategyId;
    now += 60_000;
    s.strategies.tick();
    expect(await strategy(id)).toMatchObject({ executedSize: '1.2' });
    await s.stop();
    s = await startTestServer({ dataDir: s.dataDir, faults: true, extra: [createExchangeInstaller()], accounts: { strategyClock: () => now, strategyTickMs: 0 } });
    // The standalone book did not survive the restart: Bob offers again.
    expect((await bob().submitOrder(limit('Sell', '10', '100'))).retCode).toBe(0);
    for (let i = 2; i < 5; i++) {
      now += 60_000;
      s.strategies.tick();
    }
    expect(await strategy(id)).toMatchObject({ status: 3, executedSize: '3' });
    expect(await children(id)).toHaveLength(5);
  });

  test('bad parameters are refused with 10001', async () => {
    for (const bad of [
      { duration: 299, interval: 30 },
      { duration: 86_430, interval: 30 },
      { duration: 310, interval: 60 },
      { duration: 300, interval: 7 },
      // Plain decimal digits only (issue 30 item 5).
      { duration: '0x12C', interval: 60 },
      { duration: '3e2', interval: 60 },
      { duration: ' 300', interval: 60 },
      { duration: 300, interval: '0x3C' },
      { duration: 300, interval: 60, chasePercentE4: '0x10' },
      { duration: 300, interval: 60, leverageType: '0x0' },
    ]) {
      const r = await alice().createStrategyOrder({ category: 'UTA_SPOT', symbol: 'SOLUSDT', side: 'Buy', strategyType: 'twap', size: '3', ...bad } as never);
      expect(r.retCode, JSON.stringify(bad)).toBe(10001);
    }
    expect((await alice().createStrategyOrder({ category: 'UTA_USDT', symbol: 'SOLUSDT', side: 'Buy', strategyType: 'twap', size: '3', duration: 300 })).retCode).toBe(10001);
    expect((await alice().createStrategyOrder({ category: 'UTA_SPOT', symbol: 'SOLUSDT', side: 'Buy', strategyType: 'pov', size: '3', duration: 900 })).retCode).toBe(10001);
    // A classic account has no strategies.
    expect((await bob().createStrategyOrder({ category: 'UTA_SPOT', symbol: 'SOLUSDT', side: 'Buy', strategyType: 'twap', size: '3', duration: 300 })).retCode).toBe(10005);
  });
});

describe('iceberg', () => {
  test('one slice shows at a time; each fill places the next; done when the size is filled', async () => {
    const r = await alice().createStrategyOrder({ category: 'UTA_SPOT', symbol: 'SOLUSDT', side: 'Buy', strategyType: 'iceberg', size: '1', subSize: '0.25', limitPrice: '90' } as never);
    expect(r.retCode).toBe(0);
    const id = r.result.strategyId;
    for (let i = 0; i < 4; i++) {
      const open = await openOrders();
      expect(open).toHaveLength(1);
      expect(open[0]).toMatchObject({ price: 90, qty: 0.25 });
      expect((await bob().submitOrder(limit('Sell', '0.25', '90'))).retCode).toBe(0);
      await settle();
    }
    expect(await openOrders()).toHaveLength(0);
    expect(await strategy(id)).toMatchObject({ status: 3, executedSize: '1', executedAvgPrice: '90' });
  });
});

describe('iceberg, Chase Limit (Taker): chaseDistance "-1"', () => {
  test('each slice takes at the best ask at once, level after level, until the size is filled', async () => {
    expect((await bob().submitOrder(limit('Sell', '0.3', '100'))).retCode).toBe(0);
    expect((await bob().submitOrder(limit('Sell', '0.3', '101'))).retCode).toBe(0);
    expect((await bob().submitOrder(limit('Sell', '1', '102'))).retCode).toBe(0);
    // Bob's bid below: a maker iceberg would rest beside it; the taker one never rests.
    expect((await bob().submitOrder(limit('Buy', '1', '90'))).retCode).toBe(0);
    const r = await alice().createStrategyOrder({ category: 'UTA_SPOT', symbol: 'SOLUSDT', side: 'Buy', strategyType: 'iceberg', size: '1', subSize: '0.25', chaseDistance: '-1' } as never);
    expect(r.retCode).toBe(0);
    const id = r.result.strategyId;
    await settle();
    expect(await openOrders()).toHaveLength(0);
    const done = await strategy(id);
    // 0.3 at 100, 0.3 at 101, 0.4 at 102, without waiting on the clock.
    expect(done).toMatchObject({ status: 3, executedSize: '1', executedAvgPrice: '101.1', chaseDistance: '-1' });
    const kids = await children(id);
    expect(kids.map((k) => [k.size, k.price])).toEqual([['0.25', '100'], ['0.25', '100'], ['0.25', '101'], ['0.25', '101'], ['0.25', '102'], ['0.15', '102']]);
  });

  test('with no ask it waits and takes when one comes; the taker preference takes neither postOnly nor another strategy type', async () => {
    const r = await alice().createStrategyOrder({ category: 'UTA_SPOT', symbol: 'SOLUSDT', side: 'Buy', strategyType: 'iceberg', size: '0.5', subSize: '0.25', chaseDistance: '-1' } as never);
    expect(r.retCode).toBe(0);
    const id = r.result.strategyId;
    expect(await children(id)).toHaveLength(0);
    expect((await bob().submitOrder(limit('Sell', '1', '100'))).retCode).toBe(0);
    now += 1000;
    s.strategies.tick();
    await settle();
    expect(await strategy(id)).toMatchObject({ status: 3, executedSize: '0.5', executedAvgPrice: '100' });
    const refused = [
      { strategyType: 'iceberg', size: '1', subSize: '0.25', chaseDistance: '-1', postOnly: 1 },
      { strategyType: 'iceberg', size: '1', subSize: '0.25', chaseDistance: '-1', limitPrice: '100' },
      { strategyType: 'chaseOrder', size: '1', chaseDistance: '-1' },
      { strategyType: 'iceberg', size: '1', subSize: '0.25', chaseDistance: '-2' },
    ];
    for (const body of refused) {
      const res = await alice().createStrategyOrder({ category: 'UTA_SPOT', symbol: 'SOLUSDT', side: 'Buy', ...body } as never);
      expect(res.retCode, JSON.stringify(body)).toBe(10001);
    }
  });
});

describe('iceberg, Chase Limit (Taker): a slice that takes nothing', () => {
  test('is tried again on the clock, not at once in a loop', async () => {
    expect((await bob().submitOrder(limit('Sell', '1', '100'))).retCode).toBe(0);
    expect(await faults(s.url).rejectOrders({ name: 'alice', reason: 'EC_NoImmediateQtyToFill', times: 2 })).toEqual({ ok: true });
    const r = await alice().createStrategyOrder({ category: 'UTA_SPOT', symbol: 'SOLUSDT', side: 'Buy', strategyType: 'iceberg', size: '0.5', subSize: '0.25', chaseDistance: '-1' } as never);
    const id = r.result.strategyId;
    await settle();
    expect(await children(id)).toHaveLength(1);
    now += 1000;
    s.strategies.tick();
    await settle();
    expect(await children(id)).toHaveLength(2);
    now += 1000;
    s.strategies.tick();
    await settle();
    expect(await strategy(id)).toMatchObject({ status: 3, executedSize: '0.5' });
  });
});

describe('chase', () => {
  test('a post-only order at the best bid, re-priced each second as it moves; stopped after 5 post-only rejections in a row', async () => {
    expect((await bob().submitOrder(limit('Buy', '0.1', '95'))).retCode).toBe(0);
    expect((await bob().submitOrder(limit('Sell', '0.1', '105'))).retCode).toBe(0);
    const r = await alice().createStrategyOrder({ category: 'UTA_SPOT', symbol: 'SOLUSDT', side: 'Buy', strategyType: 'chaseOrder', size: '1' });
    const id = r.result.strategyId;
    // Alice's own order is now the best bid at 95, with Bob's.
    expect((await openOrders())[0]).toMatchObject({ price: 95 });
    expect((await bob().submitOrder(limit('Buy', '0.1', '96'))).retCode).toBe(0);
    now += 1000;
    s.strategies.tick();
    expect(await openOrders()).toEqual([expect.objectContaining({ price: 96, qty: 1 })]);
    expect((await strategy(id)).chaseOrderPrice).toBe('96');
    // The risk check now rejects Alice's next orders after accepting them, as a post-only that would take.
    expect(await faults(s.url).rejectOrders({ name: 'alice', reason: 'EC_PostOnlyWillTakeLiquidity', times: 10 })).toEqual({ ok: true });
    expect((await bob().submitOrder(limit('Buy', '0.1', '97'))).retCode).toBe(0);
    for (let i = 0; i < 6; i++) {
      now += 1000;
      s.strategies.tick();
      await settle();
    }
    expect(await strategy(id)).toMatchObject({ status: 4, terminateType: 14 });
    expect(await openOrders()).toHaveLength(0);
  });

  test('stop cancels the open child; a stopped strategy cannot be resumed', async () => {
    expect((await bob().submitOrder(limit('Buy', '0.1', '95'))).retCode).toBe(0);
    const r = await alice().createStrategyOrder({ category: 'UTA_SPOT', symbol: 'SOLUSDT', side: 'Buy', strategyType: 'chaseOrder', size: '1' });
    const id = r.result.strategyId;
    expect(await openOrders()).toHaveLength(1);
    expect((await alice().stopStrategy({ strategyId: id })).retCode).toBe(0);
    expect(await openOrders()).toHaveLength(0);
    expect(await strategy(id)).toMatchObject({ status: 4, terminateType: 1 });
    expect((await alice().stopStrategy({ strategyId: id })).retCode).toBe(10001);
  });
});

describe('iceberg, post only, priced through the book', () => {
  test('waits for the book to move instead of placing slices the book can only cancel, and the exchange keeps answering', async () => {
    // Bob's ask at 100: a post-only buy at 101 would take it.
    expect((await bob().submitOrder(limit('Sell', '1', '100'))).retCode).toBe(0);
    const r = await alice().createStrategyOrder({ category: 'UTA_SPOT', symbol: 'SOLUSDT', side: 'Buy', strategyType: 'iceberg', size: '0.5', subSize: '0.25', limitPrice: '101', postOnly: 1 } as never);
    expect(r.retCode).toBe(0);
    const id = r.result.strategyId;
    await settle();
    // The third walkthrough: each slice was cancelled as post-only and the next placed in the same
    // turn, without end; the exchange stopped answering.
    for (let i = 0; i < 5; i++) {
      now += 1000;
      s.strategies.tick();
      await settle();
    }
    expect((await alice().getServerTime()).retCode).toBe(0);
    expect(await children(id)).toHaveLength(0);
    // The list says why it places nothing (fourth walkthrough: the page read "Running 0 / 0.5" with no hint).
    expect(await strategy(id)).toMatchObject({ status: 2, executedSize: '0', waitReason: 'postOnlyWouldTake' });
    // The ask goes (Bob cancels): the slice rests at 101 as a maker.
    const ask = (await bob().getActiveOrders({ category: 'spot', symbol: 'SOLUSDT' })).result.list[0]!;
    expect((await bob().cancelOrder({ category: 'spot', symbol: 'SOLUSDT', orderId: ask.orderId })).retCode).toBe(0);
    now += 1000;
    s.strategies.tick();
    await settle();
    expect(await openOrders()).toEqual([expect.objectContaining({ price: 101, qty: 0.25 })]);
    expect(await strategy(id)).toMatchObject({ status: 2, waitReason: '' });
  });

  test('a slice refused unfilled is followed on the clock, not in the same turn', async () => {
    // The next three of Alice's orders are refused as post-only takers (a fault).
    expect(await faults(s.url).rejectOrders({ name: 'alice', reason: 'EC_PostOnlyWillTakeLiquidity', times: 3 })).toEqual({ ok: true });
    const r = await alice().createStrategyOrder({ category: 'UTA_SPOT', symbol: 'SOLUSDT', side: 'Buy', strategyType: 'iceberg', size: '0.5', subSize: '0.25', limitPrice: '90', postOnly: 1 } as never);
    const id = r.result.strategyId;
    await settle();
    expect(await children(id)).toHaveLength(1);
    for (const kids of [2, 3, 4]) {
      now += 1000;
      s.strategies.tick();
      await settle();
      expect(await children(id)).toHaveLength(kids);
    }
    // The fourth rests at its price.
    expect(await openOrders()).toEqual([expect.objectContaining({ price: 90, qty: 0.25 })]);
  });
});
