import { describe, expect, it } from 'vitest';
import { NOTICE_TYPE, noticeDisplay } from '../../src/core/notice-display.ts';

// Spec 3 "Symbol notice": noticeType 1 or 2 shows a countdown, 3 a pending icon; 4.1 step 2: a
// symbol whose onlineTime is not later than the server's now opens at once, whatever its type.
describe('noticeDisplay', () => {
  const now = 1_000_000;
  it('counts down for types 1 and 2 before the opening', () => {
    expect(noticeDisplay(NOTICE_TYPE.countdown, now + 1, now)).toBe('countdown');
    expect(noticeDisplay(NOTICE_TYPE.countdownAlt, now + 60_000, now)).toBe('countdown');
  });
  it('shows the pending icon for type 3 before the opening', () => {
    expect(noticeDisplay(NOTICE_TYPE.pending, now + 60_000, now)).toBe('pending');
  });
  it('opens once onlineTime is not later than now, for every type', () => {
    for (const type of [0, 1, 2, 3]) {
      expect(noticeDisplay(type, now, now)).toBe('open');
      expect(noticeDisplay(type, now - 1, now)).toBe('open');
    }
  });
});
