// Loads the react-aria parts of the primitives that show before the order book (aria-parts.tsx)
// when the page asks: the desktop page once the book has drawn its first rows, so that they do
// not compete with the book for the network (bench:load's before-the-book budget); the mobile
// page at once. Until they are there, Tabs and Tooltip render plain markup.
import { useSyncExternalStore } from 'react';

type Parts = typeof import('./aria-parts.tsx');

let parts: Parts | null = null;
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();

/** Starts (once) loading the react-aria parts; resolves when they are in use. */
export function loadAriaParts(): Promise<void> {
  loading ??= import('./aria-parts.tsx').then(
    (m) => {
      parts = m;
      for (const l of listeners) l();
    },
    () => {
      // Plain markup stays; a later call tries again.
      loading = null;
    },
  );
  return loading;
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/** The react-aria parts once loaded, else null. */
export function useAriaParts(): Parts | null {
  return useSyncExternalStore(subscribe, () => parts);
}
