// The orders panel's lists (spec 2.12, 2.13, 4.8): open orders of every group, the visible
// history list and the trade history, for the active pair or for all pairs.
import { applyOpenOrderUpdate } from '../../core/order-status.ts';
import type { Execution, Order } from '../../core/order-types.ts';
import { DEFAULT_TRADE_ORIGIN, matchesTradeOrigin, type TradeOrigin } from '../../core/trade-origin.ts';
import { groupOfPlan, type OrderGroup } from '../../core/order-groups.ts';
import type { HistoryCursor, HistoryPage, TradingApi } from '../../api/trading.ts';
import { activeSymbol } from '../market/active-market.ts';
import { computed, signal } from '../signals.ts';
import { pushToast } from '../toasts.ts';

/** 'lt': the leveraged-token subscription/redemption records (spec 2.12). */
export type PanelTab = 'current' | 'history' | 'trades' | 'lt';
export type LoadStatus = 'idle' | 'loading' | 'ready' | 'error';
/** History ranges of spec 2.12 / 9. */
export const HISTORY_DAYS = [7, 30, 180] as const;
export type HistoryDays = (typeof HISTORY_DAYS)[number];
export const ORDER_GROUPS: readonly OrderGroup[] = ['ordinary', 'stopLimit', 'conditional', 'oco'];

export const showAllPairs = signal(false);
export const historyDays = signal<HistoryDays>(7);
/** What the panel shows now; the session loads the list behind it. */
export const panelView = signal<{ tab: PanelTab; group: OrderGroup }>({ tab: 'current', group: 'ordinary' });

export const openOrders = signal<readonly Order[]>([]);
export const openStatus = signal<LoadStatus>('idle');
export const historyOrders = signal<readonly Order[]>([]);
export const historyStatus = signal<LoadStatus>('idle');
export const tradeHistory = signal<readonly Execution[]>([]);
export const tradesStatus = signal<LoadStatus>('idle');
/**
 * Whether a history list (order history, trade history) has older pages to read ('more'), is
 * reading one, was read to its start ('done'), or failed its last page ('error': a scroll retries).
 */
export type MoreStatus = 'more' | 'loading' | 'done' | 'error';
export const historyMore = signal<MoreStatus>('done');
export const tradesMore = signal<MoreStatus>('done');
let historyNext: HistoryCursor | undefined;
let tradesNext: HistoryCursor | undefined;

/** The pair the lists are for, undefined for all pairs, or null before the page has a pair. */
export const ordersScope = computed<string | undefined | null>(() => (showAllPairs.value ? undefined : (activeSymbol.value?.symbolId ?? null)));

/** The tables' special-trade-origin filter (spec 3): all, ordinary or block trade. */
export const tradeOrigin = signal<TradeOrigin>(DEFAULT_TRADE_ORIGIN);
/** What the tables list: the lists above through the origin filter (the chart keeps every order). */
export const shownOpenOrders = computed(() => openOrders.value.filter((o) => matchesTradeOrigin(o, tradeOrigin.value)));
/**
 * Whether the open orders are known: read once (or pushed). Before that the panel shows that it is
 * loading, not "No orders yet" and a count of 0 (issue 33: after the Tools tab, the open orders read
 * "(0) No orders yet" beside 378.09 USDT in orders).
 */
export const openOrdersKnown = computed(() => openStatus.value === 'ready' || openOrders.value.length > 0);
export const shownHistoryOrders = computed(() => historyOrders.value.filter((o) => matchesTradeOrigin(o, tradeOrigin.value)));
export const shownTradeHistory = computed(() => tradeHistory.value.filter((e) => matchesTradeOrigin(e, tradeOrigin.value)));

/** Open orders per group, as the tables list them (through the origin filter). */
export const openCounts = computed<Record<OrderGroup, number>>(() => {
  const counts: Record<OrderGroup, number> = { ordinary: 0, stopLimit: 0, conditional: 0, oco: 0 };
  for (const o of shownOpenOrders.value) counts[groupOfPlan(o.planType)]++;
  return counts;
});

let openSeq = 0;
let historySeq = 0;
let tradesSeq = 0;

function loadFailed(err: unknown): void {
  pushToast({ kind: 'error', text: err instanceof Error ? err.message : String(err) });
}

/**
 * Orders pushed while an open-list read is under way, one log per read: the list the exchange
 * answers may have been made before those pushes, so they are applied again on top of it (a push
 * already in the list changes nothing; a newer one wins over the older list).
 */
const readLogs = new Set<Order[]>();

/** Reads the open orders of `groups`; resolves false when the read failed (the list says so too). */
export async function loadOpenOrders(api: TradingApi, groups: readonly OrderGroup[] = ORDER_GROUPS): Promise<boolean> {
  const seq = ++openSeq;
  const symbolId = ordersScope.peek();
  if (symbolId === null) return true;
  if (openOrders.peek().length === 0) openStatus.value = 'loading';
  const pushedMeanwhile: Order[] = [];
  readLogs.add(pushedMeanwhile);
  try {
    const lists = await Promise.all(groups.map((group) => api.openOrders({ symbolId, group })));
    if (seq !== openSeq) return true;
    let fresh: readonly Order[] = lists.flat().sort((a, b) => b.time - a.time);
    for (const o of pushedMeanwhile) if (groups.includes(groupOfPlan(o.planType))) fresh = applyOpenOrderUpdate(fresh, o);
    openOrders.value = groups.length === ORDER_GROUPS.length ? fresh : [...fresh, ...openOrders.peek().filter((o) => !groups.includes(groupOfPlan(o.planType)))];
    openStatus.value = 'ready';
    return true;
  } catch (err) {
    if (seq === openSeq) {
      openStatus.value = 'error';
      loadFailed(err);
    }
    return false;
  } finally {
    readLogs.delete(pushedMeanwhile);
  }
}

export async function loadHistory(api: TradingApi): Promise<void> {
  const seq = ++historySeq;
  const symbolId = ordersScope.peek();
  if (symbolId === null) return;
  historyStatus.value = 'loading';
  historyMore.value = 'done';
  try {
    const page = await api.orderHistory({ symbolId, group: panelView.peek().group, days: historyDays.peek() });
    if (seq !== historySeq) return;
    historyOrders.value = page.rows;
    historyNext = page.next;
    historyMore.value = page.next ? 'more' : 'done';
    historyStatus.value = 'ready';
  } catch (err) {
    if (seq !== historySeq) return;
    historyStatus.value = 'error';
    loadFailed(err);
  }
}

export async function loadTrades(api: TradingApi): Promise<void> {
  const seq = ++tradesSeq;
  const symbolId = ordersScope.peek();
  if (symbolId === null) return;
  tradesStatus.value = 'loading';
  tradesMore.value = 'done';
  try {
    const page = await api.executions({ symbolId, days: historyDays.peek() });
    if (seq !== tradesSeq) return;
    tradeHistory.value = page.rows;
    tradesNext = page.next;
    tradesMore.value = page.next ? 'more' : 'done';
    tradesStatus.value = 'ready';
  } catch (err) {
    if (seq !== tradesSeq) return;
    tradesStatus.value = 'error';
    loadFailed(err);
  }
}

/**
 * Reads the next (older) page of a history list and appends what it does not hold yet (a push
 * may have put a row on top meanwhile). One page at a time; a reload of the list drops it.
 */
async function loadMore<T>(
  status: typeof historyMore, next: HistoryCursor | undefined, seqNow: () => number, read: (from: HistoryCursor) => Promise<HistoryPage<T>>,
  list: { peek(): readonly T[]; value: readonly T[] }, keyOf: (row: T) => string, setNext: (c: HistoryCursor | undefined) => void,
): Promise<void> {
  if ((status.peek() !== 'more' && status.peek() !== 'error') || !next) return;
  const seq = seqNow();
  status.value = 'loading';
  try {
    const page = await read(next);
    if (seq !== seqNow()) return;
    const held = new Set(list.peek().map(keyOf));
    list.value = [...list.peek(), ...page.rows.filter((r) => !held.has(keyOf(r)))];
    setNext(page.next);
    status.value = page.next ? 'more' : 'done';
  } catch (err) {
    if (seq !== seqNow()) return;
    status.value = 'error';
    loadFailed(err);
  }
}

/** The order history's next page, when it has one (the table asks as its end comes near). */
export function loadMoreHistory(api: TradingApi): Promise<void> {
  const symbolId = ordersScope.peek();
  if (symbolId === null) return Promise.resolve();
  const q = { symbolId, group: panelView.peek().group, days: historyDays.peek() };
  return loadMore(historyMore, historyNext, () => historySeq, (from) => api.orderHistory(q, from), historyOrders, (o) => o.orderId, (c) => (historyNext = c));
}

/** The trade history's next page, when it has one. */
export function loadMoreTrades(api: TradingApi): Promise<void> {
  const symbolId = ordersScope.peek();
  if (symbolId === null) return Promise.resolve();
  const q = { symbolId, days: historyDays.peek() };
  return loadMore(tradesMore, tradesNext, () => tradesSeq, (from) => api.executions(q, from), tradeHistory, (e) => e.tradeId, (c) => (tradesNext = c));
}

/**
 * Applies pushed orders to the open list (4.8) and, when it is the visible list, to the order
 * history (an order it holds is replaced, a new one of the shown group goes on top), keeping only
 * the scope's pair. The push is the lists' source; nothing is re-read for it.
 */
export function applyOrderPushes(orders: readonly Order[]): void {
  const scope = ordersScope.peek();
  if (scope === null) return;
  const mine = orders.filter((o) => scope === undefined || o.symbolId === scope);
  for (const log of readLogs) log.push(...mine);
  let list = openOrders.peek();
  for (const o of mine) list = applyOpenOrderUpdate(list, o);
  openOrders.value = list;
  const view = panelView.peek();
  if (view.tab !== 'history' || historyStatus.peek() !== 'ready') return;
  let history = historyOrders.peek();
  for (const o of mine) {
    const i = history.findIndex((h) => h.orderId === o.orderId);
    if (i >= 0) history = history.map((h, k) => (k === i ? o : h));
    else if (groupOfPlan(o.planType) === view.group) history = [o, ...history];
  }
  historyOrders.value = history;
}

/** Pushed fills go on top of the trade history when it is the visible list. */
export function applyExecutionPushes(execs: readonly Execution[]): void {
  const scope = ordersScope.peek();
  if (tradesStatus.peek() !== 'ready' || scope === null) return;
  const known = new Set(tradeHistory.peek().map((e) => e.tradeId));
  const fresh = execs.filter((e) => !known.has(e.tradeId) && (scope === undefined || e.symbolId === scope));
  if (fresh.length) tradeHistory.value = [...fresh.reverse(), ...tradeHistory.peek()];
}

export function findOpenOrder(orderId: string): Order | undefined {
  return openOrders.peek().find((o) => o.orderId === orderId);
}

export function clearOrders(): void {
  openSeq++;
  historySeq++;
  tradesSeq++;
  openOrders.value = [];
  historyOrders.value = [];
  tradeHistory.value = [];
  openStatus.value = historyStatus.value = tradesStatus.value = 'idle';
  historyMore.value = tradesMore.value = 'done';
  historyNext = tradesNext = undefined;
}
