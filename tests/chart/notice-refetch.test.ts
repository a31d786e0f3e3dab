// Spec 4.1 and 9: the symbol notice is fetched for the active symbol, and fetched again when the
// page comes back after more than 60 s hidden, or when it comes online (issue 34 item 5).
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { SpotSymbol } from '../../src/core/symbols.ts';
import { activeSymbol } from '../../src/state/market/active-market.ts';
import { startNoticeSync } from '../../src/state/chart/chart-notice.ts';

const SYMBOL = { symbolId: 'BTCUSDT', baseTokenName: 'BTC', quoteTokenName: 'USDT', tickSize: '0.01', lotSize: '0.000001', pricePrecision: 2 } as SpotSymbol;
let noticeCalls: string[];
let doc: EventTarget & { visibilityState: string };

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  noticeCalls = [];
  vi.stubGlobal('fetch', async (url: string) => {
    let body: unknown = { retCode: 0, retMsg: 'OK', result: { list: [] } };
    if (url.startsWith('/v5/market/time')) body = { retCode: 0, retMsg: 'OK', result: { timeSecond: '0', timeNano: `${Date.now()}000000` } };
    else if (!url.startsWith('/v5/market/kline')) {
      noticeCalls.push(url);
      body = { success: true, code: 0, result: { symbolId: 'BTCUSDT', noticeType: 1, noticeContent: '', noticeLinkUrl: '', onlineTime: 0, nowTime: Date.now() } };
    }
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  doc = Object.assign(new EventTarget(), { visibilityState: 'visible' });
  vi.stubGlobal('document', doc);
  vi.stubGlobal('window', new EventTarget());
  activeSymbol.value = SYMBOL;
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const settle = async () => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
};
const setVisibility = (v: 'visible' | 'hidden') => {
  doc.visibilityState = v;
  doc.dispatchEvent(new Event('visibilitychange'));
};

describe('symbol notice refetch (spec 4.1, 9: 60 s)', () => {
  test('fetched for the symbol; again after more than 60 s hidden, not after less; again when the page comes online', async () => {
    const stop = startNoticeSync();
    try {
      await settle();
      expect(noticeCalls).toHaveLength(1);
      expect(noticeCalls[0]).toContain('BTCUSDT');
      setVisibility('hidden');
      vi.advanceTimersByTime(60_000);
      setVisibility('visible');
      await settle();
      expect(noticeCalls).toHaveLength(1);
      setVisibility('hidden');
      vi.advanceTimersByTime(60_001);
      setVisibility('visible');
      await settle();
      expect(noticeCalls).toHaveLength(2);
      (globalThis.window as unknown as EventTarget).dispatchEvent(new Event('online'));
      await settle();
      expect(noticeCalls).toHaveLength(3);
    } finally {
      stop();
    }
  });
});
