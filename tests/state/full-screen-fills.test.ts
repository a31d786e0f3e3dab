import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Execution } from '../../src/core/order-types.ts';
import { clearFullScreenFills, fullScreenFills, noteFills } from '../../src/state/trading/full-screen-fills.ts';

const fill = (tradeId: string, tradeTime: number): Execution => ({
  tradeId, orderId: 'o', symbolId: 'ETHUSDT', side: 'Buy', execPrice: '100', execQty: '1', execValue: '100', execFee: '0.1', feeCurrency: 'ETH',
  orderType: 'Market', isMaker: false, tradeTime, blockTrade: false, createType: 'user',
});

afterEach(() => {
  clearFullScreenFills();
  vi.unstubAllGlobals();
});

// Spec 2.7: fills are listed for the full-screen notice only while something is full screen.
describe('full-screen fills', () => {
  it('keeps nothing while nothing is full screen', () => {
    vi.stubGlobal('document', { fullscreenElement: null });
    noteFills([fill('a', 1)]);
    expect(fullScreenFills.value).toEqual([]);
  });
  it('lists fills pushed while full screen, newest first, each once', () => {
    vi.stubGlobal('document', { fullscreenElement: {} });
    noteFills([fill('a', 1), fill('b', 3)]);
    noteFills([fill('b', 3), fill('c', 2)]);
    expect(fullScreenFills.value.map((e) => e.tradeId)).toEqual(['c', 'b', 'a']);
    clearFullScreenFills();
    expect(fullScreenFills.value).toEqual([]);
  });
});
