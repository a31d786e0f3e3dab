import { TRACEPARENT_RE, traceIdOf } from '../../src/core/trace.ts';
import { describe, expect, it } from 'vitest';
import { groupOfPlan, newClientOrderId } from '../../src/core/order-groups.ts';
import { createOrderBody } from '../../src/api/order-body.ts';
import { decodeOrder } from '../../src/protocol/bybit-v5/order.ts';
import { decodePrivateMessage, subscribeFrame } from '../../src/protocol/bybit-v5/private.ts';
import { ACCOUNT_TOPICS } from '../../src/protocol/bybit-v5/topics.ts';
import { decodeWallet } from '../../src/protocol/bybit-v5/wallet.ts';
import { createTradingApi, type Transport } from '../../src/api/trading.ts';
import { ApiError } from '../../src/api/http.ts';
import { EMPTY_DRAFT } from '../../src/core/order-rules.ts';
import { draft } from './fixtures.ts';

const v5 = (result: unknown) => ({ retCode: 0, retMsg: 'OK', result });
const rawOrder = (over: Record<string, unknown> = {}) => ({
  category: 'spot', symbol: 'BTCUSDT', orderId: '1', orderLinkId: 'c1', side: 'Buy', orderType: 'Limit', price: '100.00', qty: '1',
  cumExecQty: '0', cumExecValue: '0', orderStatus: 'New', stopOrderType: '', triggerPrice: '0.00', takeProfit: '0.00', stopLoss: '0.00',
  trailingValue: '', ocoTriggerBy: '', createdTime: '1000', updatedTime: '1000', isLeverage: '0', ...over,
});

describe('order bodies (v5 /order/create)', () => {
  it.each([
    ['limit with TP/SL on entry', draft({ kind: 'limit', price: '100', qty: '1', takeProfit: '120', stopLoss: '90' }), { orderType: 'Limit', price: '100', qty: '1', timeInForce: 'GTC', takeProfit: '120', stopLoss: '90' }],
    ['market by quantity', draft({ kind: 'market', qty: '0.5' }), { orderType: 'Market', marketUnit: 'baseCoin', qty: '0.5' }],
    ['market by amount', draft({ kind: 'market', marketBy: 'amount', amount: '50' }), { orderType: 'Market', marketUnit: 'quoteCoin', qty: '50' }],
    ['conditional market', draft({ kind: 'conditional', execType: 'market', triggerPrice: '110', qty: '1' }), { orderFilter: 'StopOrder', orderType: 'Market', marketUnit: 'baseCoin', triggerPrice: '110' }],
    ['stop-limit', draft({ kind: 'stopLimit', triggerPrice: '110', price: '111', qty: '1' }), { orderFilter: 'tpslOrder', orderType: 'Limit', price: '111', triggerPrice: '110' }],
    ['OCO with a market stop-loss', draft({ kind: 'oco', side: 'Sell', qty: '1', tpTrigger: '110', tpPrice: '109', slTrigger: '90', slType: 'market' }), { orderFilter: 'OcoOrder', takeProfit: '110', tpLimitPrice: '109', stopLoss: '90', slOrderType: 'Market' }],
    ['trailing by rate with activation', draft({ kind: 'trailing', side: 'Sell', qty: '1', trailingValue: '5', activationPrice: '120' }), { orderFilter: 'StopOrder', trailingPercentage: '5', triggerPrice: '120' }],
    ['trailing by distance', draft({ kind: 'trailing', side: 'Sell', qty: '1', trailingBy: 'value', trailingValue: '3' }), { trailingValue: '3' }],
    ['a position close (closing market sell): reduceOnly and closeOnTrigger', draft({ kind: 'market', side: 'Sell', qty: '0.5', closing: true }), { orderType: 'Market', marketUnit: 'baseCoin', qty: '0.5', reduceOnly: 'true', closeOnTrigger: 'true' }],
  ] as const)('%s', (_n, d, want) => {
    const body = createOrderBody(d, 'BTCUSDT', 'cid-1');
    expect(body).toMatchObject({ category: 'spot', symbol: 'BTCUSDT', orderLinkId: 'cid-1', ...want });
    if (d.kind === 'oco') expect(body.slLimitPrice).toBeUndefined();
    if (!d.closing) expect(body.reduceOnly).toBeUndefined();
  });
  it('client order ids are unique and fit the exchange rule', () => {
    const ids = new Set(Array.from({ length: 50 }, () => newClientOrderId()));
    expect(ids.size).toBe(50);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{1,36}$/);
  });
  it('plan types map to panel groups', () => {
    expect([0, 1, 4, 8, 10, 11].map((p) => groupOfPlan(p as never))).toEqual(['ordinary', 'conditional', 'conditional', 'stopLimit', 'oco', 'stopLimit']);
  });
});

describe('payload decoding', () => {
  it('maps unified statuses through 4.6 and reads plan fields', () => {
    const o = decodeOrder(rawOrder({ stopOrderType: 'OcoOrder', orderStatus: 'Untriggered', takeProfit: '110.00', stopLoss: '90.00', ocoTriggerBy: 'OcoTriggerByUnknown' }), 'uta')!;
    expect(o).toMatchObject({ planType: 10, status: 'ORDER_NEW', takeProfit: '110.00', stopLoss: '90.00', ocoTrigger: 'untriggered', price: '100.00' });
    const t = decodeOrder(rawOrder({ stopOrderType: 'TrailingStop', trailingValue: '5%', triggerPrice: '120.00', orderType: 'Market', price: '0' }), 'uta')!;
    expect(t).toMatchObject({ planType: 4, trailingPercentage: '5', activationPrice: '120.00', price: '', type: 'MARKET' });
  });
  it('a classic feed already in page statuses is kept as sent', () => {
    expect(decodeOrder(rawOrder({ orderStatus: 'CANCELED' }), 'classic')!.status).toBe('CANCELED');
    expect(decodeOrder(rawOrder({ orderStatus: 'Cancelled' }), 'classic')!.status).toBe('CANCELED');
  });
  it('a reduce-only or close-on-trigger order is a closing one (spec 4.7), others are not', () => {
    expect(decodeOrder(rawOrder({ reduceOnly: true }), 'uta')!.closing).toBe(true);
    expect(decodeOrder(rawOrder({ closeOnTrigger: true }), 'uta')!.closing).toBe(true);
    expect(decodeOrder(rawOrder({ reduceOnly: false, closeOnTrigger: false }), 'uta')!.closing).toBe(false);
  });

  it('strategy-created orders are marked so pushes can ignore them', () => {
    expect(decodeOrder(rawOrder({ createType: 'CreateByIceberg' }), 'uta')!.createType).toBe('iceberg');
    expect(decodeOrder(rawOrder({ createType: 'CreateByTwap' }), 'uta')!.createType).toBe('twap');
  });
  it('UTA free balance comes from spotAvailableBalance', () => {
    const acct = { coin: [{ coin: 'USDT', free: '10', spotAvailableBalance: '7', walletBalance: '12', locked: '2' }] };
    expect(decodeWallet(acct, 'uta')[0]!.free).toBe('7');
    expect(decodeWallet(acct, 'classic')[0]!.free).toBe('10');
  });
});

describe('private stream protocol', () => {
  it('each account kind follows its own topics', () => {
    expect(JSON.parse(subscribeFrame('uta', 'r1'))).toEqual({ req_id: 'r1', op: 'subscribe', args: [...ACCOUNT_TOPICS.uta, 'user.lt.order', 'user.alert', 'strategy'] });
    expect(JSON.parse(subscribeFrame('classic', 'r2')).args).not.toContain('strategy');
    expect(ACCOUNT_TOPICS.classic).toContain('order.spot');
  });
  it('decodes order, execution and wallet pushes; drops other categories and junk', () => {
    const orders = decodePrivateMessage(JSON.stringify({ topic: 'order', data: [rawOrder(), rawOrder({ orderId: '2', category: 'linear' })] }), 'uta');
    expect(orders).toMatchObject({ type: 'orders', orders: [{ orderId: '1', status: 'NEW' }] });
    expect(orders?.type === 'orders' && orders.orders).toHaveLength(1);
    expect(decodePrivateMessage(JSON.stringify({ topic: 'execution.spot', data: [{ execId: 'e1', symbol: 'BTCUSDT', side: 'Sell', execPrice: '1', execQty: '2', execTime: '5' }] }), 'classic')).toMatchObject({ type: 'executions', executions: [{ tradeId: 'e1', side: 'Sell' }] });
    expect(decodePrivateMessage(JSON.stringify({ topic: 'wallet', data: [{ coin: [{ coin: 'BTC', free: '1' }] }] }), 'uta')).toMatchObject({ type: 'wallet', balances: [{ tokenId: 'BTC', free: '1' }] });
    expect(decodePrivateMessage('{not json', 'uta')).toBeNull();
    expect(decodePrivateMessage(JSON.stringify({ op: 'pong' }), 'uta')).toBeNull();
    expect(decodePrivateMessage(JSON.stringify({ op: 'subscribe', success: false, ret_msg: 'Request not authorized' }), 'uta')).toEqual({ type: 'ack', op: 'subscribe', success: false, message: 'Request not authorized' });
  });
});

describe('trading API over v5', () => {
  const DAY = 24 * 60 * 60 * 1000;
  it('a resend that the exchange calls a duplicate clientOrderId finds the order its first send made, instead of failing', async () => {
    const calls: string[] = [];
    const transport: Transport = async (url) => {
      calls.push(url.split('?')[0]!);
      if (url.startsWith('/v5/order/create')) throw new ApiError('Duplicate clientOrderId', 170141, 200);
      return v5({ list: [rawOrder({ orderId: '77', orderLinkId: 'web-x-1' })], nextPageCursor: '' });
    };
    const draft = { ...EMPTY_DRAFT, kind: 'limit' as const, price: '100', qty: '1' };
    await expect(createTradingApi('uta', transport).placeOrder(draft, 'BTCUSDT', 'web-x-1')).resolves.toEqual({ orderId: '77', clientOrderId: 'web-x-1' });
    expect(calls).toEqual(['/v5/order/create', '/v5/order/realtime']);
    // Any other refusal, or no such order, is the refusal.
    const none: Transport = async (url) => {
      if (url.startsWith('/v5/order/create')) throw new ApiError('Duplicate clientOrderId', 170141, 200);
      return v5({ list: [], nextPageCursor: '' });
    };
    await expect(createTradingApi('uta', none).placeOrder(draft, 'BTCUSDT', 'web-x-2')).rejects.toThrow('Duplicate clientOrderId');
  });
  function fakeTransport(handler: (path: string, params: URLSearchParams, body: unknown) => unknown): { transport: Transport; calls: string[] } {
    const calls: string[] = [];
    const transport: Transport = async (url, opts) => {
      calls.push(url);
      const [path, qs] = url.split('?');
      return handler(path!, new URLSearchParams(qs ?? ''), opts?.body);
    };
    return { transport, calls };
  }

  it('history longer than 7 days walks 7-day windows back and stops at the range', async () => {
    const now = 1_000 * DAY;
    const { transport, calls } = fakeTransport(() => v5({ list: [], nextPageCursor: '' }));
    await createTradingApi('classic', transport, () => now).orderHistory({ group: 'ordinary', days: 30 });
    expect(calls).toHaveLength(5);
    const windows = calls.map((c) => new URLSearchParams(c.split('?')[1]));
    for (const w of windows) expect(Number(w.get('endTime')) - Number(w.get('startTime'))).toBeLessThanOrEqual(7 * DAY);
    expect(Number(windows.at(-1)!.get('startTime'))).toBe(now - 30 * DAY);
    expect(windows[0]!.get('orderFilter')).toBe('Order');
  });

  it('open orders follow cursors to the end of the list', async () => {
    let page = 0;
    const { transport, calls } = fakeTransport(() => {
      page++;
      return v5({ list: Array.from({ length: page < 3 ? 50 : 20 }, (_, i) => rawOrder({ orderId: `${page}-${i}` })), nextPageCursor: page < 3 ? `page_args%3D${page * 50}` : '' });
    });
    const list = await createTradingApi('uta', transport).openOrders({ symbolId: 'BTCUSDT', group: 'oco' });
    expect(list).toHaveLength(120);
    expect(calls).toHaveLength(3);
    expect(calls[1]).toContain('cursor=page_args%3D50');
    expect(calls[0]).toContain('orderFilter=OcoOrder');
  });

  it('a list read past its rate limit waits and asks again instead of failing', async () => {
    let n = 0;
    const { transport, calls } = fakeTransport(() => (++n === 2 ? { retCode: 10006, retMsg: 'Too many visits!', result: {} } : v5({ list: [rawOrder({ orderId: String(n) })], nextPageCursor: n < 3 ? `page_args%3D${n}` : '' })));
    const list = await createTradingApi('uta', transport).openOrders({ group: 'ordinary' });
    expect(list.map((o) => o.orderId)).toEqual(['1', '3']);
    expect(calls).toHaveLength(3);
    expect(calls[2]).toBe(calls[1]);
  });

  /** A fake /v5/order/history over `times` (one order per time, newest first), paging like the exchange. */
  function historyOver(times: number[]) {
    return fakeTransport((_path, p) => {
      const lo = Number(p.get('startTime'));
      const hi = Number(p.get('endTime'));
      const inWindow = times.filter((t) => t >= lo && t <= hi).sort((a, b) => b - a);
      const offset = Number(/\d+$/.exec(p.get('cursor') ?? '0')![0]);
      const limit = Number(p.get('limit'));
      const list = inWindow.slice(offset, offset + limit).map((t) => rawOrder({ orderId: String(t), createdTime: String(t) }));
      return v5({ list, nextPageCursor: inWindow.length > offset + limit ? `page_args%3D${offset + limit}` : '' });
    });
  }

  it('history reads one page of 100 and its cursor continues it, across 7-day windows, with no row twice', async () => {
    const now = 1_000 * DAY;
    // 130 orders in the newest week, 90 in the week before (one on the windows' boundary), 30 days asked.
    const times = [...Array.from({ length: 130 }, (_, i) => now - i * 60_000), now - 7 * DAY, ...Array.from({ length: 89 }, (_, i) => now - 8 * DAY - i * 60_000)];
    const { transport, calls } = historyOver(times);
    const api = createTradingApi('uta', transport, () => now);
    const q = { symbolId: 'BTCUSDT', group: 'ordinary' as const, days: 30 };
    const first = await api.orderHistory(q);
    expect(first.rows).toHaveLength(100);
    expect(calls).toHaveLength(2);
    expect(first.next).toMatchObject({ hi: now, cursor: 'page_args=100' });
    const second = await api.orderHistory(q, first.next);
    expect(second.rows).toHaveLength(100);
    const third = await api.orderHistory(q, second.next);
    const ids = [...first.rows, ...second.rows, ...third.rows].map((o) => o.orderId);
    expect(ids).toHaveLength(220);
    expect(new Set(ids).size).toBe(220);
    expect(ids).toEqual([...times].sort((a, b) => b - a).map(String));
    // The last page reached the range's start: nothing more to read.
    expect(third.next).toBeUndefined();
  });

  it('wallet account type differs by kind; a non-zero retCode is an error with its code', async () => {
    const { transport, calls } = fakeTransport(() => v5({ list: [{ coin: [] }] }));
    await createTradingApi('uta', transport).balances();
    await createTradingApi('classic', transport).balances();
    expect(calls).toEqual(['/v5/account/wallet-balance?accountType=UNIFIED', '/v5/account/wallet-balance?accountType=SPOT']);
    const failing = fakeTransport(() => ({ retCode: 170131, retMsg: 'Balance insufficient', result: {} }));
    await expect(createTradingApi('uta', failing.transport).placeOrder(draft({ price: '1', qty: '1' }), 'BTCUSDT', 'c')).rejects.toMatchObject({ code: 170131, message: 'Balance insufficient' });
  });

  it('cancel and cancel-all send a W3C traceparent, a new one each time; other calls send none (spec 7.4)', async () => {
    const sent: (Record<string, string> | undefined)[] = [];
    const transport: Transport = async (_url, opts) => {
      sent.push(opts?.headers);
      return v5({ list: [] });
    };
    const api = createTradingApi('uta', transport);
    await api.cancelOrder({ symbolId: 'BTCUSDT', orderId: '1', clientOrderId: 'c1', planType: 0 } as Parameters<typeof api.cancelOrder>[0]);
    await api.cancelAll({ group: 'ordinary' });
    await api.balances();
    expect(sent[0]?.traceparent).toMatch(TRACEPARENT_RE);
    expect(sent[1]?.traceparent).toMatch(TRACEPARENT_RE);
    expect(sent[0]?.traceparent).not.toBe(sent[1]?.traceparent);
    expect(sent[2]).toBeUndefined();
    expect(traceIdOf(sent[0]?.traceparent)).toBe(sent[0]!.traceparent!.slice(3, 35));
  });
});
