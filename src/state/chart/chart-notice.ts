// Symbol opening (spec 4.1): the notice decides between the open chart, the countdown mask and
// the error mask; the countdown runs on server-corrected time.
import { fetchServerTime, fetchSymbolNotice } from '../../api/notice.ts';
import { safeLinkUrl } from '../../core/safe-link.ts';
import { NOTICE_REFRESH_HIDDEN_MS, SYMBOL_OPEN_DELAY_MS } from '../../core/chart/countdown.ts';
import { noticeDisplay } from '../../core/notice-display.ts';
import { activeSymbol } from '../market/active-market.ts';
import { noteMarketOpening } from '../market/market-opening.ts';
import { openAtZero, openDelayMs } from '../../core/chart/symbol-open.ts';
import { NOTICE_STALE_MS } from '../../core/constants.ts';
import { firstCandleRequestAt } from './candles.ts';
import { effect, signal } from '../signals.ts';

export type NoticeState =
  | { kind: 'checking'; symbol: string }
  | { kind: 'open'; symbol: string }
  /** `pending`: notice type 3, a pending icon instead of the clock (spec 3). */
  | { kind: 'countdown'; symbol: string; onlineTime: number; content: string; link: string | null; pending: boolean }
  | { kind: 'error'; symbol: string };

export const noticeState = signal<NoticeState>({ kind: 'checking', symbol: '' });
/** Server clock minus ours, in ms. */
export const serverOffsetMs = signal(0);

export function serverNow(): number {
  return Date.now() + serverOffsetMs.peek();
}

let generation = 0;
let openTimer: ReturnType<typeof setTimeout> | null = null;
/** When the last notice answer for the active symbol arrived (local ms): spec 4.1 step 5's "last data". */
let lastDataAt = 0;

async function measureOffset(): Promise<void> {
  const sent = Date.now();
  try {
    const server = await fetchServerTime();
    serverOffsetMs.value = server - (sent + Date.now()) / 2;
  } catch {
    // Keep the previous correction; the notice's own nowTime is the fallback below.
  }
}

/** Fetches the notice for the active symbol and sets the state it implies. */
export async function checkNotice(): Promise<void> {
  const symbol = activeSymbol.peek()?.symbolId ?? '';
  const gen = ++generation;
  if (openTimer) clearTimeout(openTimer);
  openTimer = null;
  if (!symbol) return;
  if (noticeState.peek().symbol !== symbol) noticeState.value = { kind: 'checking', symbol };
  const sent = Date.now();
  try {
    const [notice] = await Promise.all([fetchSymbolNotice(symbol), measureOffset()]);
    if (gen !== generation) return;
    // Spec 8: a notice for another symbol is as bad as none.
    if (notice.symbolId !== symbol) throw new Error('notice for another symbol');
    lastDataAt = Date.now();
    const now = serverNow();
    if (Number.isFinite(notice.nowTime) && serverOffsetMs.peek() === 0) serverOffsetMs.value = notice.nowTime - (sent + Date.now()) / 2;
    const display = noticeDisplay(notice.noticeType, notice.onlineTime, now);
    if (display === 'open') noticeState.value = { kind: 'open', symbol };
    else
      noticeState.value = {
        kind: 'countdown',
        symbol,
        onlineTime: notice.onlineTime,
        content: notice.noticeContent,
        link: safeLinkUrl(notice.noticeLinkUrl),
        pending: display === 'pending',
      };
  } catch {
    if (gen === generation) noticeState.value = { kind: 'error', symbol };
  }
}

/**
 * The countdown reached zero (spec 4.1 steps 4, 5, 7): once 1 s has passed since the chart's first
 * candle request, the check reruns; then the symbol opens directly, or the error mask shows when
 * the last notice data is more than 20 s old (the rerun did not answer). A fresh notice that moved
 * the open more than 20 s later is a new countdown, not an open.
 */
export function countdownDone(): void {
  const s = noticeState.peek();
  if (s.kind !== 'countdown' || openTimer) return;
  openTimer = setTimeout(() => {
    openTimer = null;
    void recheckAtZero(s.symbol);
  }, openDelayMs(firstCandleRequestAt(s.symbol), Date.now(), SYMBOL_OPEN_DELAY_MS));
}

async function recheckAtZero(symbol: string): Promise<void> {
  const gen = ++generation;
  let moved = false;
  try {
    const notice = await fetchSymbolNotice(symbol);
    if (gen !== generation) return;
    // Spec 8: a notice about another symbol is the error mask.
    if (notice.symbolId !== symbol) return void (noticeState.value = { kind: 'error', symbol });
    lastDataAt = Date.now();
    moved = notice.onlineTime - serverNow() > NOTICE_STALE_MS;
  } catch {
    // No answer: the age of the last data decides below.
  }
  if (gen !== generation) return;
  if (moved) return void checkNotice();
  noticeState.value = openAtZero(Date.now(), lastDataAt) === 'open' ? { kind: 'open', symbol } : { kind: 'error', symbol };
}

/** Keeps the notice current while a chart is shown; returns the matching stop. */
export function startNoticeSync(): () => void {
  const dispose = effect(() => {
    void activeSymbol.value;
    void checkNotice();
  });
  // The book and the tape say "not open yet" while the countdown runs (issue 33 item 6).
  const disposeOpening = effect(() => {
    const n = noticeState.value;
    if (n.kind === 'countdown' || n.kind === 'open') noteMarketOpening(n.symbol, n.kind === 'open');
  });
  let hiddenAt = 0;
  const onVisibility = () => {
    if (document.visibilityState === 'hidden') hiddenAt = Date.now();
    else {
      if (hiddenAt > 0 && Date.now() - hiddenAt > NOTICE_REFRESH_HIDDEN_MS) void checkNotice();
      hiddenAt = 0;
    }
  };
  const onOnline = () => void checkNotice();
  document.addEventListener('visibilitychange', onVisibility);
  window.addEventListener('online', onOnline);
  return () => {
    dispose();
    disposeOpening();
    generation++;
    if (openTimer) clearTimeout(openTimer);
    openTimer = null;
    document.removeEventListener('visibilitychange', onVisibility);
    window.removeEventListener('online', onOnline);
  };
}
