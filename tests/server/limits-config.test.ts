// The abuse budgets' settings (issue 30): `--limits name=max/window,…` and the quality collector's
// retention, read strictly; a bad entry stops the exchange with a message naming it.
import { describe, expect, test } from 'vitest';
import { parseConfig } from '../../server/config.ts';
import { NAMED_LIMITS, parseDuration, parseLimits } from '../../server/http/limit-names.ts';

describe('--limits', () => {
  test('reads name=max/window entries over the defaults', () => {
    expect(parseLimits('register=5/1h, ticket-total=100/1d,quality=3/500ms')).toEqual({
      register: { max: 5, windowMs: 3_600_000 },
      'ticket-total': { max: 100, windowMs: 86_400_000 },
      quality: { max: 3, windowMs: 500 },
    });
    expect(parseLimits('')).toEqual({});
    const c = parseConfig(['--limits', 'webhook-unsigned=2/10s', '--quality-retention', '7d', '--quality-rows', '100'], {});
    expect(c.limits).toEqual({ 'webhook-unsigned': { max: 2, windowMs: 10_000 } });
    expect(c.qualityRetentionMs).toBe(7 * 86_400_000);
    expect(c.qualityRowsPerDevice).toBe(100);
    expect(parseConfig([], { EXCHANGE_LIMITS: 'register=1/1m' }).limits).toEqual({ register: { max: 1, windowMs: 60_000 } });
    expect(parseConfig([], {}).qualityRetentionMs).toBeUndefined();
    expect(Object.keys(NAMED_LIMITS)).toEqual(['register', 'register-total', 'ticket', 'ticket-total', 'quality', 'quality-ip', 'webhook-unsigned']);
  });

  test.each(['nope=1/1h', 'register=1', 'register=0x5/1h', 'register=5/1y', 'register=5/', 'register=-1/1h', 'register=5/0'])('refuses %j', (entry) => {
    expect(() => parseLimits(entry)).toThrow(/--limits/);
  });

  test('durations and row counts are plain', () => {
    expect(parseDuration('250', 'x')).toBe(250);
    for (const bad of ['1e3', '0x10', '-1s', '1.5h', 'forever', '0']) expect(() => parseDuration(bad, 'x')).toThrow(/bad x/);
    expect(() => parseConfig(['--quality-rows', '1e3'], {})).toThrow(/quality-rows/);
    expect(() => parseConfig(['--quality-retention', 'soon'], {})).toThrow(/quality-retention/);
  });
});
