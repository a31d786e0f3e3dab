// Favourite and recent symbols (spec 2.16, 3 "Favourite entry", 6): favourites come from the
// server for a logged-in user and from local storage otherwise; the local ones are merged into the
// server's list at login. Recent symbols are this browser's own.
import { fetchFavourites, saveFavourites } from '../../api/favourites.ts';
import { effect, signal } from '../signals.ts';
import { readStored, removeStored, STORAGE_KEYS, writeStored } from '../storage.ts';
import { pushToast } from '../toasts.ts';
import { isLoggedIn, user, userKnown } from './user.ts';

const MAX_FAVOURITES = 200;
export const MAX_RECENT = 10;
const SYMBOL_RE = /^[A-Z0-9]{1,40}$/;
const isSymbolList = (v: unknown): v is string[] => Array.isArray(v) && v.every((s) => typeof s === 'string' && SYMBOL_RE.test(s));

/** Symbol ids in rank order. */
export const favourites = signal<readonly string[]>([]);
/** False until the list of the current user (or of this browser, for a visitor) is in. */
export const favouritesReady = signal(false);
/** Set while a change waits for the server's answer (the stars do not take a second click meanwhile). */
export const favouritesSaving = signal(false);
/** Most recent first. */
export const recentSymbols = signal<readonly string[]>(readStored(STORAGE_KEYS.recentSymbols, isSymbolList)?.slice(0, MAX_RECENT) ?? []);

const localFavourites = () => readStored(STORAGE_KEYS.favourites, isSymbolList)?.slice(0, MAX_FAVOURITES) ?? [];

/** Union in order: `first`'s entries, then `extra`'s that are not in it. */
export function mergeFavourites(first: readonly string[], extra: readonly string[]): string[] {
  const seen = new Set(first);
  return [...first, ...extra.filter((s) => !seen.has(s) && (seen.add(s), true))].slice(0, MAX_FAVOURITES);
}

let started = false;
let loadSeq = 0;

/** Follows the user: loads their favourites (merging this browser's into them at login). Idempotent. */
export function startFavourites(): void {
  if (started) return;
  started = true;
  effect(() => {
    if (!userKnown.value) return;
    const loggedIn = isLoggedIn.value;
    void user.value.id;
    void load(loggedIn, ++loadSeq);
  });
}

async function load(loggedIn: boolean, seq: number): Promise<void> {
  favouritesReady.value = false;
  if (!loggedIn) {
    favourites.value = localFavourites();
    favouritesReady.value = true;
    return;
  }
  try {
    const server = await fetchFavourites();
    if (seq !== loadSeq) return;
    const local = localFavourites();
    const merged = mergeFavourites(server, local);
    if (merged.length !== server.length) {
      favourites.value = await saveFavourites(merged);
      if (seq !== loadSeq) return;
    } else {
      favourites.value = server;
    }
    // Merged into the account: the browser's list would otherwise come back after a removal.
    removeStored(STORAGE_KEYS.favourites);
    favouritesReady.value = true;
  } catch (err) {
    if (seq !== loadSeq) return;
    pushToast({ kind: 'error', key: 'favourites.loadFailed', params: { reason: (err as Error).message } });
  }
}

/** Adds or removes one; a logged-in user's list changes when the server has stored it. */
export async function toggleFavourite(symbolId: string): Promise<void> {
  if (!favouritesReady.peek() || favouritesSaving.peek()) return;
  const now = favourites.peek();
  const next = now.includes(symbolId) ? now.filter((s) => s !== symbolId) : [...now, symbolId].slice(0, MAX_FAVOURITES);
  if (!isLoggedIn.peek()) {
    writeStored(STORAGE_KEYS.favourites, next);
    favourites.value = next;
    return;
  }
  favouritesSaving.value = true;
  try {
    favourites.value = await saveFavourites(next);
  } catch (err) {
    pushToast({ kind: 'error', key: 'favourites.saveFailed', params: { reason: (err as Error).message } });
  } finally {
    favouritesSaving.value = false;
  }
}

/** Puts a symbol first in the recent list (kept in this browser). */
export function noteRecent(symbolId: string): void {
  if (!SYMBOL_RE.test(symbolId)) return;
  const next = [symbolId, ...recentSymbols.peek().filter((s) => s !== symbolId)].slice(0, MAX_RECENT);
  if (next.join() === recentSymbols.peek().join()) return;
  recentSymbols.value = next;
  writeStored(STORAGE_KEYS.recentSymbols, next);
}
