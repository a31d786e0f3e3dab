import { expect, test } from 'vitest';
import { QualityCounters } from '../../src/net/quality.ts';

test('per-second counters: 200–399 good, aborts are timeouts, other failures errors, odd costs ignored, no reply in 3 s is bad', () => {
  let now = 10_000;
  const timers: Array<[number, () => void]> = [];
  const q = new QualityCounters(() => now, (fn, ms) => timers.push([now + ms, fn]));
  const ok = q.begin('cdn');
  const redirect = q.begin('cdn');
  const notFound = q.begin('cdn');
  const aborted = q.begin('cdn');
  const failed = q.begin('cdn');
  const slow = q.begin('cdn');
  now += 120;
  ok({ status: 200 });
  redirect({ status: 304 });
  notFound({ status: 404 });
  aborted('abort');
  failed('error');
  now = 10_000 + 3_000;
  for (const [, fn] of timers) fn();
  now = 10_000 + 31_000;
  slow({ status: 200 }); // answered, but its 31 s cost is not counted
  const h3 = q.begin('h3');
  h3({ status: 500 });
  const [cdn, h3Bucket] = q.take();
  expect(cdn).toEqual({ kind: 'cdn', second: 10, send: 6, recv: 3, timeout: 1, error: 2, cost: 240, bad: 1 });
  expect(h3Bucket).toMatchObject({ kind: 'h3', second: 41, send: 1, error: 1 });
  expect(q.take()).toEqual([]);
});
