// One source of truth for orders: the private push. An action (place, amend, cancel, cancel all)
// claims the pushes of the orders it changes before it sends its request — a push may come before
// the HTTP answer — and says the outcome once, from the pushed order, in one toast (trading.ts); the
// session skips its own toasts for claimed pushes. A REST list is read only when the push cannot be
// trusted — on (re)connect (trading-session.ts), on a tab switch, or here, on a detected gap: an
// acknowledged change whose push did not come within PUSH_GAP_MS, or came while the stream was down.
import type { OrderGroup } from '../../core/order-groups.ts';
import type { TradingApi } from '../../api/trading.ts';
import type { Order } from '../../core/order-types.ts';
import { findOpenOrder, loadOpenOrders } from './orders.ts';
import { signal } from '../signals.ts';

/** How long an acknowledged change may wait for its push before the list is read instead. */
export const PUSH_GAP_MS = 3_000;

export const streamState = signal<'off' | 'connecting' | 'open' | 'reconnecting'>('off');
/** The exchange acknowledged the private stream's subscription on this connection (pushes now come). */
export const streamSubscribed = signal(false);

/** An action's hold on the pushes of the orders it changes. */
export interface Claim {
  /** Whether a pushed order belongs to this action (its toasts are the action's to say). */
  readonly owns: (o: Order) => boolean;
  /** Whether this pushed version is the answer the action waits for (e.g. a market order's final state). */
  readonly answers: (o: Order) => boolean;
  /** The answering version of each order, by order id. */
  readonly answered: Map<string, Order>;
  /** Set while an action waits: checks whether every answer is in. */
  wake: (() => void) | null;
  /** Set while an action waits: ends the wait with what is known. */
  finish: (() => void) | null;
}

const claims = new Set<Claim>();
/** Gap list reads under way. */
let gapReads = 0;

/** Claims the pushes `owns` picks until `release`; call before the request is sent. */
export function claimPushes(owns: Claim['owns'], answers: Claim['answers'] = () => true): Claim {
  const claim: Claim = { owns, answers, answered: new Map(), wake: null, finish: null };
  claims.add(claim);
  return claim;
}

export function releaseClaim(claim: Claim): void {
  claims.delete(claim);
  claim.wake = claim.finish = null;
}

/**
 * Called for every pushed order before the lists change. Returns true when an action claimed it:
 * the action, not the session, says what happened to it.
 */
export function claimPushedOrder(o: Order): boolean {
  for (const c of claims) {
    if (!c.owns(o)) continue;
    if (c.answers(o)) {
      c.answered.set(o.orderId, o);
      c.wake?.();
    }
    return true;
  }
  return false;
}

/** What the page knows of each order after the wait: its answering push, its open-list row, or nothing. */
export type Settled = Map<string, Order | undefined>;

function fromLists(claim: Claim, orderIds: readonly string[]): Settled {
  return new Map(orderIds.map((id) => [id, claim.answered.get(id) ?? findOpenOrder(id)]));
}

/** At most this many orders are read one by one after a gap; more (a cancel-all) are said from the lists. */
export const READ_EACH_MAX = 5;

/**
 * After a gap: each order still without its answering push is read from the exchange by its id, and
 * that record is what the page says (walkthrough 7: a market order filled before the exchange
 * answered; its pushes came seconds late, and the open list, rebuilt from the late partial pushes,
 * said "partly filled" of an order the exchange had as filled). The open-list row is used only
 * when the read fails.
 */
async function fromExchange(api: TradingApi, claim: Claim, orderIds: readonly string[]): Promise<Settled> {
  const settled = fromLists(claim, orderIds);
  const missing = orderIds.filter((id) => !claim.answered.has(id));
  if (missing.length === 0 || missing.length > READ_EACH_MAX) return settled;
  await Promise.all(
    missing.map(async (id) => {
      const o = await api.order(id).catch(() => null);
      if (o) settled.set(id, o);
    }),
  );
  return settled;
}

/**
 * After an acknowledged change of `orderIds`: resolves once each has an answering push, or after
 * reading the open list of `groups` once when a push is missing (the stream down, or a gap).
 */
export function awaitAnswers(api: TradingApi, claim: Claim, orderIds: readonly string[], groups: readonly OrderGroup[]): Promise<Settled> {
  const done = () => orderIds.every((id) => claim.answered.has(id));
  if (done()) return Promise.resolve(fromLists(claim, orderIds));
  const reload = () => readUntilKnown(api, claim, orderIds, groups, done);
  if (streamState.peek() !== 'open') return reload();
  return new Promise<Settled>((resolve) => {
    const timer = setTimeout(() => {
      claim.wake = claim.finish = null;
      gapReads++;
      void reload()
        .finally(() => gapReads--)
        .then(resolve);
    }, PUSH_GAP_MS);
    claim.finish = () => {
      clearTimeout(timer);
      claim.wake = claim.finish = null;
      resolve(fromLists(claim, orderIds));
    };
    claim.wake = () => {
      if (done()) claim.finish?.();
    };
  });
}

/** Waits before the list is read again after a failed read: about 15 s in all. */
export const RETRY_READ_MS = [1_000, 2_000, 4_000, 8_000] as const;

/**
 * Reads the open list until a read succeeds (a route that just died fails the first ones while the
 * page moves to another), waiting between tries for the push, which ends the wait when it comes.
 * After the last try the page says what it knows: nothing, if nothing could be read.
 */
async function readUntilKnown(api: TradingApi, claim: Claim, orderIds: readonly string[], groups: readonly OrderGroup[], done: () => boolean): Promise<Settled> {
  for (const pause of [...RETRY_READ_MS, -1]) {
    if ((await loadOpenOrders(api, groups)) || done() || pause < 0 || !claims.has(claim)) break;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(finish, pause);
      function finish(): void {
        clearTimeout(timer);
        claim.wake = claim.finish = null;
        resolve();
      }
      claim.finish = finish;
      claim.wake = () => {
        if (done()) finish();
      };
    });
    if (done()) break;
  }
  return fromExchange(api, claim, orderIds);
}

/** Actions still waiting for their push, or for the list read of a gap: 0 when settled (a test hook). */
export function pendingPushWaits(): number {
  let waiting = 0;
  for (const c of claims) if (c.finish) waiting++;
  return waiting + gapReads;
}

/** Forgets every claim (log-out, account switch): their waits end at once with what they have. */
export function resetSync(): void {
  for (const c of [...claims]) c.finish?.();
  claims.clear();
}
