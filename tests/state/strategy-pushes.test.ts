import { describe, expect, it } from 'vitest';
import { STRATEGY_STATUS, TERMINATE, type Strategy } from '../../src/protocol/strategy.ts';
import { toasts } from '../../src/state/toasts.ts';
import { applyStrategyPushes, noteStartedStrategy } from '../../src/state/trading/strategy-pushes.ts';

const chase = (id: string, status: number): Strategy => ({
  strategyId: id, symbol: 'BTCUSDT', side: 'Buy', type: 'chaseOrder', size: '0.003', status, executedSize: '0', executedAvgPrice: '',
  createdMs: 1, startedMs: 1, endedMs: status === STRATEGY_STATUS.running ? 0 : 1, terminateType: status === STRATEGY_STATUS.running ? 0 : TERMINATE.beyondMaxChasePrice,
  interval: 0, duration: 0, limitPrice: '', chaseOrderPrice: '',
});
const endings = () => toasts.value.filter((t) => t.key === 'strategy.endedUnfilled').length;

// Fourth walkthrough: a chase the exchange ended in the millisecond it was made said only "started".
describe('the end of a strategy this page started', () => {
  it('is told once when the push that ends it came before the exchange answered the start', () => {
    const before = endings();
    applyStrategyPushes([chase('s1', STRATEGY_STATUS.terminatedUnfilled)]);
    expect(endings()).toBe(before);
    noteStartedStrategy('s1');
    expect(endings()).toBe(before + 1);
    applyStrategyPushes([chase('s1', STRATEGY_STATUS.terminatedUnfilled)]);
    noteStartedStrategy('s1');
    expect(endings()).toBe(before + 1);
  });

  it('is told once when the first push that brings it is its end', () => {
    const before = endings();
    noteStartedStrategy('s2');
    applyStrategyPushes([chase('s2', STRATEGY_STATUS.terminatedUnfilled)]);
    applyStrategyPushes([chase('s2', STRATEGY_STATUS.terminatedUnfilled)]);
    expect(endings()).toBe(before + 1);
  });

  it('a strategy this page neither started nor saw running is not told', () => {
    const before = endings();
    applyStrategyPushes([chase('s3', STRATEGY_STATUS.terminatedUnfilled)]);
    expect(endings()).toBe(before);
  });
});
