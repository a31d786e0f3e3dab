import { fetchSpotSymbols } from '../api/market.ts';
import type { SpotSymbol } from '../core/symbols.ts';
import { signal } from './signals.ts';

export type LoadState<T> =
  | { status: 'loading' }
  | { status: 'ready'; value: T }
  | { status: 'error'; message: string };

/** The exchange's spot symbols; loaded once at start, reloadable after an error. */
export const symbolsState = signal<LoadState<SpotSymbol[]>>({ status: 'loading' });

let inFlight: Promise<void> | undefined;

export function loadSymbols(): Promise<void> {
  if (inFlight) return inFlight;
  symbolsState.value = { status: 'loading' };
  inFlight = fetchSpotSymbols()
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
