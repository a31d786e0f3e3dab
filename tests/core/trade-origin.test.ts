import { describe, expect, it } from 'vitest';
import { DEFAULT_TRADE_ORIGIN, matchesTradeOrigin, SPECIAL_TRADE_FROM } from '../../src/core/trade-origin.ts';
import { decodeExecution } from '../../src/protocol/bybit-v5/execution.ts';
import { decodeOrder } from '../../src/protocol/bybit-v5/order.ts';

// Spec 3 "Special trade origin": all 0, ordinary 1, block trade 2; spec 7.2 lists ask for ordinary.
describe('special trade origin', () => {
  const block = { blockTrade: true };
  const ordinary = { blockTrade: false };
  it('has the spec codes and starts on ordinary', () => {
    expect(SPECIAL_TRADE_FROM).toEqual({ all: 0, ordinary: 1, blockTrade: 2 });
    expect(DEFAULT_TRADE_ORIGIN).toBe('ordinary');
  });
  it('filters all, ordinary and block trade', () => {
    expect([matchesTradeOrigin(block, 'all'), matchesTradeOrigin(ordinary, 'all')]).toEqual([true, true]);
    expect([matchesTradeOrigin(block, 'ordinary'), matchesTradeOrigin(ordinary, 'ordinary')]).toEqual([false, true]);
    expect([matchesTradeOrigin(block, 'blockTrade'), matchesTradeOrigin(ordinary, 'blockTrade')]).toEqual([true, false]);
  });
  it("reads Bybit's blockTradeId on orders and fills", () => {
    const order = (blockTradeId: string) => decodeOrder({ orderId: '1', symbol: 'ETHUSDT', blockTradeId, orderStatus: 'New' }, 'uta')!;
    expect(order('bt-1').blockTrade).toBe(true);
    expect(order('').blockTrade).toBe(false);
    const fill = (blockTradeId: string) => decodeExecution({ execId: 'e', symbol: 'ETHUSDT', blockTradeId })!;
    expect(fill('bt-1').blockTrade).toBe(true);
    expect(fill('').blockTrade).toBe(false);
  });
});
