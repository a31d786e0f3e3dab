// The REST client's way to another route (spec 2.16): while a route other than the page's own
// origin is in use, fetch sends the page's API paths of its own origin to that route's origin
// (with credentials: the session cookie is the same site's). restore() puts back what it found.

/** The page's API on its own origin; the probe (/t1) and everything else (files, locales) stay. */
const API_PATH = /^\/(v5|api|spot\/api|unified)\//;

interface Win {
  fetch: typeof fetch;
  location: { origin: string };
}

/** Wraps win.fetch to send API paths to `origin()`; returns the restore. */
export function installRouteFetch(win: Win, origin: () => string): () => void {
  const inner = win.fetch;
  const routeFetch = function routeFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
    const to = origin();
    if (to && typeof input === 'string') {
      let u: URL | null = null;
      try {
        u = new URL(input, win.location.origin);
      } catch {
        // Not a URL: the browser's fetch says so.
      }
      if (u && u.origin === win.location.origin && API_PATH.test(u.pathname)) {
        return inner.call(globalThis, to + u.pathname + u.search, { ...init, credentials: 'include' });
      }
    }
    return inner.call(globalThis, input, init);
  };
  win.fetch = routeFetch;
  return () => {
    // Only when nothing wrapped it since (acceleration restores its own wrapper first).
    if (win.fetch === routeFetch) win.fetch = inner;
  };
}
