// Compile-time flags, set by vite.config.ts `define` (folded to a constant in every module).

/** The dev server and test builds: window.__spotDebug, crash probes, the bench's book-only page. */
declare const __DEBUG_HOOKS__: boolean;
