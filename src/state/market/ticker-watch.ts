// Which symbols' tickers the feed subscribes besides the active one's (spec 4.17): a market list's
// only while it is shown, the page is visible and the symbols have loaded (spec 4.17: page status
// tracks tab visibility, state/poll.ts pageVisible), and unsubscribed otherwise; plus the few that
// other readers show (the footer's favourite and recent pairs, the margin positions), asked for by
// key while they are on screen.
//
// A shown list streams the rows in its view and near it, not all of them (issue 37 item 1: what is
// below the fold sleeps). At the stress feed every symbol's ticker was 1,400 messages a second,
// most of them for rows nobody could see. The rows out of view keep their places and figures from
// one read of every ticker (GET /v5/market/tickers) when the list opens and every 30 s after, as
// often as the list sorts again.
import type { TickerRow } from '../../core/market-rows.ts';
import { fetchSpotTickers } from '../../api/market.ts';
import { setWatchList } from './market-data.ts';
import { symbolsState } from './markets.ts';
import { createPoll, pageVisible } from '../poll.ts';
import { effect, signal, type ReadonlySignal } from '../signals.ts';

/** How often the rows out of view are read again (the list's own re-sort period). */
export const LIST_TICKERS_READ_MS = 30_000;

/** Per shown list, the symbols in or near its view (null until it has said). */
const listViews = signal<ReadonlyMap<number, readonly string[] | null>>(new Map());
const asked = signal<ReadonlyMap<string, readonly string[]>>(new Map());
let nextList = 1;

const allTickers = createPoll<Map<string, TickerRow>>({ read: (signal) => fetchSpotTickers(signal), everyMs: LIST_TICKERS_READ_MS, initial: new Map() });
/** Every symbol's ticker as last read while a list is shown (empty before the first answer). */
export const listTickers: ReadonlySignal<ReadonlyMap<string, TickerRow>> = allTickers.data;

const watching = signal<ReadonlySet<string>>(new Set());
/** The symbols whose tickers stream now (the last watch list the feed was sent). */
export const watchedNow: ReadonlySignal<ReadonlySet<string>> = watching;

let started = false;
let lastSent = '';
let pending: string[] | null = null;

/** The symbols to watch now (sorted, no repeats). */
export function watchedSymbols(): string[] {
  const state = symbolsState.value;
  const set = new Set<string>();
  if (pageVisible.value && state.status === 'ready') {
    const known = new Set(state.value.map((s) => s.symbolId));
    for (const view of listViews.value.values()) for (const s of view ?? []) if (known.has(s)) set.add(s);
  }
  for (const list of asked.value.values()) for (const s of list) set.add(s);
  return [...set].sort();
}

function start(): void {
  if (started) return;
  started = true;
  // The feed hears only changes (the worker subscribes and unsubscribes the difference), once per
  // task: a reader that swaps its symbols (cleanup, then the new list) must not unsubscribe and
  // subscribe again the ones both lists share.
  effect(() => {
    const first = pending === null;
    pending = watchedSymbols();
    if (first) queueMicrotask(flush);
  });
}

function flush(): void {
  const next = pending ?? [];
  pending = null;
  const key = next.join(',');
  if (key === lastSent) return;
  lastSent = key;
  watching.value = new Set(next);
  setWatchList(next);
}

export interface ShownMarketList {
  /** The symbols of the rows in the list's view or near it: their tickers stream. */
  inView(symbols: readonly string[]): void;
  /** The list has gone. */
  done(): void;
}

/** A market list is on screen until `done()`; it says which rows are in view. */
export function showMarketList(): ShownMarketList {
  start();
  const id = nextList++;
  const set = (view: readonly string[] | null) => {
    const next = new Map(listViews.peek());
    next.set(id, view);
    listViews.value = next;
  };
  set(null);
  const release = allTickers.use();
  let gone = false;
  return {
    inView(symbols) {
      if (gone) return;
      const prev = listViews.peek().get(id);
      if (prev && prev.length === symbols.length && prev.every((s, i) => s === symbols[i])) return;
      set([...symbols]);
    },
    done() {
      if (gone) return;
      gone = true;
      release();
      const next = new Map(listViews.peek());
      next.delete(id);
      listViews.value = next;
    },
  };
}

/** `key`'s reader shows these symbols' tickers until the returned function is called. */
export function watchTickers(key: string, symbols: readonly string[]): () => void {
  start();
  const next = new Map(asked.peek());
  next.set(key, symbols);
  asked.value = next;
  return () => {
    if (asked.peek().get(key) !== symbols) return;
    const rest = new Map(asked.peek());
    rest.delete(key);
    asked.value = rest;
  };
}
