// Rules of the notice bar (spec 2.9, 4.10, 6, 9) and the announcement banner (spec 4.15, 7.5, 9).

/** Notice bar: height, first appearance after load, rotation period (spec 9). */
export const NOTICE_BAR_HEIGHT_PX = 44;
export const NOTICE_BAR_DELAY_MS = 3000;
export const NOTICE_ROTATE_MS = 5000;

/** Announcement banner: lookback, and how long the close icon and a click on it hide it (spec 9). */
export const ANNOUNCEMENT_LOOKBACK_MS = 7 * 86_400_000;
export const ANNOUNCEMENT_CLOSE_HIDE_MS = 24 * 3_600_000;
export const ANNOUNCEMENT_CLICK_HIDE_MS = 5 * 60_000;

/** Spec 2.9 and 6: the notice bar shows for non-EAA users or demo users (a visitor is not EAA). */
export function noticeBarAllowed(u: { loggedIn: boolean; isEAA: boolean; isDemo: boolean }): boolean {
  return !u.loggedIn || !u.isEAA || u.isDemo;
}

/** One announcement as the banner uses it (Bybit's list entry, checked). */
export interface Announcement {
  title: string;
  description: string;
  url: string;
  typeKey: string;
  dateTimestamp: number;
}

/** Read state kept in the user's preferences (spec 3 "Read-state": openTime, readedList). */
export interface ReadState {
  openTime: number;
  readedList: { deadPool: string[]; announcement: string[] };
}

export const EMPTY_READ_STATE: ReadState = { openTime: 0, readedList: { deadPool: [], announcement: [] } };

/** The preference key of the read state (spec 7.5 "no-show-notice"). */
export const READ_STATE_PREF = 'no-show-notice';

/** Parses the stored read state; anything else is an empty one (bad storage loses nothing shown). */
export function parseReadState(text: string | undefined): ReadState {
  if (!text) return EMPTY_READ_STATE;
  try {
    const v: unknown = JSON.parse(text);
    if (typeof v !== 'object' || v === null) return EMPTY_READ_STATE;
    const r = v as { openTime?: unknown; readedList?: { deadPool?: unknown; announcement?: unknown } };
    const strings = (x: unknown) => (Array.isArray(x) ? x.filter((s): s is string => typeof s === 'string').slice(-200) : []);
    return {
      openTime: typeof r.openTime === 'number' && Number.isFinite(r.openTime) ? r.openTime : 0,
      readedList: { deadPool: strings(r.readedList?.deadPool), announcement: strings(r.readedList?.announcement) },
    };
  } catch {
    return EMPTY_READ_STATE;
  }
}

/** The read state with one more announcement never to show again. */
export function markRead(state: ReadState, id: string, now: number): ReadState {
  const list = state.readedList.announcement.includes(id) ? state.readedList.announcement : [...state.readedList.announcement, id].slice(-200);
  return { openTime: now, readedList: { deadPool: state.readedList.deadPool, announcement: list } };
}

/**
 * The announcement the banner shows at `now`: the newest of the last 7 days that the user has not
 * hidden for good, unless the banner is hidden until later (close: 24 h, click: 5 min).
 */
export function bannerAnnouncement(list: readonly Announcement[], now: number, hiddenUntil: number, read: ReadState): Announcement | null {
  if (now < hiddenUntil) return null;
  let best: Announcement | null = null;
  for (const a of list) {
    if (a.dateTimestamp < now - ANNOUNCEMENT_LOOKBACK_MS || a.dateTimestamp > now + 60_000) continue;
    if (read.readedList.announcement.includes(a.url)) continue;
    if (!best || a.dateTimestamp > best.dateTimestamp) best = a;
  }
  return best;
}
