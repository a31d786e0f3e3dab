// How old each stream's newest data is while the stream is stale (issue 35 item 5): the book, the
// trades tape, the chart's candles and the header's ticker each say so when their data stops. The
// feed says when a stream turned stale and when its last data came (FeedStatus.lastData); a clock
// here ticks once a second, only while something shows an age and some stream is stale.
import { computed, effect, signal, type ReadonlySignal } from '../signals.ts';
import { feedStatus, type StreamName } from './market-data.ts';

const ageClock = signal(Date.now());
let holders = 0;
let stopClock: (() => void) | null = null;

/** Keeps the age clock running while the caller shows an age; returns the release. */
export function holdAgeClock(): () => void {
  if (holders++ === 0) {
    stopClock = effect(() => {
      const st = feedStatus.value;
      if (!st || !Object.values(st.stale).some(Boolean)) return;
      ageClock.value = Date.now();
      const id = setInterval(() => (ageClock.value = Date.now()), 1000);
      return () => clearInterval(id);
    });
  }
  let released = false;
  return () => {
    if (released) return;
    released = true;
    if (--holders === 0) {
      stopClock?.();
      stopClock = null;
    }
  };
}

const ageOf = (s: StreamName): ReadonlySignal<number | null> =>
  computed(() => {
    const st = feedStatus.value;
    const at = st?.lastData?.[s] ?? 0;
    if (!st || !st.stale[s] || at === 0) return null;
    return Math.max(0, Math.floor((ageClock.value - at) / 1000));
  });

/** Seconds since each stream's newest data while it is stale; null while it is live or has had none. */
export const dataAge: Readonly<Record<StreamName, ReadonlySignal<number | null>>> = {
  book: ageOf('book'),
  trades: ageOf('trades'),
  ticker: ageOf('ticker'),
  kline: ageOf('kline'),
};

const shownStale = (s: StreamName): ReadonlySignal<boolean> =>
  computed(() => {
    const st = feedStatus.value;
    return !!st && st.stale[s] && (st.lastData?.[s] ?? 0) > 0;
  });

/** Whether each stream's data stopped after it came (the widget then looks stale); changes only when that does. */
export const staleData: Readonly<Record<StreamName, ReadonlySignal<boolean>>> = {
  book: shownStale('book'),
  trades: shownStale('trades'),
  ticker: shownStale('ticker'),
  kline: shownStale('kline'),
};
