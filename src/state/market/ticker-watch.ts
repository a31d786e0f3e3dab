// Which symbols' tickers the feed subscribes besides the active one's (spec 4.17): the market
// list's (every symbol) only while a market list is shown, the page is visible and the symbols
// have loaded (spec 4.17: page status tracks tab visibility, state/poll.ts pageVisible), and
// unsubscribed otherwise; plus the few that other readers show (the footer's
// favourite and recent pairs, the margin positions), asked for by key while they are on screen.
import { setWatchList } from './market-data.ts';
import { symbolsState } from './markets.ts';
import { pageVisible } from '../poll.ts';
import { effect, signal } from '../signals.ts';

const listsShown = signal(0);
const asked = signal<ReadonlyMap<string, readonly string[]>>(new Map());

let started = false;
let lastSent = '';
let pending: string[] | null = null;

/** The symbols to watch now (sorted, no repeats). */
export function watchedSymbols(): string[] {
  const state = symbolsState.value;
  const set = new Set<string>();
  if (listsShown.value > 0 && pageVisible.value && state.status === 'ready') for (const s of state.value) set.add(s.symbolId);
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
  setWatchList(next);
}

/** A market list is on screen until the returned function is called. */
export function showMarketList(): () => void {
  start();
  listsShown.value++;
  let done = false;
  return () => {
    if (!done) (done = true), listsShown.value--;
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
