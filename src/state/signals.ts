// The one module that imports @preact/signals-react; everything else imports from here.
import { effect } from '@preact/signals-react';
export { signal, computed, effect, batch, untracked } from '@preact/signals-react';
export type { Signal, ReadonlySignal } from '@preact/signals-react';
export { useSignals } from '@preact/signals-react/runtime';

/**
 * Runs `write` when the signals read by `track` change, at most once per `intervalMs`: at once
 * when the last write is old enough, else once at the end of the interval. `write` should read
 * signals with peek(). Returns the disposer.
 */
export function throttledEffect(track: () => void, write: () => void, intervalMs: number): () => void {
  let last = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = () => {
    last = Date.now();
    write();
  };
  const dispose = effect(() => {
    track();
    const wait = last + intervalMs - Date.now();
    if (wait <= 0) run();
    else if (!timer) {
      timer = setTimeout(() => {
        timer = undefined;
        run();
      }, wait);
    }
  });
  return () => {
    dispose();
    if (timer) clearTimeout(timer);
  };
}
