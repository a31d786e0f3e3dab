// The account's strategies (spec 2.13, 2.17, 4.9): the Strategy orders tab's lists (running or
// ended, per type), read once when shown and kept live by the private stream's `strategy` pushes
// (strategy-pushes.ts) laid over them; a strategy's child orders, read again when a push says it
// moved; starting and stopping one; and the webhook strategy's URL, secret and received alerts.
import { createStrategy, listStrategies, stopStrategy as stopOnExchange, strategyChildren, type StrategyRequest } from '../../api/strategies.ts';
import { fetchWebhook, renewWebhook as renewOnExchange, type WebhookView } from '../../api/webhook.ts';
import type { Strategy, StrategyChild, StrategyType } from '../../protocol/strategy.ts';
import { compareDecimal } from '../../core/decimal.ts';
import { user } from '../account/user.ts';
import { bookView } from '../market/active-market.ts';
import { createPoll, pollPool } from '../poll.ts';
import { computed, effect, signal } from '../signals.ts';
import { pushToast } from '../toasts.ts';
import { awaitEnd, endedMessage, holdEnd, isLiveStrategy, noteLiveStrategy, noteStartedStrategy, strategyPushes, tellEnded } from './strategy-pushes.ts';

export type { StrategyRequest } from '../../api/strategies.ts';
export type { WebhookAlert, WebhookView } from '../../api/webhook.ts';
export type { Strategy, StrategyChild, StrategyType } from '../../protocol/strategy.ts';
export { STRATEGY_STATUS, TWAP_INTERVALS, TWAP_MAX_DURATION, TWAP_MIN_DURATION } from '../../protocol/strategy.ts';

/** Running (and paused, untriggered) or ended. */
export type StrategyView = 'running' | 'history';
export { endReasonKey, isLiveStrategy } from './strategy-pushes.ts';

const message = (err: unknown) => (err instanceof Error ? err.message : String(err));
const owner = computed(() => String(user.value.id ?? ''));

interface ListQuery {
  owner: string;
  type: StrategyType;
  view: StrategyView;
}
const lists = pollPool<ListQuery, readonly Strategy[] | null>(
  (q) => ({
    read: async () => {
      const list = await listStrategies(q.view === 'running' ? 2 : 3, q.type);
      // A running one's end, when a push brings it, is told with what it filled.
      for (const st of list) noteLiveStrategy(st);
      return list;
    },
    everyMs: null,
    initial: null,
    // Spec 8: a list that fails to load says the server's message.
    onError: (err) => pushToast({ kind: 'error', titleKey: 'errorCodes:operationFail', text: message(err) }),
  }),
  (q) => `${q.owner}/${q.type}/${q.view}`,
);

/** Reads one list (once) while the caller holds it; returns the release. */
export function watchStrategies(type: StrategyType, view: StrategyView): () => void {
  return effect(() => lists.use({ owner: owner.value, type, view }));
}

/** The list as loaded, with the pushes since laid over it (a strategy that ended leaves Running, a new one joins); null while loading. */
export function strategyRows(type: StrategyType, view: StrategyView): readonly Strategy[] | null {
  const list = lists.data({ owner: owner.value, type, view }, null);
  if (list === null) return null;
  const byId = new Map(list.map((s) => [s.strategyId, s]));
  for (const p of strategyPushes.value) if (p.type === type) byId.set(p.strategyId, p);
  const keep = (s: Strategy) => (view === 'running' ? isLiveStrategy(s) : !isLiveStrategy(s));
  return [...byId.values()].filter(keep).sort((a, b) => b.createdMs - a.createdMs);
}

/** Why the list could not be read (the server's message), or null. */
export function strategyListError(type: StrategyType, view: StrategyView): string | null {
  return lists.status({ owner: owner.value, type, view }).error;
}

const children = pollPool<string, readonly StrategyChild[] | null>((id) => ({ read: () => strategyChildren(id), everyMs: null, initial: null }), (id) => id);

/** Reads a strategy's child orders while the caller holds it, and again whenever a push says it moved. */
export function watchStrategyChildren(strategyId: string): () => void {
  const release = children.use(strategyId);
  let first = true;
  const stop = effect(() => {
    void strategyPushes.value.find((s) => s.strategyId === strategyId)?.executedSize;
    if (first) first = false;
    else void children.refresh((id) => id === strategyId);
  });
  return () => {
    stop();
    release();
  };
}

export function strategyChildrenOf(strategyId: string): readonly StrategyChild[] | null {
  return children.data(strategyId, null);
}

export function strategyChildrenError(strategyId: string): string | null {
  return children.status(strategyId).error;
}

/** How long a stop waits, from the exchange's answer, for the strategy's ending push to say what it filled. */
const STOP_PUSH_WAIT_MS = 3000;

/** The strategies whose stop is under way (sent, or answered and waiting for the ending push). */
const stopping = signal<ReadonlySet<string>>(new Set());
const setStopping = (id: string, on: boolean) => {
  const next = new Set(stopping.peek());
  if (on) next.add(id);
  else next.delete(id);
  stopping.value = next;
};

/** Whether a stop of this strategy is under way: its Stop button is busy, and presses are ignored. */
export function isStoppingStrategy(strategyId: string): boolean {
  return stopping.value.has(strategyId);
}

/**
 * Stops a strategy; its push moves it to the history. One toast: what it filled, from its ending
 * push (or, without one within STOP_PUSH_WAIT_MS of the exchange's answer, that the exchange
 * stopped it). The wait starts when the exchange answered, not when the request left (sixth
 * walkthrough: a 5 s answer gave only "Strategy stopped"). A second press while it runs does nothing.
 */
export async function stopStrategy(s: Strategy): Promise<void> {
  const id = s.strategyId;
  if (stopping.peek().has(id)) return;
  setStopping(id, true);
  holdEnd(id);
  try {
    try {
      await stopOnExchange(id);
    } catch (err) {
      holdEnd(id, false);
      pushToast({ kind: 'error', titleKey: 'errorCodes:operationFail', text: message(err) });
      return;
    }
    const last = await awaitEnd(id, STOP_PUSH_WAIT_MS);
    if (last) tellEnded(last);
    else pushToast({ kind: 'success', key: 'strategy.stopped' });
  } finally {
    setStopping(id, false);
  }
}

/**
 * The type the Strategy orders tab shows: kept here so a switch to another orders tab and back
 * keeps it (the third walkthrough: it went back to TWAP and said "No strategies" beside a running
 * iceberg), and set to a strategy's type when one starts.
 */
export const shownStrategyType = signal<StrategyType | 'webhook'>('iceberg');

export function showStrategyType(type: StrategyType | 'webhook'): void {
  shownStrategyType.value = type;
}

/** Starts a TWAP or iceberg strategy; resolves with its id (throws the exchange's refusal). Its progress comes as pushes. */
export async function startStrategy(req: StrategyRequest): Promise<string> {
  const id = await createStrategy(req);
  shownStrategyType.value = req.strategyType;
  noteStartedStrategy(id);
  return id;
}

/**
 * What to say of a strategy this page started once the exchange has ended it (its push), or null
 * while it runs or no push has come: the start form says that, not "started", of a strategy the
 * exchange ended at once (fourth walkthrough: a chase beyond its maximum price).
 */
export function endOfStarted(strategyId: string): ReturnType<typeof endedMessage> | null {
  const s = strategyPushes.value.find((x) => x.strategyId === strategyId);
  return s && !isLiveStrategy(s) ? endedMessage(s) : null;
}

/**
 * Why a strategy this page started is waiting, as its push says (Bybit's waitReason: a post-only
 * iceberg priced through the book places nothing), or '' while it works or no push has come: the
 * start form says that, not only "started" (sixth walkthrough).
 */
export function waitOfStarted(strategyId: string): Strategy['waitReason'] {
  const s = strategyPushes.value.find((x) => x.strategyId === strategyId);
  return s && isLiveStrategy(s) ? s.waitReason : '';
}

/**
 * Whether a limit at `price` is through the pair's book as the page shows it now (a buy at or above
 * its best ask, a sell at or below its best bid): a post-only slice there would take, so the
 * exchange waits. False when the shown book is another pair's or has no side to compare with.
 */
export function throughShownBook(symbolId: string, side: 'Buy' | 'Sell', price: string): boolean {
  const view = bookView.value;
  if (!view || view.symbol !== symbolId) return false;
  const c = compareDecimal(price, side === 'Buy' ? view.bestAsk : view.bestBid);
  return c !== null && (side === 'Buy' ? c >= 0 : c <= 0);
}

// ---- the webhook strategy ----

const webhook = createPoll<WebhookView, WebhookView | null>({ read: () => fetchWebhook(), everyMs: null, initial: null });

/** Reads the webhook (once) while the caller holds it; returns the release. */
export function watchWebhook(): () => void {
  return webhook.use();
}

/** The account's webhook as last read or renewed; null while loading. */
export const webhookView = computed(() => webhook.data.value);
/** Why it could not be read (the server's message), or null. */
export const webhookError = computed(() => webhook.status.value.error);

/** Creates the webhook, or replaces its URL and secret; false (and a toast) when the exchange refused. */
export async function renewWebhook(): Promise<boolean> {
  try {
    webhook.apply(await renewOnExchange());
    return true;
  } catch (err) {
    pushToast({ kind: 'error', titleKey: 'errorCodes:operationFail', text: message(err) });
    return false;
  }
}
