// The requests the page needs before it can show itself retry by themselves (issue #13 item 5).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const INSTRUMENTS = {
  retCode: 0,
  retMsg: 'OK',
  result: {
    category: 'spot',
    list: [
      {
        symbol: 'BTCUSDT',
        baseCoin: 'BTC',
        quoteCoin: 'USDT',
        innovation: '0',
        status: 'Trading',
        lotSizeFilter: { basePrecision: '0.000001', quotePrecision: '0.00000001', minOrderQty: '0.000048', maxOrderQty: '71.7', minOrderAmt: '1', maxOrderAmt: '4000000' },
        priceFilter: { tickSize: '0.01' },
      },
    ],
  },
};

type Answer = { status: number; body: unknown } | 'network';

/** fetch answering each call with the next scripted answer (the last one repeats). */
function scriptFetch(answers: Answer[]) {
  const calls: string[] = [];
  vi.stubGlobal('fetch', async (url: string) => {
    calls.push(url);
    const a = answers[Math.min(calls.length - 1, answers.length - 1)]!;
    if (a === 'network') throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify(a.body), { status: a.status, headers: { 'content-type': 'application/json' } });
  });
  return calls;
}

const unavailable = { status: 503, body: { retCode: 10016, retMsg: 'Internal System Error.', result: {} } };

beforeEach(() => {
  vi.useFakeTimers();
  vi.resetModules();
  vi.spyOn(Math, 'random').mockReturnValue(0);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('symbol list at start', () => {
  it('a failed instruments-info retries by itself and the page becomes ready', async () => {
    const calls = scriptFetch([unavailable, 'network', { status: 200, body: INSTRUMENTS }]);
    const { loadSymbols, symbolsState } = await import('../../src/state/market/markets.ts');
    const done = loadSymbols();
    await vi.advanceTimersByTimeAsync(0);
    expect(symbolsState.value).toMatchObject({ status: 'loading', retrying: { failures: 1, delayMs: 1000, reason: 'Internal System Error.' } });
    await vi.advanceTimersByTimeAsync(1000);
    expect(symbolsState.value).toMatchObject({ status: 'loading', retrying: { failures: 2, delayMs: 2000, reason: 'network error: Failed to fetch' } });
    await vi.advanceTimersByTimeAsync(2000);
    await done;
    expect(symbolsState.value).toMatchObject({ status: 'ready', value: [{ symbolId: 'BTCUSDT' }] });
    expect(calls).toHaveLength(3);
  });

  it('"Retry now" does not wait out the backoff', async () => {
    const calls = scriptFetch([unavailable, { status: 200, body: INSTRUMENTS }]);
    const { loadSymbols, retrySymbolsNow, symbolsState } = await import('../../src/state/market/markets.ts');
    const done = loadSymbols();
    await vi.advanceTimersByTimeAsync(10);
    expect(calls).toHaveLength(1);
    retrySymbolsNow();
    await done;
    expect(symbolsState.value.status).toBe('ready');
  });

  it('a request the exchange calls wrong goes to the error screen without retrying', async () => {
    const calls = scriptFetch([{ status: 400, body: { retCode: 10001, retMsg: 'params error: category', result: {} } }]);
    const { loadSymbols, symbolsState } = await import('../../src/state/market/markets.ts');
    await loadSymbols();
    expect(symbolsState.value).toEqual({ status: 'error', message: 'params error: category' });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toHaveLength(1);
  });
});

describe('user info at start', () => {
  it('a logged-in trader whose first answer failed is not shown as a visitor: it retries', async () => {
    scriptFetch([unavailable, { status: 200, body: { success: true, result: { userState: 1, id: 100001, name: 'alice' } } }]);
    const u = await import('../../src/state/account/user.ts');
    const done = u.refreshUser();
    await vi.advanceTimersByTimeAsync(0);
    expect(u.userKnown.value).toBe(false);
    expect(u.userRetrying.value).toMatchObject({ failures: 1, delayMs: 1000 });
    await vi.advanceTimersByTimeAsync(1000);
    await done;
    expect(u.userKnown.value).toBe(true);
    expect(u.isLoggedIn.value).toBe(true);
    expect(u.userRetrying.value).toBeNull();
  });

  it('a visitor (401) is known at once', async () => {
    const calls = scriptFetch([{ status: 401, body: { success: false, code: 401, message: 'not logged in' } }]);
    const u = await import('../../src/state/account/user.ts');
    await u.refreshUser();
    expect(u.userKnown.value).toBe(true);
    expect(u.isLoggedIn.value).toBe(false);
    expect(calls).toHaveLength(1);
  });
});
