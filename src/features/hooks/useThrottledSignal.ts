import { useEffect, useState } from 'react';
import { throttledEffect, type ReadonlySignal } from '../../state/signals.ts';

/** A signal's value for React, re-rendering at most once per `ms`, on the shared throttle grid. */
export function useThrottledSignal<T>(sig: ReadonlySignal<T>, ms: number): T {
  const [value, setValue] = useState(() => sig.peek());
  useEffect(
    () =>
      throttledEffect(
        () => void sig.value,
        () => setValue(() => sig.peek()),
        ms,
      ),
    [sig, ms],
  );
  return value;
}
