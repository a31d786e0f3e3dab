// The one module that imports @preact/signals-react; everything else imports from here.
import { effect } from '@preact/signals-react';
export { signal, computed, effect, batch, untracked } from '@preact/signals-react';
export type { Signal, ReadonlySignal } from '@preact/signals-react';
export { useSignals } from '@preact/signals-react/runtime';

/**
 * Throttled writes land on a shared 100 ms grid, so the page's slow DOM updates (price line,
 * header, ratio bar, mirrors) change the DOM in the same frame instead of each in its own: one
 * style, layout and paint pass per grid step rather than one per writer (bench:browser trace).
 */
export const THROTTLE_GRID_MS = 100;

/** Milliseconds from `now` until a write `intervalMs` after `last` may happen, on the grid. */
export function throttleDelay(last: number, intervalMs: number, now: number): number {
  const due = Math.max(now, last + intervalMs);
  return Math.ceil(due / THROTTLE_GRID_MS) * THROTTLE_GRID_MS - now;
}

/**
 * Runs `write` when the signals read by `track` change, at most once per `intervalMs`, on the
 * next step of the shared grid once the interval has passed. `write` should read signals with
 * peek(). Returns the disposer.
 */
export function throttledEffect(track: () => void, write: () => void, intervalMs: number): () => void {
  let last = -Infinity;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const dispose = effect(() => {
    track();
    if (timer) return;
    const now = Date.now();
    timer = setTimeout(() => {
      timer = undefined;
      last = Date.now();
      write();
    }, throttleDelay(last, intervalMs, now));
  });
  return () => {
    dispose();
    if (timer) clearTimeout(timer);
  };
}

/**
 * A shared start for as long as anyone holds it: the first hold runs `start`, the last release runs
 * what it returned. Each release works once (a second call does nothing).
 */
export function whileHeld(start: () => () => void): () => () => void {
  let holders = 0;
  let stop: (() => void) | null = null;
  return () => {
    if (holders++ === 0) stop = start();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      if (--holders > 0) return;
      stop?.();
      stop = null;
    };
  };
}
