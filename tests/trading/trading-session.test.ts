import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ANONYMOUS } from '../../src/api/user.ts';
import type { SpotSymbol } from '../../src/core/symbols.ts';
import { activeSymbol } from '../../src/state/active-market.ts';
import { balances } from '../../src/state/balances.ts';
import { openOrders } from '../../src/state/orders.ts';
import { clearToasts, toasts } from '../../src/state/toasts.ts';
import { acquireTradingSession, INTEGRATED_REFETCH_MS, successSound } from '../../src/state/trading-session.ts';
import { user } from '../../src/state/user.ts';

class FakeSocket {
  static last: FakeSocket | null = null;
  readyState = 0;
  sent: string[] = [];
  onopen: ((ev: unknown) => void) | null = null;
  onmessage: ((ev: { data: unknown }) => void) | null = null;
  onclose: ((ev: { code: number; reason: string }) => void) | null = null;
  onerror: ((ev: unknown) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.last = this;
  }
  send(t: string) {
    this.sent.push(t);
  }
  close() {}
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  push(msg: unknown) {
    this.onmessage?.({ data: JSON.stringify(msg) });
  }
}

const rawOrder = (status: string, over: Record<string, unknown> = {}) => ({
  category: 'spot', symbol: 'BTCUSDT', orderId: '9', orderLinkId: 'c9', side: 'Buy', orderType: 'Limit', price: '100', qty: '1',
  cumExecQty: '0', cumExecValue: '0', orderStatus: status, stopOrderType: '', createdTime: '1', updatedTime: '1', ...over,
});

let realtimeCalls = 0;
let release: () => void;

beforeEach(() => {
  vi.useFakeTimers();
  realtimeCalls = 0;
  clearToasts();
  vi.stubGlobal('window', { location: { protocol: 'http:', host: 'exchange.test' } });
  vi.stubGlobal('WebSocket', FakeSocket);
  vi.stubGlobal('fetch', async (url: string) => {
    if (url.startsWith('/v5/order/realtime')) realtimeCalls++;
    const result = url.startsWith('/v5/account/wallet-balance') ? { list: [{ coin: [{ coin: 'USDT', free: '5' }] }] } : { list: [] };
    return new Response(JSON.stringify({ retCode: 0, retMsg: 'OK', result }), { status: 200 });
  });
  activeSymbol.value = { symbolId: 'BTCUSDT' } as SpotSymbol;
});

afterEach(() => {
  release?.();
  user.value = ANONYMOUS;
  activeSymbol.value = null;
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

async function flush(): Promise<void> {
  for (let i = 0; i < 10; i++) await Promise.resolve();
  await vi.advanceTimersByTimeAsync(0);
}

describe('trading session', () => {
  it('a visitor opens no stream and loads nothing', async () => {
    FakeSocket.last = null;
    release = acquireTradingSession();
    await flush();
    expect(FakeSocket.last).toBeNull();
    expect(realtimeCalls).toBe(0);
  });

  it('a unified account subscribes its topics, applies pushes, and refetches 500 ms after an update', async () => {
    user.value = { ...ANONYMOUS, userState: 1, id: 1, isUTA: true, doubleConfirm: { notifyClose: false, tradeNotifyClose: false, successAudio: true } };
    release = acquireTradingSession();
    await flush();
    const ws = FakeSocket.last!;
    expect(ws.url).toBe('ws://exchange.test/v5/private');
    ws.open();
    expect(JSON.parse(ws.sent[0]!)).toMatchObject({ op: 'subscribe', args: ['order', 'execution', 'wallet'] });
    await flush();
    const before = realtimeCalls;
    expect(balances.value.get('USDT')?.free).toBe('5');

    ws.push({ topic: 'order', data: [rawOrder('New')] });
    expect(openOrders.value.map((o) => o.orderId)).toEqual(['9']);
    ws.push({ topic: 'wallet', data: [{ coin: [{ coin: 'USDT', free: '4' }] }] });
    expect(balances.value.get('USDT')?.free).toBe('4');
    const sound = successSound.value;
    ws.push({ topic: 'order', data: [rawOrder('Filled')] });
    expect(openOrders.value).toHaveLength(0);
    expect(toasts.value.map((t) => t.key)).toContain('push.filled');
    expect(successSound.value).toBe(sound + 1);

    await vi.advanceTimersByTimeAsync(INTEGRATED_REFETCH_MS - 1);
    expect(realtimeCalls).toBe(before);
    await vi.advanceTimersByTimeAsync(1);
    await flush();
    expect(realtimeCalls).toBeGreaterThan(before);
  });

  it('a classic account follows the spot topics', async () => {
    user.value = { ...ANONYMOUS, userState: 1, id: 2, isUTA: false };
    release = acquireTradingSession();
    await flush();
    FakeSocket.last!.open();
    expect(JSON.parse(FakeSocket.last!.sent[0]!).args).toEqual(['order.spot', 'execution.spot', 'wallet']);
  });
});
