import { describe, expect, test } from 'vitest';
import { addSample, chooseAuto, latencyTone, rankRoutes, SAMPLE_COUNT, type Sample } from '../../src/net/route-ranking.ts';

const ok = (ms: number): Sample => ({ ms, ok: true });
const fail: Sample = { ms: 15_000, ok: false };
const map = (o: Record<string, Sample[]>) => new Map(Object.entries(o));

describe('route ranking (spec 2.16, 4.2)', () => {
  test('latency colours: under 500 success, 500 to 1000 warn, over 1000 danger; a failure is danger', () => {
    expect(latencyTone(0)).toBe('success');
    expect(latencyTone(499)).toBe('success');
    expect(latencyTone(500)).toBe('warn');
    expect(latencyTone(1000)).toBe('warn');
    expect(latencyTone(1001)).toBe('danger');
    expect(latencyTone(15_000)).toBe('danger');
  });

  test('keeps the last samples only', () => {
    let list: Sample[] = [];
    for (let i = 0; i < SAMPLE_COUNT + 5; i++) list = addSample(list, ok(i));
    expect(list).toHaveLength(SAMPLE_COUNT);
    expect(list[0]!.ms).toBe(5);
  });

  test('ranks by success first, then latency', () => {
    expect(rankRoutes(map({ a: [ok(200), ok(220)], b: [ok(20), ok(30)], c: [ok(5), fail] }))).toEqual(['b', 'a', 'c']);
  });

  test('Auto stays on a route that is fine, even after one slow probe', () => {
    expect(chooseAuto('main', map({ main: [ok(40), ok(45), ok(900)], e: [ok(10), ok(12), ok(11)] }))).toBe('main');
    expect(chooseAuto('main', map({ main: [ok(40), ok(45), ok(50)], e: [ok(10), ok(12), ok(11)] }))).toBe('main');
  });

  test('Auto moves when the current route fails, or falls well behind', () => {
    expect(chooseAuto('main', map({ main: [ok(40), fail], e: [ok(80)], f: [ok(60), fail] }))).toBe('e');
    expect(chooseAuto('main', map({ main: [ok(900), ok(950), ok(1000)], e: [ok(100), ok(120), ok(110)] }))).toBe('e');
    // Nowhere better to go: stays.
    expect(chooseAuto('main', map({ main: [fail], e: [fail] }))).toBe('main');
  });
});
