// Disconnection protection (issue 35 item 4, Bybit's DCP): whether the page asks for it (a key of
// the account's preferences on the exchange, so every browser of the account agrees), the window
// the exchange holds (GET /v5/account/query-dcp-info), and, on the page's return, what the
// exchange cancelled while it was away. The private stream holds `dcp.spot` while it is on
// (trading-session.ts); the exchange cancels once every connection holding it has been gone the window.
import { fetchDcpCancels, fetchDcpWindow, saveDcpWindow } from '../../api/dcp.ts';
import { ApiError } from '../../api/http.ts';
import type { AccountKind } from '../../protocol/bybit-v5/topics.ts';
import { DCP_PAGE_MAX_S, DCP_PAGE_MIN_S } from '../../protocol/bybit-v5/dcp.ts';

export { DCP_DEFAULT_S, DCP_PAGE_MAX_S, DCP_PAGE_MIN_S } from '../../protocol/bybit-v5/dcp.ts';
import { ensureUserPrefs, setUserPrefs, userPrefs } from '../account/user-prefs.ts';
import { user } from '../account/user.ts';
import { pairName } from '../market/markets.ts';
import { computed, signal } from '../signals.ts';
import { readStored, writeStored } from '../storage.ts';
import { pushToast } from '../toasts.ts';

/** The preference key: '1' on, anything else off. */
export const DCP_PREF = 'dcpSpot';
/** How long the page's "cancelled while away" notice stays (it matters more than a fill's toast). */
const RETURN_NOTICE_MS = 20_000;

/** On when the account's preferences (loaded from the exchange) say so; false until they are loaded. */
export const dcpOn = computed(() => userPrefs.value?.[DCP_PREF] === '1');
/** The exchange's spot window in seconds: undefined until read, null when the account has set none. */
export const dcpWindow = signal<number | null | undefined>(undefined);

/** Reads the preferences and the exchange's window (the settings panel shows both). */
export async function loadDcp(): Promise<void> {
  void ensureUserPrefs();
  try {
    dcpWindow.value = await fetchDcpWindow();
  } catch {
    // Unread: the panel shows the default and saving sets the window anyway.
    dcpWindow.value = null;
  }
}

export type DcpResult = { ok: true } | { ok: false; key: string; message?: string };

const seenKey = () => `spot.dcpSeen.${user.peek().id ?? 0}`;
const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/**
 * Turns protection on with a window of `seconds` (the exchange first, then the preference), or
 * off. Nothing here changes before the exchange has answered.
 */
export async function setDcp(on: boolean, seconds: number): Promise<DcpResult> {
  if (on && (!Number.isInteger(seconds) || seconds < DCP_PAGE_MIN_S || seconds > DCP_PAGE_MAX_S)) return { ok: false, key: 'dcp.windowRange' };
  try {
    if (on) {
      await saveDcpWindow(seconds);
      dcpWindow.value = seconds;
      // Cancels from before it was turned on are not news.
      writeStored(seenKey(), Date.now());
    }
    if (!(await setUserPrefs({ [DCP_PREF]: on ? '1' : '0' }))) return { ok: false, key: 'dcp.saveFailed' };
    return { ok: true };
  } catch (err) {
    return { ok: false, key: 'dcp.saveFailed', message: err instanceof ApiError ? err.message : undefined };
  }
}

/**
 * On the page's return (its first connection, or a reconnect): the orders the exchange cancelled
 * by disconnection protection since the page last said so, in one notice.
 */
export async function reportDcpCancels(kind: AccountKind): Promise<void> {
  if (!dcpOn.peek()) return;
  const seen = readStored(seenKey(), isNumber) ?? 0;
  let cancelled;
  try {
    cancelled = (await fetchDcpCancels(kind)).filter((o) => o.updatedTime > seen);
  } catch {
    return;
  }
  if (cancelled.length === 0) return;
  writeStored(seenKey(), Math.max(...cancelled.map((o) => o.updatedTime)));
  const pairs = [...new Set(cancelled.map((o) => pairName(o.symbolId)))].join(', ');
  pushToast({ kind: 'info', key: 'dcp.cancelledWhileAway', params: { n: String(cancelled.length), pairs } }, RETURN_NOTICE_MS);
}
