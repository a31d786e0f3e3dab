// Issue 36 item 3: a panel popped into a window of its own. The pop-out window (a page of our
// origin: core/routes.ts panelPath) says on a BroadcastChannel that it shows the panel, and that it
// has gone when its page is hidden for good; the trading page hides the panel meanwhile and shows it
// again when the window goes. A trading page that starts (or reloads) asks which windows are open.
import type { PopoutPanel } from '../core/workspace.ts';
import { signal } from './signals.ts';

const CHANNEL = 'spot.popouts';

type Message =
  | { type: 'open'; panel: PopoutPanel }
  | { type: 'closed'; panel: PopoutPanel }
  /** A trading page asks which panels are out. */
  | { type: 'ask' }
  /** A trading page asks the panel's window to close (the panel comes back). */
  | { type: 'close'; panel: PopoutPanel };

/** The panels now shown in windows of their own. */
export const poppedOut = signal<readonly PopoutPanel[]>([]);

const channel = (): BroadcastChannel | null => (typeof BroadcastChannel === 'function' ? new BroadcastChannel(CHANNEL) : null);
const opened = new Map<PopoutPanel, Window>();

function mark(panel: PopoutPanel, out: boolean): void {
  const rest = poppedOut.peek().filter((p) => p !== panel);
  poppedOut.value = out ? [...rest, panel] : rest;
}

/** Opens the panel's window at `url` (our origin); the panel goes from this page when the window says it shows it. */
export function popOut(panel: PopoutPanel, url: string): void {
  const w = window.open(url, `spot-panel-${panel}`, 'popup,width=760,height=720');
  if (w) opened.set(panel, w);
}

/** Closes the panel's window; it comes back here. */
export function bringBack(panel: PopoutPanel): void {
  const ch = channel();
  ch?.postMessage({ type: 'close', panel } satisfies Message);
  ch?.close();
  opened.get(panel)?.close();
  opened.delete(panel);
  mark(panel, false);
}

/** The trading page's side, while it is shown: follows the windows; returns what stops it. */
export function watchPopouts(): () => void {
  const ch = channel();
  if (!ch) return () => {};
  ch.onmessage = (e: MessageEvent<Message>) => {
    const m = e.data;
    if (m.type === 'open') mark(m.panel, true);
    else if (m.type === 'closed') {
      mark(m.panel, false);
      opened.delete(m.panel);
    }
  };
  ch.postMessage({ type: 'ask' } satisfies Message);
  // A window that went without a word (its page crashed): seen when this page has the focus again.
  const onFocus = () => {
    for (const [panel, w] of opened) {
      if (!w.closed) continue;
      opened.delete(panel);
      mark(panel, false);
    }
  };
  window.addEventListener('focus', onFocus);
  return () => {
    window.removeEventListener('focus', onFocus);
    ch.close();
  };
}

/** The pop-out window's side: says it shows `panel` until its page goes; closes when asked to. */
export function announcePopout(panel: PopoutPanel): () => void {
  const ch = channel();
  if (!ch) return () => {};
  ch.onmessage = (e: MessageEvent<Message>) => {
    const m = e.data;
    if (m.type === 'ask') ch.postMessage({ type: 'open', panel } satisfies Message);
    else if (m.type === 'close' && m.panel === panel) window.close();
  };
  ch.postMessage({ type: 'open', panel } satisfies Message);
  const onHide = (e: PageTransitionEvent) => {
    if (!e.persisted) ch.postMessage({ type: 'closed', panel } satisfies Message);
  };
  window.addEventListener('pagehide', onHide);
  return () => {
    window.removeEventListener('pagehide', onHide);
    ch.postMessage({ type: 'closed', panel } satisfies Message);
    ch.close();
  };
}
