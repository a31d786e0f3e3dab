import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { safeLinkUrl } from '../../core/safe-link.ts';
import { NOTICE_BAR_DELAY_MS, NOTICE_ROTATE_MS, noticeBarAllowed } from '../../core/news.ts';
import { noticeBarNotices } from '../../state/market/news.ts';
import { useSignals } from '../../state/signals.ts';
import { readStored, writeStored } from '../../state/storage.ts';
import { isLoggedIn, user, userKnown } from '../../state/account/user.ts';
import './news.css';

/** Closed for good, per locale (spec 3 "Persisted local preferences", 4.10). */
const closedKey = (locale: string) => `spot.noticeBarClosed.${locale}`;
const isTrue = (v: unknown): v is true => v === true;

/**
 * The notice bar (spec 2.9, 4.10, 9): the exchange's notices for this symbol (or ALL) in the
 * page's language, 3 s after load, one at a time, rotating every 5 s while there are two or more
 * (held while the pointer or focus is on it). Only for non-EAA users or demo users. Closing it
 * is remembered in this browser for this language. Text only; links only http(s) or our own paths.
 */
export function NoticeBar({ locale }: { locale: string }) {
  useSignals();
  const { t } = useTranslation();
  const [due, setDue] = useState(() => performance.now() >= NOTICE_BAR_DELAY_MS);
  const [closed, setClosed] = useState(() => readStored(closedKey(locale), isTrue) === true);
  const [index, setIndex] = useState(0);
  const [held, setHeld] = useState(false);
  const list = noticeBarNotices(locale);
  const count = list.length;

  useEffect(() => {
    if (due) return;
    const id = setTimeout(() => setDue(true), Math.max(0, NOTICE_BAR_DELAY_MS - performance.now()));
    return () => clearTimeout(id);
  }, [due]);
  useEffect(() => setClosed(readStored(closedKey(locale), isTrue) === true), [locale]);
  useEffect(() => {
    if (count < 2 || held) return;
    const id = setInterval(() => setIndex((i) => (i + 1) % count), NOTICE_ROTATE_MS);
    return () => clearInterval(id);
  }, [count, held]);

  const u = user.value;
  const allowed = userKnown.value && noticeBarAllowed({ loggedIn: isLoggedIn.value, isEAA: u.isEAA, isDemo: u.isDemoAccount });
  if (!due || closed || !allowed || count === 0) return null;
  const at = index % count;
  const notice = list[at]!;
  const href = safeLinkUrl(notice.url);
  const close = () => {
    writeStored(closedKey(locale), true);
    setClosed(true);
  };
  return (
    <section
      className="notice-bar"
      aria-label={t('news.noticeBar')}
      data-notice-id={notice.id}
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setHeld(false);
      }}
    >
      <span className="notice-bar__mark" aria-hidden="true" />
      <p className="notice-bar__text">{notice.info}</p>
      {href ? (
        <a className="notice-bar__link" href={href} target="_blank" rel="noopener noreferrer">
          {t('news.details')}
        </a>
      ) : null}
      {count > 1 ? <span className="notice-bar__count num">{t('news.position', { index: at + 1, total: count })}</span> : null}
      <button type="button" className="notice-bar__close" aria-label={t('news.closeNotices')} onClick={close}>
        ×
      </button>
    </section>
  );
}
