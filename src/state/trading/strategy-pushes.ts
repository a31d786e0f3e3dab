// The account's strategies as the private stream pushes them (topic `strategy`): the Strategy
// orders tab merges these over its list, so progress moves without polling. A strategy seen
// running that a push says has ended is told once, with what it filled (issue 32's walkthrough:
// a chase that filled in 3 s said nothing; a stopped TWAP said only "Strategy stopped"), with why
// it ended (Bybit's terminateType; fourth walkthrough: a chase ended beyond its maximum price said nothing of it).
import { fx } from '../../core/decimal.ts';
import { formatPrice, formatQuantity } from '../../core/format.ts';
import { STRATEGY_STATUS, type Strategy } from '../../protocol/strategy.ts';
import { pairName, symbolById } from '../market/markets.ts';
import { effect, signal } from '../signals.ts';
import { pushToast } from '../toasts.ts';

/** The latest push of each strategy, newest first. */
export const strategyPushes = signal<readonly Strategy[]>([]);

const LIVE: readonly number[] = [STRATEGY_STATUS.running, STRATEGY_STATUS.untriggered, STRATEGY_STATUS.paused];
/** Whether a strategy of this status may still be stopped. */
export const isLiveStrategy = (s: Strategy): boolean => LIVE.includes(s.status);

/** Strategies seen live in this page, and those whose end was told (or is being told by a stop). */
const seenLive = new Set<string>();
const told = new Set<string>();

export function applyStrategyPushes(list: readonly Strategy[]): void {
  let next = strategyPushes.peek();
  for (const s of list) {
    next = [s, ...next.filter((x) => x.strategyId !== s.strategyId)];
    if (isLiveStrategy(s)) seenLive.add(s.strategyId);
    else if (seenLive.has(s.strategyId) && !told.has(s.strategyId)) tellEnded(s);
  }
  strategyPushes.value = next.slice(0, 200);
}

/** Marks a strategy as seen running (from the list read) so its end is told when a push brings it. */
export function noteLiveStrategy(s: Strategy): void {
  if (isLiveStrategy(s)) seenLive.add(s.strategyId);
}

/**
 * A strategy this page started (the exchange answered its id): its end is told whenever it comes,
 * even in the very push that first brings it, or one that came before the answer (fourth
 * walkthrough: a chase the exchange ended at once, beyond its maximum price, said only "started").
 */
export function noteStartedStrategy(strategyId: string): void {
  seenLive.add(strategyId);
  const s = strategyPushes.peek().find((x) => x.strategyId === strategyId);
  if (s && !isLiveStrategy(s) && !told.has(strategyId)) tellEnded(s);
}

/** The end reasons (Bybit's terminateType) the page has words for: `strategy.endReason.<n>`. */
const REASONS: readonly number[] = [1, 2, 3, 10, 13, 14, 18];

/** The key of why the exchange ended a strategy (its terminateType), or null when it gave none the page knows. */
export function endReasonKey(terminateType: number): string | null {
  return REASONS.includes(terminateType) ? `strategy.endReason.${terminateType}` : null;
}

/** What to say of an ended strategy: its kind, pair, what it filled and why it ended, as the exchange reported them. */
export function endedMessage(s: Strategy): { key: string; params: Record<string, string>; tParams: Record<string, string> } {
  const sym = symbolById(s.symbol);
  const base = sym?.baseTokenName ?? '';
  const quote = sym?.quoteTokenName ?? '';
  const qty = (v: string) => `${formatQuantity(v, sym?.quantityPrecision, true)} ${base}`.trim();
  const filled = (fx(s.executedSize) ?? 0n) > 0n;
  const reason = endReasonKey(s.terminateType);
  return {
    key: `${filled ? 'strategy.ended' : 'strategy.endedUnfilled'}${reason ? 'Why' : ''}`,
    params: {
      pair: pairName(s.symbol), filled: qty(s.executedSize), size: qty(s.size),
      avg: s.executedAvgPrice ? `${formatPrice(s.executedAvgPrice, sym?.pricePrecision, true)} ${quote}`.trim() : '--',
    },
    tParams: { kind: `strategy.type.${s.type}`, side: s.side === 'Buy' ? 'orderForm.buy' : 'orderForm.sell', ...(reason ? { reason } : {}) },
  };
}

/** One toast: the strategy's kind, pair, what it filled and why it ended (endedMessage). */
export function tellEnded(s: Strategy): void {
  told.add(s.strategyId);
  pushToast({ kind: 'success', ...endedMessage(s) });
}

/**
 * A stop is being sent: the strategy's ending push, whenever it comes, is told by the stop (awaitEnd),
 * not by the push itself. `false` gives it back to the push (the exchange refused the stop).
 */
export function holdEnd(strategyId: string, hold = true): void {
  if (hold) told.add(strategyId);
  else told.delete(strategyId);
}

/**
 * After a stop the exchange answered: the strategy's ending push, if it has come or comes within
 * `ms` of now; null otherwise. Its end is told by the caller (holdEnd before sending), not by the push.
 */
export function awaitEnd(strategyId: string, ms: number): Promise<Strategy | null> {
  told.add(strategyId);
  return new Promise((resolve) => {
    let stop: (() => void) | null = null;
    const timer = setTimeout(() => {
      stop?.();
      resolve(null);
    }, ms);
    stop = effect(() => {
      const s = strategyPushes.value.find((x) => x.strategyId === strategyId);
      if (!s || isLiveStrategy(s)) return;
      clearTimeout(timer);
      queueMicrotask(() => stop?.());
      resolve(s);
    });
  });
}
