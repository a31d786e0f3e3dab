// Benchmarks only. Chromium's CPU throttling (CDP Emulation.setCPUThrottlingRate) slows the page's
// main thread and refuses workers ("only supported for pages"), so a benchmark at CPU ×4 would
// run the workers at full speed. This emulates the same slowdown inside a worker: after each
// handler wrapped by `slowed` and the microtasks it queued (a feed flush), the thread waits
// (rate − 1) × the time they took. Like Chromium's throttler it waits asleep (Atomics.wait, in a
// cross-origin-isolated page's workers), so the wait costs no CPU: a busy-wait would take the
// cores the compositor and the other threads need, and on a 2-core machine it feeds itself
// (a starved handler looks slower, so it waits longer).

let rate = 1;

const sleeper =
  typeof SharedArrayBuffer === 'function' && (globalThis as { crossOriginIsolated?: boolean }).crossOriginIsolated === true
    ? new Int32Array(new SharedArrayBuffer(4))
    : null;

/** Blocks the thread for `ms`: asleep where it can (workers of an isolated page), else busy. */
function hold(ms: number): void {
  if (ms <= 0) return;
  if (sleeper) {
    try {
      Atomics.wait(sleeper, 0, 0, ms);
      return;
    } catch {
      // Atomics.wait is not allowed on this thread (a window): fall through to a busy wait.
    }
  }
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // busy, as a slower CPU would be
  }
}

/** 1 (off) to 20; anything else turns it off. */
export function setSlowdown(r: number): void {
  rate = Number.isFinite(r) && r >= 1 && r <= 20 ? r : 1;
}

export function slowdownRate(): number {
  return rate;
}

/** `fn`, made `rate` times slower while a slowdown is set. */
export function slowed<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
  return (...args: A): R => {
    if (rate === 1) return fn(...args);
    const t0 = performance.now();
    try {
      return fn(...args);
    } finally {
      queueMicrotask(() => hold((performance.now() - t0) * (rate - 1)));
    }
  };
}
