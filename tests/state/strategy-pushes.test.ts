import { describe, expect, it } from 'vitest';
import { STRATEGY_STATUS, TERMINATE, type Strategy } from '../../src/protocol/strategy.ts';
import { toasts } from '../../src/state/toasts.ts';
import { applyStrategyPushes, endedMessage, noteStartedStrategy } from '../../src/state/trading/strategy-pushes.ts';

const chase = (id: string, status: number): Strategy => ({
  strategyId: id, symbol: 'BTCUSDT', side: 'Buy', type: 'chaseOrder', size: '0.003', status, executedSize: '0', executedAvgPrice: '',
  createdMs: 1, startedMs: 1, endedMs: status === STRATEGY_STATUS.running ? 0 : 1, terminateType: status === STRATEGY_STATUS.running ? 0 : TERMINATE.beyondMaxChasePrice,
  interval: 0, duration: 0, limitPrice: '', chaseOrderPrice: '', waitReason: '',
});
const endings = () => toasts.value.filter((t) => t.key?.startsWith('strategy.endedUnfilled')).length;

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

// Fourth walkthrough: the end said nothing of why; the exchange's terminateType says it.
describe('what the end of a strategy says', () => {
  it('says why the exchange ended it, from its terminateType', () => {
    const m = endedMessage(chase('s4', STRATEGY_STATUS.terminatedUnfilled));
    expect(m.key).toBe('strategy.endedUnfilledWhy');
    expect(m.tParams.reason).toBe('strategy.endReason.18');
    noteStartedStrategy('s4');
    applyStrategyPushes([chase('s4', STRATEGY_STATUS.terminatedUnfilled)]);
    expect(toasts.value.at(-1)?.tParams?.reason).toBe('strategy.endReason.18');
  });

  it('with what it filled; without a reason it knows, only that it ended', () => {
    const filled = { ...chase('s5', STRATEGY_STATUS.terminated), executedSize: '0.001', executedAvgPrice: '100000', terminateType: TERMINATE.userStop };
    expect(endedMessage(filled).key).toBe('strategy.endedWhy');
    expect(endedMessage(filled).tParams.reason).toBe('strategy.endReason.1');
    const unknown = { ...filled, terminateType: 99 };
    expect(endedMessage(unknown).key).toBe('strategy.ended');
    expect(endedMessage(unknown).tParams.reason).toBeUndefined();
  });
});
