// One source of truth for orders: the private push. An acknowledged place, amend or cancel is
// shown when its push arrives; a REST list is read only when the push cannot be trusted — on
// (re)connect (trading-session.ts), on a tab switch, or here, on a detected gap: an acknowledged
// change whose push did not come within PUSH_GAP_MS, or came while the stream was not open.
import type { OrderGroup } from '../api/order-request.ts';
import type { TradingApi } from '../api/trading.ts';
import { loadOpenOrders } from './orders.ts';
import { signal } from './signals.ts';

/** How long an acknowledged change may wait for its push before the list is read instead. */
export const PUSH_GAP_MS = 3_000;
/** Order ids remembered with their last push; old ones fall off (a push older than this many is long settled). */
const REMEMBERED_PUSHES = 512;

export const streamState = signal<'off' | 'connecting' | 'open' | 'reconnecting'>('off');

let pushSeq = 0;
const lastPushOf = new Map<string, number>();

/** Marks the moment a request is sent; a push for its order after this mark confirms it. */
export function pushMark(): number {
  return pushSeq;
}

/** Called for every pushed order (before the lists change). */
export function notePushedOrders(orderIds: readonly string[]): void {
  for (const id of orderIds) {
    lastPushOf.delete(id);
    lastPushOf.set(id, ++pushSeq);
  }
  while (lastPushOf.size > REMEMBERED_PUSHES) lastPushOf.delete(lastPushOf.keys().next().value!);
}

const pushedSince = (id: string, mark: number) => (lastPushOf.get(id) ?? -1) > mark;

interface Waiter {
  ids: readonly string[];
  mark: number;
  settle: () => void;
}
const waiters = new Set<Waiter>();
/** Gap list reads under way. */
let gapReads = 0;

/** Wakes the waiters whose orders have all been pushed since their mark. */
function wake(): void {
  for (const w of waiters) {
    if (w.ids.every((id) => pushedSince(id, w.mark))) w.settle();
  }
}

/**
 * After an acknowledged change of `orderIds` (sent at `mark`): resolves once every one of them has
 * been pushed, or after reading the open list of `groups` once when a push is missing.
 */
export function settleByPush(api: TradingApi, orderIds: readonly string[], mark: number, groups: readonly OrderGroup[]): Promise<void> {
  if (orderIds.every((id) => pushedSince(id, mark))) return Promise.resolve();
  const reload = () => loadOpenOrders(api, groups);
  if (streamState.peek() !== 'open') return reload();
  return new Promise<void>((resolve) => {
    const w: Waiter = {
      ids: orderIds,
      mark,
      settle: () => {
        clearTimeout(timer);
        waiters.delete(w);
        resolve();
      },
    };
    const timer = setTimeout(() => {
      waiters.delete(w);
      gapReads++;
      void reload()
        .finally(() => gapReads--)
        .then(resolve);
    }, PUSH_GAP_MS);
    waiters.add(w);
  });
}

/** Acknowledged changes still waiting for their push, or for the list read of a gap: 0 when settled. */
export function pendingPushWaits(): number {
  return waiters.size + gapReads;
}

/** The session applied pushed orders: confirm whoever waited for them. */
export function ordersPushed(orderIds: readonly string[]): void {
  notePushedOrders(orderIds);
  if (waiters.size > 0) wake();
}

/** Forgets every wait (log-out, account switch); their reloads would read another account. */
export function resetSync(): void {
  for (const w of waiters) w.settle();
  waiters.clear();
  lastPushOf.clear();
}
