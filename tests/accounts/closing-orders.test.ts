// Issue 34 item 1, the exchange's half: closing orders say so (reduceOnly / closeOnTrigger: a
// liquidation's sale, a position close), and risk cancels carry Bybit's cancel types
// (CancelByReduceOnly, CancelByPmTrialMmOverEquity), through the real bybit-api client.
import { describe, expect, test } from 'vitest';
import { RestClientV5 } from 'bybit-api';
import { FX_ONE } from '../../src/core/decimal.ts';
import { ALICE, sharedTestServer, marginKit } from './helpers.ts';
import { faults } from '../support/faults.ts';

const s = sharedTestServer(true, { faults: true });
const f = faults(() => s.url);
const client = () => new RestClientV5({ key: ALICE.key, secret: ALICE.secret, baseUrl: s.url });
const { onlyUsdt, liquidity, marginOn } = marginKit(s, client);

const order = async (orderId: string) => (await client().getHistoricOrders({ category: 'spot', orderId })).result.list[0]!;

describe('a liquidation sells as closing orders', () => {
  test('its sale is a Filled market order with reduceOnly and closeOnTrigger, createType CreateByTakeOver_PassThrough, and a BustTrade fill', async () => {
    onlyUsdt('1000');
    await marginOn('3');
    liquidity('Sell', 100000, 0.05);
    const buy = await client().submitOrder({ category: 'spot', symbol: 'BTCUSDT', side: 'Buy', orderType: 'Limit', qty: '0.025', price: '100000', isLeverage: 1 });
    expect(buy.retCode).toBe(0);
    const resting = await client().submitOrder({ category: 'spot', symbol: 'BTCUSDT', side: 'Sell', orderType: 'Limit', qty: '0.001', price: '150000' });
    await f.marginPrice({ coin: 'BTC', price: '62000' });
    await f.marginPrice({ coin: 'BTC' });
    expect((await order(resting.result.orderId)).cancelType).toBe('CancelAllBeforeLiq');
    const history = (await client().getHistoricOrders({ category: 'spot', symbol: 'BTCUSDT', limit: 50 })).result.list;
    const sale = history.find((o) => o.createType === 'CreateByTakeOver_PassThrough')!;
    expect(sale).toMatchObject({ side: 'Sell', orderType: 'Market', orderStatus: 'Filled', reduceOnly: true, closeOnTrigger: true, timeInForce: 'IOC' });
    // The user's own orders are not closing ones.
    expect(await order(buy.result.orderId)).toMatchObject({ reduceOnly: false, closeOnTrigger: false });
    const fills = (await client().getExecutionList({ category: 'spot', orderId: sale.orderId })).result.list;
    expect(fills).toHaveLength(1);
    expect(fills[0]).toMatchObject({ execType: 'BustTrade', isMaker: false, execFee: '0' });
    expect(fills[0]!.execQty.startsWith(sale.cumExecQty)).toBe(true);
    // The sale repaid the loan: the record and the orders agree.
    const recs = await f.marginLiquidations({ name: 'alice' });
    expect(recs.list[0]!.sales[0]!.qty).toBe(fills[0]!.execQty);
  });
});

describe('reduce-only orders on spot', () => {
  test('a position close carries reduceOnly and closeOnTrigger; a close may not borrow or buy past the short', async () => {
    onlyUsdt('1000');
    s.trading.adjustFunds(ALICE.id, [{ coin: 'BTC', delta: FX_ONE / 100n }], 'test-seed');
    liquidity('Buy', 99000, 0.05);
    const close = await client().submitOrder({ category: 'spot', symbol: 'BTCUSDT', side: 'Sell', orderType: 'Market', qty: '0.01', marketUnit: 'baseCoin', reduceOnly: true, closeOnTrigger: true });
    expect(close.retCode).toBe(0);
    expect(await order(close.result.orderId)).toMatchObject({ orderStatus: 'Filled', reduceOnly: true, closeOnTrigger: true });
    await marginOn('3');
    const refused = [
      { side: 'Sell', orderType: 'Market', qty: '0.001', marketUnit: 'baseCoin', reduceOnly: true, isLeverage: 1 },
      { side: 'Buy', orderType: 'Limit', qty: '0.001', price: '90000', reduceOnly: true, takeProfit: '95000' },
      { side: 'Buy', orderType: 'Market', qty: '100', reduceOnly: true },
      { side: 'Buy', orderType: 'Limit', qty: '0.001', price: '90000', reduceOnly: 'yes' },
    ];
    for (const body of refused) expect((await client().submitOrder({ category: 'spot', symbol: 'BTCUSDT', ...body } as never)).retCode, JSON.stringify(body)).toBe(10001);
    // No short: a reduce-only buy has nothing to close (Bybit's 110017).
    expect((await client().submitOrder({ category: 'spot', symbol: 'BTCUSDT', side: 'Buy', orderType: 'Limit', qty: '0.001', price: '90000', reduceOnly: true })).retCode).toBe(110017);
  });

  test('a resting reduce-only buy is cancelled CancelByReduceOnly once the short it closes is repaid', async () => {
    onlyUsdt('1000');
    await marginOn('3');
    liquidity('Buy', 99000, 0.05);
    // A short: 0.005 BTC borrowed and sold.
    expect((await client().submitOrder({ category: 'spot', symbol: 'BTCUSDT', side: 'Sell', orderType: 'Market', qty: '0.005', marketUnit: 'baseCoin', isLeverage: 1 })).retCode).toBe(0);
    expect((await client().submitOrder({ category: 'spot', symbol: 'BTCUSDT', side: 'Buy', orderType: 'Limit', qty: '0.006', price: '90000', reduceOnly: true })).retCode).toBe(110017);
    const closing = await client().submitOrder({ category: 'spot', symbol: 'BTCUSDT', side: 'Buy', orderType: 'Limit', qty: '0.005', price: '90000', reduceOnly: true });
    expect(closing.retCode).toBe(0);
    expect(await order(closing.result.orderId)).toMatchObject({ orderStatus: 'New', reduceOnly: true });
    // Repaid by hand with BTC from elsewhere: nothing is left to close.
    s.trading.adjustFunds(ALICE.id, [{ coin: 'BTC', delta: FX_ONE / 100n }], 'test-seed');
    expect((await client().manualRepay({ coin: 'BTC' } as never)).retCode).toBe(0);
    expect(await order(closing.result.orderId)).toMatchObject({ orderStatus: 'Cancelled', cancelType: 'CancelByReduceOnly' });
  });

  test('repaid by a fill instead (a plain buy\'s proceeds repay the short), the risk engine\'s next tick cancels it the same way', async () => {
    onlyUsdt('1000');
    await marginOn('3');
    liquidity('Buy', 99000, 0.05);
    liquidity('Sell', 100000, 0.05);
    expect((await client().submitOrder({ category: 'spot', symbol: 'BTCUSDT', side: 'Sell', orderType: 'Market', qty: '0.005', marketUnit: 'baseCoin', isLeverage: 1 })).retCode).toBe(0);
    const closing = await client().submitOrder({ category: 'spot', symbol: 'BTCUSDT', side: 'Buy', orderType: 'Limit', qty: '0.005', price: '90000', reduceOnly: true });
    expect(closing.retCode).toBe(0);
    expect((await client().submitOrder({ category: 'spot', symbol: 'BTCUSDT', side: 'Buy', orderType: 'Market', qty: '0.006', marketUnit: 'baseCoin' })).retCode).toBe(0);
    s.margin.tick();
    expect(await order(closing.result.orderId)).toMatchObject({ orderStatus: 'Cancelled', cancelType: 'CancelByReduceOnly' });
  });
});

describe('an overrun account (maintenance margin over equity)', () => {
  test('has its open leveraged orders cancelled CancelByPmTrialMmOverEquity; plain orders stay', async () => {
    onlyUsdt('1000');
    await marginOn('3');
    const plain = await client().submitOrder({ category: 'spot', symbol: 'BTCUSDT', side: 'Buy', orderType: 'Limit', qty: '0.001', price: '80000' });
    const lev = await client().submitOrder({ category: 'spot', symbol: 'BTCUSDT', side: 'Buy', orderType: 'Limit', qty: '0.02', price: '90000', isLeverage: 1 });
    expect(lev.retCode, lev.retMsg).toBe(0);
    expect(plain.retCode, plain.retMsg).toBe(0);
    s.margin.tick();
    expect((await order(lev.result.orderId)).orderStatus).toBe('New');
    await f.marginRisk({ name: 'alice', state: 'OVERRUN' });
    s.margin.tick();
    expect(await order(lev.result.orderId)).toMatchObject({ orderStatus: 'Cancelled', cancelType: 'CancelByPmTrialMmOverEquity' });
    expect((await order(plain.result.orderId)).orderStatus).toBe('New');
  });
});
