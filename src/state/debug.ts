import { signal } from './signals.ts';

/**
 * True in the dev server and in test builds (`vite build --mode test`, what the browser tests and
 * benches serve from dist-test/); false in the production build (`npm run build`'s dist/, what
 * `npm start` serves). A constant to the bundler, so production code has no debug hooks at all
 * (scripts/check-bundle.mjs checks).
 */
export const DEBUG_HOOKS: boolean = import.meta.env.DEV || import.meta.env.MODE === 'test';

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
