// The account's strategies as the private stream pushes them (topic `strategy`): the Strategy
// orders tab merges these over its list, so progress moves without polling.
import type { Strategy } from '../../protocol/strategy.ts';
import { signal } from '../signals.ts';

/** The latest push of each strategy, newest first. */
export const strategyPushes = signal<readonly Strategy[]>([]);

export function applyStrategyPushes(list: readonly Strategy[]): void {
  let next = strategyPushes.peek();
  for (const s of list) next = [s, ...next.filter((x) => x.strategyId !== s.strategyId)];
  strategyPushes.value = next.slice(0, 200);
}
