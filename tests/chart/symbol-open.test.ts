// Spec 4.1 steps 5 and 7 at the open: the 1 s delay counted from the first candle request, and the
// error mask when the last notice data is more than 20 s old.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SYMBOL_OPEN_DELAY_MS } from '../../src/core/chart/countdown.ts';
import { openAtZero, openDelayMs } from '../../src/core/chart/symbol-open.ts';
import { NOTICE_STALE_MS } from '../../src/core/constants.ts';
import type { SpotSymbol } from '../../src/core/symbols.ts';
import { activeSymbol } from '../../src/state/market/active-market.ts';
import { rebuildCandles } from '../../src/state/chart/candles.ts';
import { checkNotice, countdownDone, noticeState } from '../../src/state/chart/chart-notice.ts';

const SYMBOL = { symbolId: 'NEWUSDT', baseTokenName: 'NEW', quoteTokenName: 'USDT', tickSize: '0.0001', lotSize: '0.01', pricePrecision: 4 } as SpotSymbol;
/** What the notice call answers next: an open time (ms), or a failure. */
let answer: { onlineTime: number } | 'fail';

const notice = (onlineTime: number) => ({ success: true, code: 0, result: { symbolId: 'NEWUSDT', noticeType: 1, noticeContent: '', noticeLinkUrl: '', onlineTime, nowTime: Date.now() } });

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  vi.stubGlobal('fetch', async (url: string) => {
    let body: unknown;
    if (url.startsWith('/v5/market/time')) body = { retCode: 0, retMsg: 'OK', result: { timeSecond: '0', timeNano: `${Date.now()}000000` } };
    else if (url.startsWith('/v5/market/kline')) body = { retCode: 0, retMsg: 'OK', result: { list: [] } };
    else if (answer === 'fail') return new Response('{}', { status: 503 });
    else body = notice(answer.onlineTime);
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  // Each test starts with no candle request for NEWUSDT: the chart asked for another pair last.
  activeSymbol.value = { ...SYMBOL, symbolId: 'OTHERUSDT' } as SpotSymbol;
  rebuildCandles();
  activeSymbol.value = SYMBOL;
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** Lets pending fetch answers settle. */
const settle = async () => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
  await vi.advanceTimersByTimeAsync(0);
};

describe('the open delay (spec 4.1 step 7)', () => {
  it('is 1 s from the first candle request, whenever the countdown ends', () => {
    expect(SYMBOL_OPEN_DELAY_MS).toBe(1000);
    expect(openDelayMs(1000, 1300, SYMBOL_OPEN_DELAY_MS)).toBe(700);
    expect(openDelayMs(1000, 5000, SYMBOL_OPEN_DELAY_MS)).toBe(0);
    expect(openDelayMs(null, 5000, SYMBOL_OPEN_DELAY_MS)).toBe(1000);
  });

  it('opens 1 s after the first candle request, not 1 s after zero', async () => {
    const t0 = Date.now();
    rebuildCandles();
    answer = { onlineTime: t0 + 300 };
    await checkNotice();
    expect(noticeState.value.kind).toBe('countdown');
    vi.setSystemTime(t0 + 300);
    answer = { onlineTime: t0 + 300 };
    countdownDone();
    await vi.advanceTimersByTimeAsync(650);
    await settle();
    expect(noticeState.value.kind).toBe('countdown');
    await vi.advanceTimersByTimeAsync(60);
    await settle();
    expect(noticeState.value).toEqual({ kind: 'open', symbol: 'NEWUSDT' });
  });
});

describe('the error mask at the open (spec 4.1 step 5)', () => {
  it('shows when the last data is more than 20 s old', () => {
    expect(NOTICE_STALE_MS).toBe(20_000);
    expect(openAtZero(30_001, 10_000)).toBe('error');
    expect(openAtZero(30_000, 10_000)).toBe('open');
  });

  it('a rerun without an answer after a 30 s countdown: the error mask', async () => {
    const t0 = Date.now();
    rebuildCandles();
    answer = { onlineTime: t0 + 30_000 };
    await checkNotice();
    vi.setSystemTime(t0 + 30_000);
    answer = 'fail';
    countdownDone();
    await vi.advanceTimersByTimeAsync(10);
    await settle();
    expect(noticeState.value).toEqual({ kind: 'error', symbol: 'NEWUSDT' });
  });

  it('a rerun without an answer 10 s after the last data: opens directly', async () => {
    const t0 = Date.now();
    rebuildCandles();
    answer = { onlineTime: t0 + 10_000 };
    await checkNotice();
    vi.setSystemTime(t0 + 10_000);
    answer = 'fail';
    countdownDone();
    await vi.advanceTimersByTimeAsync(10);
    await settle();
    expect(noticeState.value).toEqual({ kind: 'open', symbol: 'NEWUSDT' });
  });

  it('a fresh answer that still puts the open a moment ahead (clock skew) opens directly, no second countdown', async () => {
    const t0 = Date.now();
    rebuildCandles();
    answer = { onlineTime: t0 + 5000 };
    await checkNotice();
    vi.setSystemTime(t0 + 5000);
    answer = { onlineTime: t0 + 7000 };
    countdownDone();
    await vi.advanceTimersByTimeAsync(10);
    await settle();
    expect(noticeState.value).toEqual({ kind: 'open', symbol: 'NEWUSDT' });
  });
});
