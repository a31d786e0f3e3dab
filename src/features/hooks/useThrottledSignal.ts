import { useEffect, useState } from 'react';
import { effect, type ReadonlySignal } from '../../state/signals.ts';

/** A signal's value for React, re-rendering at most once per `ms` (accessibility mirrors, stats). */
export function useThrottledSignal<T>(sig: ReadonlySignal<T>, ms: number): T {
  const [value, setValue] = useState(() => sig.peek());
  useEffect(() => {
    let last = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const dispose = effect(() => {
      sig.value;
      const wait = last + ms - Date.now();
      if (wait <= 0) {
        last = Date.now();
        setValue(sig.peek());
      } else if (!timer) {
        timer = setTimeout(() => {
          timer = undefined;
          last = Date.now();
          setValue(sig.peek());
        }, wait);
      }
    });
    return () => {
      dispose();
      if (timer) clearTimeout(timer);
    };
  }, [sig, ms]);
  return value;
}
