import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { safeLinkUrl } from '../../core/safe-link.ts';
import {
  ANNOUNCEMENT_CLICK_HIDE_MS, ANNOUNCEMENT_CLOSE_HIDE_MS, bannerAnnouncement, EMPTY_READ_STATE, markRead, parseReadState, READ_STATE_PREF, type ReadState,
} from '../../core/news.ts';
import { announcementsFor, watchAnnouncements } from '../../state/market/news.ts';
import { useSignals } from '../../state/signals.ts';
import { readStored, writeStored } from '../../state/storage.ts';
import { pushToast } from '../../state/toasts.ts';
import { ensureUserPrefs, setUserPrefs, userPrefs } from '../../state/account/user-prefs.ts';
import { isLoggedIn, userKnown } from '../../state/account/user.ts';
import './news.css';

/** Until when the banner stays hidden in this browser (close: 24 h, a click on it: 5 min). */
const HIDDEN_UNTIL_KEY = 'spot.announcementHiddenUntil';
const isTime = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/**
 * The footer announcement banner (spec 2.18, 4.15, 7.5): the newest spot announcement of the last
 * 7 days from the exchange. The close icon hides it for 24 h; opening it (title or button) for
 * 5 minutes; a logged-in user may tick "don't show again", which the close keeps in the user's
 * preferences (read state) for good. An announcement answer with a non-zero retCode shows nothing.
 */
export function AnnouncementBanner({ locale }: { locale: string }) {
  useSignals();
  const { t } = useTranslation();
  const [hiddenUntil, setHiddenUntil] = useState(() => readStored(HIDDEN_UNTIL_KEY, isTime) ?? 0);
  const [noShow, setNoShow] = useState(false);
  const loggedIn = isLoggedIn.value;
  const known = userKnown.value;

  useEffect(() => watchAnnouncements(locale), [locale]);
  const [card, setCard] = useState<HTMLElement | null>(null);
  useClearOfOrderTabs(card);
  const list = announcementsFor(locale);
  useEffect(() => {
    if (known && loggedIn) void ensureUserPrefs();
  }, [known, loggedIn]);
  // Until the read state is in, nothing shows: an announcement hidden for good must not flash.
  const prefs = userPrefs.value;
  const read: ReadState | null = !known ? null : !loggedIn ? EMPTY_READ_STATE : prefs ? parseReadState(prefs[READ_STATE_PREF]) : null;

  if (!read) return null;
  const now = Date.now();
  const a = bannerAnnouncement(list, now, hiddenUntil, read);
  if (!a) return null;
  const href = safeLinkUrl(a.url);
  const hideFor = (ms: number) => {
    const until = Math.max(hiddenUntil, Date.now() + ms);
    writeStored(HIDDEN_UNTIL_KEY, until);
    setHiddenUntil(until);
  };
  const close = () => {
    if (loggedIn && noShow) {
      // Hidden for good once the server has it; if it cannot, hidden here for the 24 h of a close.
      void setUserPrefs({ [READ_STATE_PREF]: JSON.stringify(markRead(read, a.url, Date.now())) }).then((saved) => {
        if (saved) return;
        hideFor(ANNOUNCEMENT_CLOSE_HIDE_MS);
        pushToast({ kind: 'error', key: 'news.noShowFailed' });
      });
      return;
    }
    hideFor(ANNOUNCEMENT_CLOSE_HIDE_MS);
  };
  const opened = () => hideFor(ANNOUNCEMENT_CLICK_HIDE_MS);
  return (
    <aside ref={setCard} className="announcement" aria-label={t('news.announcement')}>
      <p className="announcement__kind">{t('news.announcement')}</p>
      <p className="announcement__title">
        {href ? (
          <a href={href} target="_blank" rel="noopener noreferrer" onClick={opened}>
            {a.title}
          </a>
        ) : (
          a.title
        )}
      </p>
      {a.description ? <p className="announcement__description">{a.description}</p> : null}
      <div className="announcement__actions">
        {loggedIn ? (
          <label className="announcement__no-show">
            <input type="checkbox" checked={noShow} onChange={(e) => setNoShow(e.currentTarget.checked)} />
            <span>{t('news.noShow')}</span>
          </label>
        ) : null}
        {href ? (
          <a className="btn announcement__open" href={href} target="_blank" rel="noopener noreferrer" onClick={opened}>
            {t('news.view')}
          </a>
        ) : null}
      </div>
      <button type="button" className="announcement__close" aria-label={t('news.closeAnnouncement')} onClick={close}>
        ×
      </button>
    </aside>
  );
}

/** Space kept between the orders' tab row and the card's top, in pixels. */
const TABS_CLEARANCE = 8;
/** The orders' tab row with the region's padding (orders-panel.css), for before it is drawn. */
const TAB_ROW_HEIGHT = 48;

/**
 * Keeps the card (fixed at the bottom of the window, over the orders area) below the orders' tab
 * row (issue 33: it covered the tabs on each account's first load): its height is capped at what
 * lies between the tab row and its bottom edge, and it scrolls inside beyond that. Measured again
 * when the window or the orders area (the split's handle) changes size.
 */
function useClearOfOrderTabs(card: HTMLElement | null): void {
  useEffect(() => {
    if (!card) return;
    const fit = () => {
      const orders = document.querySelector('[data-region="orders"]');
      if (!orders) {
        card.style.maxHeight = '';
        return;
      }
      // The tab row, or where it will be while the orders' code is still loading.
      const tabs = orders.querySelector('[role="tablist"]');
      const below = tabs ? tabs.getBoundingClientRect().bottom : orders.getBoundingClientRect().top + TAB_ROW_HEIGHT;
      const room = card.getBoundingClientRect().bottom - below - TABS_CLEARANCE;
      card.style.maxHeight = `${Math.max(0, Math.floor(room))}px`;
    };
    fit();
    window.addEventListener('resize', fit);
    const orders = document.querySelector('[data-region="orders"]');
    const observer = orders && typeof ResizeObserver !== 'undefined' ? new ResizeObserver(fit) : null;
    if (orders) observer?.observe(orders);
    // The tab row arrives with the orders' lazy code and may sit lower than the estimate without the
    // region changing size (a full CI run caught the card 15 px over the tabs): watch for it, and
    // watch it, since its first observation measures it where it is drawn.
    // Anything else that moves the row inside the region (a notice above it) is measured once a frame.
    let watched: Element | null = null;
    let frame = 0;
    const watchTabs = () => {
      const tabs = orders?.querySelector('[role="tablist"]') ?? null;
      if (tabs !== watched) {
        if (watched) observer?.unobserve(watched);
        watched = tabs;
        if (tabs) observer?.observe(tabs);
      }
      if (!frame) frame = requestAnimationFrame(() => { frame = 0; fit(); });
    };
    const mutations = orders && typeof MutationObserver !== 'undefined' ? new MutationObserver(watchTabs) : null;
    if (orders) mutations?.observe(orders, { childList: true, subtree: true });
    watchTabs();
    return () => {
      window.removeEventListener('resize', fit);
      observer?.disconnect();
      mutations?.disconnect();
      cancelAnimationFrame(frame);
    };
  }, [card]);
}
