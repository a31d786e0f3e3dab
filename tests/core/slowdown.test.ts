import { afterEach, describe, expect, it } from 'vitest';
import { setSlowdown, slowdownRate, slowed } from '../../src/core/slowdown.ts';

function spin(ms: number): void {
  const end = performance.now() + ms;
  while (performance.now() < end) {
    // work
  }
}

const tick = () => new Promise<void>((r) => setTimeout(r, 0));

describe('worker slowdown for benchmarks', () => {
  afterEach(() => setSlowdown(1));

  it('is off by default and for nonsense rates', () => {
    expect(slowdownRate()).toBe(1);
    for (const r of [0, -4, NaN, Infinity, 50]) {
      setSlowdown(r);
      expect(slowdownRate()).toBe(1);
    }
  });

  it('keeps the thread busy for (rate − 1) × the handler time, counting the microtasks it queued', async () => {
    setSlowdown(4);
    let queuedRan = false;
    const f = slowed(() => {
      spin(5);
      queueMicrotask(() => {
        spin(5);
        queuedRan = true;
      });
      return 7;
    });
    const t0 = performance.now();
    expect(f()).toBe(7);
    await tick();
    const took = performance.now() - t0;
    expect(queuedRan).toBe(true);
    // 10 ms of work at ×4 ≈ 40 ms.
    expect(took).toBeGreaterThanOrEqual(38);
    expect(took).toBeLessThan(200);
  });

  it('costs nothing when off', async () => {
    const f = slowed(() => spin(5));
    const t0 = performance.now();
    f();
    await tick();
    expect(performance.now() - t0).toBeLessThan(100);
  });
});
