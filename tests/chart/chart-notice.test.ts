import { afterEach, describe, expect, it, vi } from 'vitest';
import { activeSymbol } from '../../src/state/market/active-market.ts';
import { checkNotice, noticeState, serverNow } from '../../src/state/chart/chart-notice.ts';
import type { SpotSymbol } from '../../src/core/symbols.ts';

const SYMBOL = { symbolId: 'NEWUSDT', baseTokenName: 'NEW', quoteTokenName: 'USDT', tickSize: '0.0001', lotSize: '0.01', pricePrecision: 4 } as SpotSymbol;

/** Answers the notice and server-time calls like the exchange, with the given notice body. */
function stubExchange(notice: unknown, serverOffset = 0) {
  vi.stubGlobal('fetch', async (url: string) => {
    const body = url.startsWith('/v5/market/time')
      ? { retCode: 0, retMsg: 'OK', result: { timeSecond: '0', timeNano: `${Date.now() + serverOffset}000000` } }
      : notice;
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('symbol opening notice', () => {
  it('counts down to a future open time, on server-corrected time, keeping only safe links', async () => {
    activeSymbol.value = SYMBOL;
    const onlineTime = Date.now() + 2 * 3_600_000 + 5 * 60_000;
    stubExchange({ success: true, code: 0, result: { symbolId: 'NEWUSDT', noticeType: 1, noticeContent: 'opens soon', noticeLinkUrl: 'javascript:alert(1)', onlineTime, nowTime: Date.now() } }, 30_000);
    await checkNotice();
    const s = noticeState.value;
    expect(s.kind).toBe('countdown');
    if (s.kind !== 'countdown') return;
    expect(s.onlineTime).toBe(onlineTime);
    expect(s.content).toBe('opens soon');
    expect(s.link).toBeNull();
    // The server runs 30 s ahead of this machine: the countdown follows the server.
    expect(serverNow() - Date.now()).toBeGreaterThan(29_000);
    expect(serverNow() - Date.now()).toBeLessThan(31_000);
  });

  it('keeps the clock for notice type 2 and shows the pending icon for type 3 (spec 3)', async () => {
    activeSymbol.value = SYMBOL;
    const onlineTime = Date.now() + 3_600_000;
    const body = (noticeType: number) => ({ success: true, code: 0, result: { symbolId: 'NEWUSDT', noticeType, noticeContent: '', noticeLinkUrl: '', onlineTime, nowTime: Date.now() } });
    stubExchange(body(2));
    await checkNotice();
    expect(noticeState.value).toMatchObject({ kind: 'countdown', pending: false });
    stubExchange(body(3));
    await checkNotice();
    expect(noticeState.value).toMatchObject({ kind: 'countdown', pending: true });
  });

  it('opens at once when the open time has passed', async () => {
    activeSymbol.value = SYMBOL;
    stubExchange({ success: true, code: 0, result: { symbolId: 'NEWUSDT', noticeType: 0, noticeContent: '', noticeLinkUrl: '', onlineTime: Date.now() - 1000, nowTime: Date.now() } });
    await checkNotice();
    expect(noticeState.value.kind).toBe('open');
  });

  it('shows the error mask for a failed notice or one about another symbol', async () => {
    activeSymbol.value = SYMBOL;
    stubExchange({ success: true, code: 0, result: { symbolId: 'BTCUSDT', noticeType: 0, noticeContent: '', noticeLinkUrl: '', onlineTime: 1, nowTime: Date.now() } });
    await checkNotice();
    expect(noticeState.value).toEqual({ kind: 'error', symbol: 'NEWUSDT' });
    stubExchange({ success: false, code: 10016, message: 'Internal System Error.' });
    noticeState.value = { kind: 'open', symbol: 'NEWUSDT' };
    await checkNotice();
    expect(noticeState.value.kind).toBe('error');
  });
});
