import { signal } from './signals.ts';

/**
 * A region that should throw while rendering: lets a tester (or a browser test) see the error
 * boundary and its Reload button without breaking anything real. Cleared by the Reload.
 */
export const crashRequest = signal<string | null>(null);

export function requestCrash(region: string): void {
  crashRequest.value = region;
}

export function clearCrash(region: string): void {
  if (crashRequest.peek() === region) crashRequest.value = null;
}
