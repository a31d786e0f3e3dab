// Spec 3 "Symbol notice" and 4.1: what the chart shows for a symbol's notice. Whether the symbol is
// open is decided by time alone (4.1 step 2: onlineTime not later than the server's now opens it);
// while it is not, the notice type decides the mask: types 1 and 2 count down to the opening, type 3
// ("pending": the opening is not yet confirmed) shows a pending icon instead of the clock. A type the
// spec does not name keeps the countdown, so a future opening is never shown as open.

/** noticeType values of spec 3. */
export const NOTICE_TYPE = { countdown: 1, countdownAlt: 2, pending: 3 } as const;

export type NoticeDisplay = 'open' | 'countdown' | 'pending';

export function noticeDisplay(noticeType: number, onlineTime: number, now: number): NoticeDisplay {
  if (onlineTime <= now) return 'open';
  return noticeType === NOTICE_TYPE.pending ? 'pending' : 'countdown';
}
