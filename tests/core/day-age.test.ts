// Spec 9 "day age check: more than 7 days or more than 24 hours" (src/core/datetime.ts formatAgoIn):
// an age up to 24 hours is told in hours, more than 24 hours in days, more than 7 days in weeks.
import { describe, expect, it } from 'vitest';
import { formatAgoIn } from '../../src/core/datetime.ts';

const H = 3600;
const D = 24 * H;

describe("spec 9's day age check", () => {
  it('hours up to 24 hours, days beyond, weeks beyond 7 days; in the locale, with Latin digits', () => {
    expect(formatAgoIn(30, 'en')).toBe('30 seconds ago');
    expect(formatAgoIn(5 * H, 'en')).toBe('5 hours ago');
    expect(formatAgoIn(24 * H, 'en')).toBe('24 hours ago');
    expect(formatAgoIn(24 * H + 1, 'en')).toBe('1 day ago');
    expect(formatAgoIn(3 * D, 'en')).toBe('3 days ago');
    expect(formatAgoIn(7 * D, 'en')).toBe('7 days ago');
    expect(formatAgoIn(7 * D + 1, 'en')).toBe('1 week ago');
    expect(formatAgoIn(15 * D, 'en')).toBe('2 weeks ago');
    expect(formatAgoIn(3 * D, 'de')).toBe('vor 3 Tagen');
    expect(formatAgoIn(3 * D, 'fa')).toMatch(/3/);
  });
});
