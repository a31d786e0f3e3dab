import { signal } from './signals.ts';

/**
 * True in the dev server and in test builds (`vite build --mode test`, what the browser tests and
 * benches serve from dist-test/); false in the production build (`npm run build`'s dist/, what
 * `npm start` serves). A constant to the bundler, so production code has no debug hooks at all
 * (scripts/check-bundle.mjs checks).
 */
export const DEBUG_HOOKS: boolean = __DEBUG_HOOKS__;

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

/** What mounted canvases can say they drew, by name (only in dev and test builds; see DEBUG_HOOKS). */
const canvasReaders = new Map<string, () => unknown>();

/**
 * Lets a canvas mount tell the debug hooks what it drew (label boxes, the outlined row), for
 * people and browser tests; returns what takes it back. Nothing is kept in a production build.
 */
export function provideCanvasReader(name: string, read: () => unknown): () => void {
  if (!DEBUG_HOOKS) return () => {};
  canvasReaders.set(name, read);
  return () => {
    if (canvasReaders.get(name) === read) canvasReaders.delete(name);
  };
}

/** What the canvas mounted under `name` says it drew, or null when none is mounted. */
export function readCanvas(name: string): unknown {
  return canvasReaders.get(name)?.() ?? null;
}
