import { describe, expect, test } from 'vitest';
import { ALICE, BOB, balance, login, sign, signed, totals, sharedTestServer } from './helpers.ts';

// A fresh exchange for every test: balances are asserted exactly.
const s = sharedTestServer(true);

const create = (who: typeof ALICE, body: Record<string, unknown>) => signed(s.url, who, 'POST', '/v5/order/create', { category: 'spot', symbol: 'BTCUSDT', ...body });
const order = async (who: typeof ALICE, orderId: string) =>
  (await signed(s.url, who, 'GET', '/v5/order/history', { category: 'spot', orderId })).body.result.list[0];
/** Simulated (owner-less) liquidity, as the market simulator would place it. */
const liquidity = (side: 'Buy' | 'Sell', price: number, qty: number) =>
  s.engines('BTCUSDT')!.submit({ type: 'Limit', side, priceTicks: Math.round(price * 100), qtyLots: Math.round(qty * 1e6), timeInForce: 'GTC' });

describe('limit orders between two users', () => {
  test('a cross fills both, moves money exactly, and collects fees', async () => {
    const before = totals(s.db);
    const sell = await create(BOB, { side: 'Sell', orderType: 'Limit', qty: '0.5', price: '97000' });
    expect(balance(s.db, BOB.id, 'BTC')).toEqual({ available: '1.5', locked: '0.5' });
    const buy = await create(ALICE, { side: 'Buy', orderType: 'Limit', qty: '0.2', price: '97500' });
    // Alice takes at the maker's price 97000: pays 19400, gets 0.2 BTC minus 0.1 % fee in BTC.
    expect(balance(s.db, ALICE.id, 'USDT')).toEqual({ available: '80600', locked: '0' });
    expect(balance(s.db, ALICE.id, 'BTC')).toEqual({ available: '2.1998', locked: '0' });
    // Bob sold 0.2 as maker: gets 19400 minus 19.4 fee in USDT; 0.3 still locked.
    expect(balance(s.db, BOB.id, 'USDT')).toEqual({ available: '119380.6', locked: '0' });
    expect(balance(s.db, BOB.id, 'BTC')).toEqual({ available: '1.5', locked: '0.3' });
    expect(balance(s.db, 1, 'USDT').available).toBe('19.4');
    expect(balance(s.db, 1, 'BTC').available).toBe('0.0002');
    expect(totals(s.db)).toEqual(before);
    const b = await order(ALICE, buy.body.result.orderId);
    expect(b).toMatchObject({ orderStatus: 'Filled', cumExecQty: '0.200000', cumExecValue: '19400.00000000', avgPrice: '97000', feeCurrency: 'BTC' });
    const sOrder = await order(BOB, sell.body.result.orderId);
    expect(sOrder).toMatchObject({ orderStatus: 'PartiallyFilled', leavesQty: '0.300000', cumExecQty: '0.200000' });
    const ex = await signed(s.url, ALICE, 'GET', '/v5/execution/list', { category: 'spot', symbol: 'BTCUSDT' });
    expect(ex.body.result.list).toHaveLength(1);
    expect(ex.body.result.list[0]).toMatchObject({ execPrice: '97000', execQty: '0.2', execFee: '0.0002', isMaker: false, feeRate: '0.001', execType: 'Trade' });
  });

  test('cancel unlocks exactly what is left; a cancelled order cannot be cancelled again', async () => {
    const sell = await create(BOB, { side: 'Sell', orderType: 'Limit', qty: '0.5', price: '97000' });
    await create(ALICE, { side: 'Buy', orderType: 'Limit', qty: '0.2', price: '97000' });
    const c = await signed(s.url, BOB, 'POST', '/v5/order/cancel', { category: 'spot', symbol: 'BTCUSDT', orderId: sell.body.result.orderId });
    expect(c.body.retCode).toBe(0);
    expect(balance(s.db, BOB.id, 'BTC')).toEqual({ available: '1.8', locked: '0' });
    expect(await order(BOB, sell.body.result.orderId)).toMatchObject({ orderStatus: 'PartiallyFilledCanceled', cancelType: 'CancelByUser' });
    const again = await signed(s.url, BOB, 'POST', '/v5/order/cancel', { category: 'spot', symbol: 'BTCUSDT', orderId: sell.body.result.orderId });
    expect(again.body.retCode).toBe(170142);
    const other = await signed(s.url, ALICE, 'POST', '/v5/order/cancel', { category: 'spot', symbol: 'BTCUSDT', orderId: sell.body.result.orderId });
    expect(other.body.retCode).toBe(170213);
  });

  test('amend re-locks the difference and refuses what the balance cannot cover', async () => {
    const r = await create(ALICE, { side: 'Buy', orderType: 'Limit', qty: '0.1', price: '50000', orderLinkId: 'am-1' });
    expect(balance(s.db, ALICE.id, 'USDT').locked).toBe('5000');
    const a = await signed(s.url, ALICE, 'POST', '/v5/order/amend', { category: 'spot', symbol: 'BTCUSDT', orderLinkId: 'am-1', price: '60000', qty: '0.2' });
    expect(a.body.retCode).toBe(0);
    expect(balance(s.db, ALICE.id, 'USDT')).toEqual({ available: '88000', locked: '12000' });
    const tooMuch = await signed(s.url, ALICE, 'POST', '/v5/order/amend', { category: 'spot', symbol: 'BTCUSDT', orderLinkId: 'am-1', qty: '2' });
    expect(tooMuch.body.retCode).toBe(170131);
    expect(balance(s.db, ALICE.id, 'USDT')).toEqual({ available: '88000', locked: '12000' });
    expect(await order(ALICE, r.body.result.orderId)).toMatchObject({ price: '60000.00', qty: '0.200000' });
    const offTick = await signed(s.url, ALICE, 'POST', '/v5/order/amend', { category: 'spot', symbol: 'BTCUSDT', orderLinkId: 'am-1', price: '60000.005' });
    expect(offTick.body.retCode).toBe(170134);
  });

  test('cancel-all cancels only the asked kind', async () => {
    await create(ALICE, { side: 'Buy', orderType: 'Limit', qty: '0.01', price: '50000' });
    await create(ALICE, { side: 'Buy', orderType: 'Limit', qty: '0.01', price: '51000' });
    await create(ALICE, { side: 'Buy', orderType: 'Limit', qty: '0.01', price: '52000', orderFilter: 'StopOrder', triggerPrice: '99000' });
    const r = await signed(s.url, ALICE, 'POST', '/v5/order/cancel-all', { category: 'spot', symbol: 'BTCUSDT' });
    expect(r.body.result.success).toBe('1');
    expect(r.body.result.list).toHaveLength(2);
    expect(balance(s.db, ALICE.id, 'USDT')).toEqual({ available: '100000', locked: '0' });
    const open = await signed(s.url, ALICE, 'GET', '/v5/order/realtime', { category: 'spot' });
    expect(open.body.result.list.map((o: { orderStatus: string }) => o.orderStatus)).toEqual(['Untriggered']);
    const r2 = await signed(s.url, ALICE, 'POST', '/v5/order/cancel-all', { category: 'spot', orderFilter: 'StopOrder' });
    expect(r2.body.result.list).toHaveLength(1);
    const closed = await signed(s.url, ALICE, 'GET', '/v5/order/realtime', { category: 'spot', openOnly: '1' });
    expect(closed.body.result.list.map((o: { orderStatus: string }) => o.orderStatus).sort()).toEqual(['Cancelled', 'Cancelled', 'Deactivated']);
  });
});

describe('time in force', () => {
  test('IOC fills what it can and cancels the rest; FOK all or nothing; PostOnly never takes', async () => {
    liquidity('Sell', 97000, 0.1);
    const ioc = await create(ALICE, { side: 'Buy', orderType: 'Limit', qty: '0.3', price: '97000', timeInForce: 'IOC' });
    expect(await order(ALICE, ioc.body.result.orderId)).toMatchObject({ orderStatus: 'PartiallyFilledCanceled', cumExecQty: '0.100000' });
    expect(balance(s.db, ALICE.id, 'USDT')).toEqual({ available: '90300', locked: '0' });
    liquidity('Sell', 97100, 0.1);
    const fok = await create(ALICE, { side: 'Buy', orderType: 'Limit', qty: '0.2', price: '97100', timeInForce: 'FOK' });
    expect(await order(ALICE, fok.body.result.orderId)).toMatchObject({ orderStatus: 'Cancelled', cumExecQty: '0.000000' });
    const po = await create(ALICE, { side: 'Buy', orderType: 'Limit', qty: '0.05', price: '97100', timeInForce: 'PostOnly' });
    expect(await order(ALICE, po.body.result.orderId)).toMatchObject({ orderStatus: 'Cancelled', rejectReason: 'EC_PostOnlyWillTakeLiquidity' });
    expect(balance(s.db, ALICE.id, 'USDT')).toEqual({ available: '90300', locked: '0' });
  });
});

describe('market orders', () => {
  test('buy by quote amount (default) spends at most that amount', async () => {
    const before = totals(s.db);
    liquidity('Sell', 97000, 0.01);
    liquidity('Sell', 97010, 1);
    const r = await create(ALICE, { side: 'Buy', orderType: 'Market', qty: '1940.2' });
    const o = await order(ALICE, r.body.result.orderId);
    expect(o.orderStatus === 'Filled' || o.orderStatus === 'PartiallyFilledCanceled').toBe(true);
    // 0.01 @ 97000 = 970, then floor(970.2 / 97010) = 0.010001 @ 97010 = 970.19701; the 0.00299 left comes back.
    expect(o.cumExecQty).toBe('0.020001');
    expect(balance(s.db, ALICE.id, 'USDT')).toEqual({ available: '98059.80299', locked: '0' });
    expect(totals(s.db)).toEqual(before);
  });

  test('sell by base quantity, and buy by base with price protection', async () => {
    liquidity('Buy', 96900, 1);
    const r = await create(ALICE, { side: 'Sell', orderType: 'Market', qty: '0.5' });
    expect(await order(ALICE, r.body.result.orderId)).toMatchObject({ orderStatus: 'Filled', cumExecQty: '0.500000', feeCurrency: 'USDT' });
    expect(balance(s.db, ALICE.id, 'USDT').available).toBe('148401.55');
    liquidity('Sell', 97000, 0.1);
    liquidity('Sell', 150000, 1); // beyond the 5 % protection: never touched
    const b = await create(ALICE, { side: 'Buy', orderType: 'Market', qty: '0.2', marketUnit: 'baseCoin' });
    expect(await order(ALICE, b.body.result.orderId)).toMatchObject({ orderStatus: 'PartiallyFilledCanceled', cumExecQty: '0.100000' });
    expect(balance(s.db, ALICE.id, 'USDT').locked).toBe('0');
  });

  test('a market order on an empty book is cancelled and unlocks everything', async () => {
    const r = await create(ALICE, { side: 'Buy', orderType: 'Market', qty: '100' });
    expect(await order(ALICE, r.body.result.orderId)).toMatchObject({ orderStatus: 'Cancelled', rejectReason: 'EC_NoImmediateQtyToFill' });
    expect(balance(s.db, ALICE.id, 'USDT')).toEqual({ available: '100000', locked: '0' });
  });
});

describe('conditional, TP/SL, OCO and trailing orders trigger on the last price', () => {
  /** Prints a trade at `price` between two liquidity orders (moves the last price). */
  const print = (price: number) => {
    liquidity('Sell', price, 0.001);
    liquidity('Buy', price, 0.001);
  };

  test('a stop (conditional) order locks nothing until it triggers, then trades', async () => {
    print(97000);
    const r = await create(ALICE, { side: 'Buy', orderType: 'Limit', qty: '0.1', price: '98100', triggerPrice: '98000', orderFilter: 'StopOrder' });
    expect(await order(ALICE, r.body.result.orderId)).toMatchObject({ orderStatus: 'Untriggered', stopOrderType: 'Stop', triggerDirection: 1 });
    expect(balance(s.db, ALICE.id, 'USDT').locked).toBe('0');
    print(97900);
    expect((await order(ALICE, r.body.result.orderId)).orderStatus).toBe('Untriggered');
    liquidity('Sell', 98050, 1);
    print(98000);
    const o = await order(ALICE, r.body.result.orderId);
    expect(o).toMatchObject({ orderStatus: 'Filled', cumExecQty: '0.100000', avgPrice: '98050' });
  });

  test('a TP/SL order locks at once and fires when the price falls to it', async () => {
    print(97000);
    const r = await create(ALICE, { side: 'Sell', orderType: 'Limit', qty: '0.3', price: '95000', triggerPrice: '96000', orderFilter: 'tpslOrder' });
    expect(balance(s.db, ALICE.id, 'BTC')).toEqual({ available: '1.7', locked: '0.3' });
    liquidity('Buy', 95500, 1);
    print(96000);
    expect(await order(ALICE, r.body.result.orderId)).toMatchObject({ orderStatus: 'Filled', cumExecQty: '0.300000', avgPrice: '95500' });
    expect(balance(s.db, ALICE.id, 'BTC')).toEqual({ available: '1.7', locked: '0' });
  });

  test('OCO: the stop-loss leg fires and the take-profit leg is gone with it', async () => {
    print(97000);
    const r = await create(ALICE, { side: 'Sell', orderType: 'Limit', qty: '0.2', orderFilter: 'OcoOrder', takeProfit: '99000', tpLimitPrice: '99000', stopLoss: '95000' });
    expect(r.body.retCode).toBe(0);
    expect(balance(s.db, ALICE.id, 'BTC').locked).toBe('0.2');
    liquidity('Buy', 94900, 1);
    print(95000);
    const o = await order(ALICE, r.body.result.orderId);
    expect(o).toMatchObject({ ocoTriggerBy: 'OcoTriggerBySl', orderStatus: 'Filled', orderType: 'Market' });
    print(99000);
    expect(balance(s.db, ALICE.id, 'BTC')).toEqual({ available: '1.8', locked: '0' });
  });

  test('trailing stop follows the high and fires a distance below it', async () => {
    print(97000);
    const r = await create(ALICE, { side: 'Sell', orderType: 'Market', qty: '0.1', orderFilter: 'StopOrder', trailingValue: '500' });
    expect((await order(ALICE, r.body.result.orderId)).stopOrderType).toBe('TrailingStop');
    print(98000);
    print(97600); // 400 below the high: not yet
    expect((await order(ALICE, r.body.result.orderId)).orderStatus).toBe('Untriggered');
    liquidity('Buy', 97400, 1);
    print(97500);
    expect(await order(ALICE, r.body.result.orderId)).toMatchObject({ orderStatus: 'Filled', cumExecQty: '0.100000' });
  });

  test('takeProfit/stopLoss attached to a limit buy become an OCO sell for what was bought', async () => {
    liquidity('Sell', 97000, 1);
    const r = await create(ALICE, { side: 'Buy', orderType: 'Limit', qty: '0.1', price: '97000', takeProfit: '99000', stopLoss: '95000' });
    expect((await order(ALICE, r.body.result.orderId)).orderStatus).toBe('Filled');
    const open = (await signed(s.url, ALICE, 'GET', '/v5/order/realtime', { category: 'spot', orderFilter: 'OcoOrder' })).body.result.list;
    expect(open).toHaveLength(1);
    // bought 0.1 minus the 0.0001 BTC fee
    expect(open[0]).toMatchObject({ side: 'Sell', qty: '0.099900', orderStatus: 'Untriggered', takeProfit: '99000.00', stopLoss: '95000.00' });
  });
});

describe('the page trades through its session cookie', () => {
  test('same handlers; state changes need a same-origin request', async () => {
    const cookie = await login(s.url, ALICE.id);
    const body = JSON.stringify({ category: 'spot', symbol: 'ETHUSDT', side: 'Buy', orderType: 'Limit', qty: '1', price: '3000' });
    const evil = await fetch(`${s.url}/v5/order/create`, { method: 'POST', headers: { cookie, origin: 'https://evil.example', 'content-type': 'application/json' }, body });
    expect(evil.status).toBe(403);
    expect((await evil.json()).retCode).toBe(10005);
    const none = await fetch(`${s.url}/v5/order/create`, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body });
    expect(none.status).toBe(403);
    expect(balance(s.db, ALICE.id, 'USDT').locked).toBe('0');
    const ok = await fetch(`${s.url}/v5/order/create`, { method: 'POST', headers: { cookie, origin: s.origin, 'content-type': 'application/json' }, body });
    expect((await ok.json()).retCode).toBe(0);
    expect(balance(s.db, ALICE.id, 'USDT').locked).toBe('3000');
    const list = await (await fetch(`${s.url}/v5/order/realtime?category=spot`, { headers: { cookie } })).json();
    expect(list.result.list[0]).toMatchObject({ symbol: 'ETHUSDT', price: '3000.00', orderStatus: 'New' });
  });
});

describe('trace header (spec 7.4)', () => {
  const cancel = async (extra: Record<string, string>) => {
    const ts = String(Date.now());
    const payload = JSON.stringify({ category: 'spot', symbol: 'BTCUSDT', orderLinkId: 'no-such-order' });
    const headers = { 'x-bapi-api-key': ALICE.key, 'x-bapi-timestamp': ts, 'x-bapi-sign': sign(ALICE.secret, ts, ALICE.key, '5000', payload), 'x-bapi-recv-window': '5000', 'content-type': 'application/json', ...extra };
    return fetch(`${s.url}/v5/order/cancel`, { method: 'POST', headers, body: payload });
  };

  test("a cancel's traceparent comes back as Bybit's Traceid header; without one the exchange names its own", async () => {
    const traced = await cancel({ traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01' });
    expect(traced.headers.get('traceid')).toBe('4bf92f3577b34da6a3ce929d0e0e4736');
    const plain = await cancel({});
    expect(plain.headers.get('traceid')).toMatch(/^[0-9a-f]{32}$/);
    expect(plain.headers.get('traceid')).not.toBe('4bf92f3577b34da6a3ce929d0e0e4736');
    const bad = await cancel({ traceparent: '00-00000000000000000000000000000000-00f067aa0ba902b7-01' });
    expect(bad.headers.get('traceid')).not.toBe('00000000000000000000000000000000');
  });
});
