import { fetchSpotSymbols } from '../../api/market.ts';
import { wakeableSleep, withRetry, type RetryWait } from '../../api/retry.ts';
import { pairOfId, type SpotSymbol } from '../../core/symbols.ts';
import { computed, signal } from '../signals.ts';

export type { RetryWait } from '../../api/retry.ts';

export type LoadState<T> =
  /** `retrying`: an attempt failed in a way waiting can fix; the next one starts at `retryAt`. */
  | { status: 'loading'; retrying?: RetryWait }
  | { status: 'ready'; value: T }
  /** Only for failures retrying cannot fix (see isTransient in src/api/retry.ts). */
  | { status: 'error'; message: string };

/** The exchange's spot symbols; loaded once at start (retrying by itself), reloadable after an error. */
export const symbolsState = signal<LoadState<SpotSymbol[]>>({ status: 'loading' });

const NONE: readonly SpotSymbol[] = [];
/** The symbols once loaded, else none (pair names and asset precisions read them). */
export const symbolList = computed<readonly SpotSymbol[]>(() => (symbolsState.value.status === 'ready' ? symbolsState.value.value : NONE));

let inFlight: Promise<void> | undefined;
const waits = wakeableSleep();

export function loadSymbols(): Promise<void> {
  if (inFlight) return inFlight;
  symbolsState.value = { status: 'loading' };
  inFlight = withRetry(() => fetchSpotSymbols(), {
    sleep: waits.sleep,
    onWait: (retrying) => {
      symbolsState.value = { status: 'loading', retrying };
    },
  })
    .then((list) => {
      symbolsState.value = { status: 'ready', value: list };
    })
    .catch((err: Error) => {
      symbolsState.value = { status: 'error', message: err.message };
    })
    .finally(() => {
      inFlight = undefined;
    });
  return inFlight;
}

/** Ends the current wait between attempts at once (the person pressed "Retry now"). */
export function retrySymbolsNow(): void {
  waits.wake();
}

/** A symbol of the loaded list by its id (none before the list loads, or for an unknown id). */
export function symbolById(symbolId: string): SpotSymbol | undefined {
  const st = symbolsState.peek();
  return st.status === 'ready' ? st.value.find((x) => x.symbolId === symbolId) : undefined;
}

/** A pair as people read it, BASE/QUOTE, from the loaded symbol list (the id itself before it loads). */
export function pairName(symbolId: string): string {
  const st = symbolsState.peek();
  return st.status === 'ready' ? pairOfId(st.value, symbolId) : symbolId;
}
