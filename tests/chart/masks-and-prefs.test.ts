import { describe, expect, it } from 'vitest';
import { countdownParts } from '../../src/core/chart/countdown.ts';
import { safeLinkUrl } from '../../src/core/safe-link.ts';
import { decodeKlineRow as toCandle } from '../../src/protocol/bybit-v5/kline.ts';
import { DEFAULT_INDICATORS, sanitizeIndicators, sanitizePrefs } from '../../src/state/chart/chart-settings.ts';
import { scrollHint } from '../../src/features/chart-panel/useScrollHint.ts';

describe('opening countdown', () => {
  it('splits the time left into h/m/s, rounding up to whole seconds', () => {
    expect(countdownParts(1_000_000 + 3_723_400, 1_000_000)).toEqual({ hours: 1, minutes: 2, seconds: 4, done: false });
    expect(countdownParts(5000, 5000).done).toBe(true);
    expect(countdownParts(5000, 9000)).toEqual({ hours: 0, minutes: 0, seconds: 0, done: true });
  });

  it('caps hours at 99', () => {
    expect(countdownParts(500 * 3_600_000, 0).hours).toBe(99);
  });
});

describe('learn-more links', () => {
  it('allows http(s) and same-origin paths only', () => {
    expect(safeLinkUrl('/announcements/new-listing')).toBe('/announcements/new-listing');
    expect(safeLinkUrl('https://example.com/a')).toBe('https://example.com/a');
    expect(safeLinkUrl('javascript:alert(1)')).toBeNull();
    expect(safeLinkUrl('//evil.example/x')).toBeNull();
    expect(safeLinkUrl('data:text/html,hi')).toBeNull();
    expect(safeLinkUrl('/\\evil.example')).toBeNull();
  });
});

describe('kline rows', () => {
  it('reads v5 rows and rejects malformed ones', () => {
    expect(toCandle(['1700000000000', '1.5', '2', '1', '1.75', '10', '15'])).toEqual({ start: 1_700_000_000_000, open: '1.5', high: '2', low: '1', close: '1.75', volume: '10' });
    expect(toCandle(['1700000000000', '-1', '2', '1', '1.75', '10'])).toBeNull();
    expect(toCandle(['x', '1', '2', '1', '1.75', '10'])).toBeNull();
    expect(toCandle(['1700000000000', '1', '2'])).toBeNull();
  });
});

describe('stored chart settings', () => {
  it('fall back field by field to the defaults (MA 9, UTC, green up, red down)', () => {
    expect(sanitizeIndicators(null)).toEqual(DEFAULT_INDICATORS);
    expect(DEFAULT_INDICATORS.ma.length).toBe(9);
    const s = sanitizeIndicators({ ma: { on: false, length: 'x' }, rsi: { on: true, length: 7 } });
    expect(s.ma).toEqual({ on: false, length: 9, pane: 'main' });
    expect(s.rsi).toEqual({ on: true, length: 7 });
    const p = sanitizePrefs({ timeZone: 'Not/AZone', upColor: -5, logScale: true });
    expect(p.timeZone).toBe('UTC');
    expect(p.upColor).toBe(0x20b26c);
    expect(p.downColor).toBe(0xef454a);
    expect(p.logScale).toBe(true);
  });
});

describe('toolbar scroll hint', () => {
  it('shows only when more than 10 px are hidden on that side', () => {
    expect(scrollHint({ scrollLeft: 0, scrollWidth: 1000, clientWidth: 800 })).toEqual({ before: false, after: true });
    expect(scrollHint({ scrollLeft: 191, scrollWidth: 1000, clientWidth: 800 })).toEqual({ before: true, after: false });
    expect(scrollHint({ scrollLeft: 10, scrollWidth: 820, clientWidth: 800 })).toEqual({ before: false, after: false });
  });
});
