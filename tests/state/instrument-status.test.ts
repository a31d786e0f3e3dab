import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { INSTRUMENT_STATUS_POLL_MS } from '../../src/core/constants.ts';
import type { SpotSymbol } from '../../src/core/symbols.ts';
import { tradeStateOf, watchInstrumentStatus } from '../../src/state/market/instrument-status.ts';

const row = (over: Record<string, unknown>) => ({
  symbol: 'XRPUSDT', baseCoin: 'XRP', quoteCoin: 'USDT', status: 'Trading', isBanBuy: false, isBanSell: false,
  lotSizeFilter: { basePrecision: '0.01', quotePrecision: '0.0001', minOrderQty: '1', maxOrderQty: '100000', minOrderAmt: '1', maxOrderAmt: '100000' },
  priceFilter: { tickSize: '0.0001' }, ...over,
});

let answer: Record<string, unknown> = row({});
let reads = 0;

beforeEach(() => {
  vi.useFakeTimers();
  reads = 0;
  answer = row({});
  vi.stubGlobal('fetch', async (url: string) => {
    if (url.includes('/v5/market/instruments-info')) reads++;
    return new Response(JSON.stringify({ retCode: 0, retMsg: 'OK', result: { category: 'spot', list: [answer] } }), { status: 200 });
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('live symbol status (spec 4.4, 7.7)', () => {
  it('reads instruments-info every INSTRUMENT_STATUS_POLL_MS while watched, and the form\'s state follows a ban and a suspension', async () => {
    const atStart = { symbolId: 'XRPUSDT', tradeStatus: 'Trading', isBanBuy: false, isBanSell: false } as SpotSymbol;
    const release = watchInstrumentStatus();
    // The list read at start stands until the first read, one period later.
    expect(tradeStateOf(atStart)).toBe(atStart);
    expect(reads).toBe(0);
    answer = row({ isBanBuy: true });
    await vi.advanceTimersByTimeAsync(INSTRUMENT_STATUS_POLL_MS);
    expect(reads).toBe(1);
    expect(tradeStateOf(atStart)).toEqual({ tradeStatus: 'Trading', isBanBuy: true, isBanSell: false });
    answer = row({ status: 'Closed' });
    await vi.advanceTimersByTimeAsync(INSTRUMENT_STATUS_POLL_MS);
    expect(tradeStateOf(atStart)).toMatchObject({ tradeStatus: 'Closed', isBanBuy: false });
    release();
    await vi.advanceTimersByTimeAsync(10 * INSTRUMENT_STATUS_POLL_MS);
    expect(reads).toBe(2);
  });
});
