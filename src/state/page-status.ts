// Page status (spec 4.17): whether the tab is shown and whether the browser is online, from the
// browser's own events, and how long the page has been shown. Polls wait while the page is hidden
// or offline (state/poll.ts); the offline notice and the quality report's durations read it.
import { computed, signal } from './signals.ts';

const hasDocument = typeof document !== 'undefined' && typeof document.addEventListener === 'function';
const hasWindow = typeof window !== 'undefined' && typeof window.addEventListener === 'function';

/** The page is shown (the document's visibility). */
export const pageVisible = signal(typeof document === 'undefined' || document.visibilityState !== 'hidden');
/** The browser says it is online (navigator.onLine, then its online / offline events). */
export const pageOnline = signal(typeof navigator === 'undefined' || navigator.onLine !== false);
/** Shown and online: what periodic reads wait for. */
export const pageActive = computed(() => pageVisible.value && pageOnline.value);

const loadedAt = Date.now();
/** Shown time of earlier visible stretches, and when the current one began (null while hidden). */
let shownBefore = 0;
let shownSince: number | null = pageVisible.peek() ? loadedAt : null;

/** Records a visibility change at `now` (the browser's event, or a test). */
export function setPageVisible(visible: boolean, now = Date.now()): void {
  if (visible === pageVisible.peek()) return;
  if (visible) shownSince = now;
  else if (shownSince !== null) {
    shownBefore += now - shownSince;
    shownSince = null;
  }
  pageVisible.value = visible;
}

export interface PageDurations {
  /** This visible stretch so far (0 while hidden). */
  cur: number;
  /** Time shown since load, all stretches. */
  stay: number;
  /** Since load. */
  total: number;
}

/** The quality report's durations (spec 3: cur_duration, stay_duration, total_duration), in ms. */
export function pageDurations(now = Date.now()): PageDurations {
  const cur = shownSince === null ? 0 : Math.max(0, now - shownSince);
  return { cur, stay: shownBefore + cur, total: Math.max(0, now - loadedAt) };
}

/** Spec 3's stay report as the quality upload sends it: the report's end and the durations at that moment. */
export function stayReport(now = Date.now()): { endTime: number; curMs: number; stayMs: number; totalMs: number } {
  const d = pageDurations(now);
  return { endTime: now, curMs: d.cur, stayMs: d.stay, totalMs: d.total };
}

if (hasDocument) document.addEventListener('visibilitychange', () => setPageVisible(document.visibilityState !== 'hidden'));
if (hasWindow) {
  window.addEventListener('online', () => (pageOnline.value = true));
  window.addEventListener('offline', () => (pageOnline.value = false));
}
