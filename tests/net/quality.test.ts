import { expect, test } from 'vitest';
import { responseEndAt } from '../../src/net/accel.ts';
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

test('spec 9: a log entry older than 200 ms when it reaches the counters is dropped whole; a younger one counts from its own time', () => {
  let now = 50_000;
  const q = new QualityCounters(() => now, () => undefined);
  const late = q.begin('cdn');
  const onTime = q.begin('cdn');
  const unstamped = q.begin('cdn');
  now += 100;
  const endedAt = now;
  now += 201; // the page was frozen for 201 ms after the response ended
  late({ status: 200 }, endedAt);
  onTime({ status: 200 }, now - 200);
  unstamped('error');
  const [b] = q.take();
  // The late entry is gone (its send too); the on-time one costs up to its end, not to the handler.
  expect(b).toEqual({ kind: 'cdn', second: 50, send: 2, recv: 1, timeout: 0, error: 1, cost: 101, bad: 0 });
});

test('the response end comes from the request’s own Resource Timing entry', () => {
  const entries = [
    { name: 'http://cdn/x', startTime: 10, responseEnd: 40 },
    { name: 'http://cdn/x', startTime: 100, responseEnd: 160 },
  ];
  const perf = { timeOrigin: 1_000_000, getEntriesByName: (n: string) => entries.filter((e) => e.name === n) } as unknown as Performance;
  expect(responseEndAt('http://cdn/x', 99, perf)).toBe(1_000_160);
  // An older request to the same URL is not this one's.
  expect(responseEndAt('http://cdn/x', 200, perf)).toBeUndefined();
  expect(responseEndAt('http://cdn/y', 0, perf)).toBeUndefined();
});

test('a failed accelerated request is an httpException event (spec 7.6); events are taken once and capped', () => {
  let now = 5_000;
  const q = new QualityCounters(() => now, () => undefined);
  q.begin('cdn')({ status: 200 });
  q.begin('cdn')({ status: 502 });
  now = 6_000;
  q.begin('h3')('error');
  q.begin('cdn')('abort');
  q.event('whitelist', 'whitelisted');
  expect(q.takeEvents()).toEqual([
    { type: 'httpException', at: 5_000, detail: 'cdn: HTTP 502' },
    { type: 'httpException', at: 6_000, detail: 'h3: network error' },
    { type: 'whitelist', at: 6_000, detail: 'whitelisted' },
  ]);
  expect(q.takeEvents()).toEqual([]);
  for (let i = 0; i < 150; i++) q.event('sdkerror', 'x');
  expect(q.takeEvents()).toHaveLength(100);
});
